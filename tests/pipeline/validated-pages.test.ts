import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collector } from '../../engine/collector.ts';
import { validatorMessages } from '../../engine/errors.ts';
import { sha1 } from '../../engine/hash.ts';
import { listPageFiles, PageChangedError } from '../../engine/load-site.ts';
import { validatePage } from '../../engine/validate-page.ts';
import { pruneValidatedPages, validatedPageReader } from '../../pipeline/validated-pages.ts';
import { projectRoot } from '../helpers/project-copy.ts';

/**
 * The render workers' validated pages, kept as JSON by the hash of the text that was checked: read
 * back, each is exactly what the validator makes of that text; a page not kept is read from its
 * file and refused when that text is not the one checked.
 */
let root: string;
let kept: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'validated-pages-'));
  cpSync(path.join(projectRoot, 'pages'), path.join(root, 'pages'), { recursive: true });
  kept = path.join(root, 'kept');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const hashOf = (file: string) => sha1(readFileSync(path.join(root, file), 'utf8'));
const validated = (file: string) =>
  validatePage(root, file, new Collector(), readFileSync(path.join(root, file), 'utf8'))!.page;

describe('validatedPageReader', () => {
  it("keeps every page of the site, and reads each back equal to the validator's page", () => {
    const files = listPageFiles(root);
    expect(files.length).toBeGreaterThan(40);
    const first = validatedPageReader(root, kept);
    for (const file of files)
      expect(first(file, hashOf(file)), file).toStrictEqual(validated(file));
    expect(readdirSync(kept).filter((name) => name.endsWith('.json'))).toHaveLength(
      new Set(files.map(hashOf)).size,
    );
    // Another worker reads them from the JSON: the YAML is not read (a file gone is no matter).
    const again = validatedPageReader(root, kept);
    for (const file of files) {
      const hash = hashOf(file);
      const page = validated(file);
      rmSync(path.join(root, file));
      expect(again(file, hash), file).toStrictEqual(page);
      writeFileSync(path.join(root, file), '');
    }
    cpSync(path.join(projectRoot, 'pages'), path.join(root, 'pages'), { recursive: true });
  });

  it('validates a page again when its entry is unreadable, and refuses a file whose text changed', () => {
    const file = 'pages/pricing.yaml';
    const hash = hashOf(file);
    const read = validatedPageReader(root, kept);
    writeFileSync(path.join(kept, `${hash}.json`), '{"title": "cut sh');
    expect(read(file, hash)).toStrictEqual(validated(file));
    expect(JSON.parse(readFileSync(path.join(kept, `${hash}.json`), 'utf8'))).toStrictEqual(
      validated(file),
    );
    rmSync(path.join(kept, `${hash}.json`));
    const original = readFileSync(path.join(root, file), 'utf8');
    writeFileSync(path.join(root, file), original.replace(/^title: .*$/m, 'title: Changed'));
    expect(() => read(file, hash)).toThrow(PageChangedError);
    expect(() => read(file, hash)).toThrow(validatorMessages.pageChangedWhileBuilding(file));
    writeFileSync(path.join(root, file), original);
  });

  it("prunes the pages not in the site any more, and an interrupted write's leftovers", () => {
    const read = validatedPageReader(root, kept);
    const [a, b] = ['pages/pricing.yaml', 'pages/contact.yaml'];
    read(a!, hashOf(a!));
    read(b!, hashOf(b!));
    writeFileSync(path.join(kept, `${hashOf(a!)}.json.123-1-abc`), '{');
    const before = readdirSync(kept).length;
    expect(pruneValidatedPages(kept, new Set([hashOf(a!)]))).toBe(before - 1);
    expect(readdirSync(kept)).toEqual([`${hashOf(a!)}.json`]);
    expect(pruneValidatedPages(path.join(root, 'no-such-folder'), new Set())).toBe(0);
  });
});
