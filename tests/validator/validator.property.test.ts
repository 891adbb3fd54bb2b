import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../engine/diagnostic.ts';
import { listPageFiles } from '../../engine/load-site.ts';
import { CONFIG_FILE, SiteIndex } from '../../engine/site-index.ts';
import { propertyParameters, propertyRuns } from '../helpers/properties.ts';
import { mutate, mutations } from './mutations.ts';
import { runValidateCli } from './test-site.ts';

/**
 * The validator never throws: every real page (and the site config), damaged at random, gives
 * diagnostics at file:line:col and an exit status — never a stack trace — in-process through the
 * engine's API, and through `npm run validate` on a few damaged copies of the site.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const files = [...listPageFiles(projectRoot), CONFIG_FILE];
const original = new Map(
  files.map((file) => [file, readFileSync(path.join(projectRoot, file), 'utf8')]),
);

const STACK_LINE = /\n\s*at [^\n]*(\(|:\d+:\d+)/;

/** What must hold of every diagnostic of `file`, whose damaged text has `lineCount` lines. */
function diagnosticProblems(
  diagnostic: Diagnostic,
  known: ReadonlySet<string>,
  lineCount: number,
): string[] {
  const problems: string[] = [];
  const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.col}`;
  if (!known.has(diagnostic.file)) problems.push(`${where}: not a file of the site`);
  if (!Number.isInteger(diagnostic.line) || diagnostic.line < 1 || diagnostic.line > lineCount + 1)
    problems.push(`${where}: line outside the file (${lineCount} lines)`);
  if (!Number.isInteger(diagnostic.col) || diagnostic.col < 1) problems.push(`${where}: no column`);
  if (!/^[a-z0-9-]+$/.test(diagnostic.code)) problems.push(`${where}: code ${diagnostic.code}`);
  if (diagnostic.severity !== 'error' && diagnostic.severity !== 'warning')
    problems.push(`${where}: severity ${String(diagnostic.severity)}`);
  const words = `${diagnostic.message}\n${diagnostic.hint ?? ''}`;
  if (!diagnostic.message.trim()) problems.push(`${where}: no message`);
  if (STACK_LINE.test(words) || words.includes(projectRoot))
    problems.push(`${where}: ${words.slice(0, 200)}`);
  return problems;
}

describe('the validator under damaged pages', () => {
  let index: SiteIndex;
  beforeAll(() => {
    index = new SiteIndex(projectRoot);
  });

  it(
    'the engine reports every damaged page at file:line:col and never throws',
    () => {
      const known = new Set(files);
      fc.assert(
        fc.property(fc.constantFrom(...files), mutations, (file, list) => {
          // The editor and the dev server hand the validator text: bytes that are not UTF-8 arrive
          // replaced.
          const text = mutate(original.get(file)!, list).toString('utf8');
          const diagnostics = index.check(file, text);
          const lineCount = text.split(/\r\n|\r|\n|\u2028|\u2029/).length;
          expect(diagnostics.flatMap((d) => diagnosticProblems(d, known, lineCount))).toEqual([]);
        }),
        propertyParameters(50),
      );
    },
    Math.max(30_000, propertyRuns(50) * 100),
  );
});

/**
 * A run of the command takes a second or two: it gets one run for every 25 of the engine's (2 in
 * `npm test`).
 */
const CLI_RUNS = Math.ceil(propertyRuns(50) / 25);

describe('npm run validate on damaged copies of the site', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'staylix-validate-fuzz-'));
    for (const entry of ['pages', 'public', 'site.config.yaml'])
      cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'prints each problem at file:line:col and exits 0 or 1, with nothing on stderr',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.constantFrom(...files), mutations), { minLength: 1, maxLength: 5 }),
          (damage) => {
            for (const [file, list] of damage)
              writeFileSync(path.join(root, file), mutate(original.get(file)!, list));
            const run = runValidateCli(root);
            for (const [file] of damage) writeFileSync(path.join(root, file), original.get(file)!);
            expect(run.stderr).toBe('');
            expect([0, 1]).toContain(run.status);
            expect(run.stdout).not.toMatch(STACK_LINE);
            expect(run.stdout).not.toContain(root);
            const lines = run.stdout.trimEnd().split('\n');
            const summary = lines.pop()!;
            expect(summary).toMatch(/^\d+ pages, \d+ routes checked in \d+ ms: /);
            // Each problem: `file:line:col  severity  message`, then its indented hint lines.
            for (const line of lines)
              expect(line).toMatch(/^(\S+:\d+:\d+ {2}(error|warning) {2}.+| {4}.*|)$/);
            if (run.status === 1)
              expect(lines.some((line) => /:\d+:\d+ {2}error {2}/.test(line))).toBe(true);
          },
        ),
        { ...propertyParameters(CLI_RUNS), numRuns: CLI_RUNS },
      );
    },
    Math.max(60_000, CLI_RUNS * 15_000),
  );
});
