import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../tests/helpers/project-copy.ts';
import { generatedFilesStamp, updateGeneratedFiles } from './generated-files.ts';
import { PAGE_SCHEMA_FILE } from './json-schema.ts';

let dir: string;
const cacheDir = () => path.join(dir, '.cache', 'build');
const pageSchema = () => readFileSync(path.join(dir, PAGE_SCHEMA_FILE), 'utf8');

beforeAll(() => {
  dir = copyProject('staylix-generated-files-');
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the build's generated-files step", () => {
  it('generates once, then skips while nothing they are made of changed', async () => {
    await updateGeneratedFiles(dir, cacheDir(), false);
    const generated = pageSchema();
    writeFileSync(path.join(dir, PAGE_SCHEMA_FILE), '{}\n');
    // A hand edit of a generated file counts as a change: the file is put right.
    expect(await updateGeneratedFiles(dir, cacheDir(), false)).toBe(
      `Schema: updated ${PAGE_SCHEMA_FILE}.`,
    );
    expect(pageSchema()).toBe(generated);
    // Skipped: the stamp says nothing changed since the last generation (here it lies, so a skip
    // shows).
    writeFileSync(path.join(dir, PAGE_SCHEMA_FILE), '{}\n');
    writeFileSync(path.join(cacheDir(), 'generated-files.key'), generatedFilesStamp(dir));
    expect(await updateGeneratedFiles(dir, cacheDir(), false)).toBe('Schema: up to date.');
    expect(pageSchema()).toBe('{}\n');
    // --clean ignores the stamp.
    expect(await updateGeneratedFiles(dir, cacheDir(), true)).toBe(
      `Schema: updated ${PAGE_SCHEMA_FILE}.`,
    );
    expect(pageSchema()).toBe(generated);
  }, 60_000);

  it("regenerates after a block's example changes", async () => {
    const example = path.join(dir, 'blocks', 'faq', 'example.yaml');
    writeFileSync(
      example,
      readFileSync(example, 'utf8').replace(/^(\s+- question: ).*$/m, '$1An edited question?'),
    );
    expect(await updateGeneratedFiles(dir, cacheDir(), false)).toContain(
      `Schema: updated ${PAGE_SCHEMA_FILE}`,
    );
    expect(pageSchema()).toContain('An edited question?');
  }, 60_000);
});
