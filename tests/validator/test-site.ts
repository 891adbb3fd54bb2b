import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../engine/diagnostic.ts';
import { loadSite } from '../../engine/load-site.ts';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
/**
 * A real solution page (a frozen copy of pages/solutions/hotels.yaml), so the positions in the
 * tests stay put.
 */
export const FIXTURE_FILE = 'pages/solutions/fixture.yaml';
export const fixtureText = readFileSync(
  path.join(import.meta.dirname, 'fixtures/solution-page.yaml'),
  'utf8',
);

/** A throw-away copy of the real site (pages, site.config.yaml, public/) plus the fixture page. */
export function makeTestSite() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'staylix-validator-'));
  for (const entry of ['pages', 'public', 'site.config.yaml'])
    cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  const site = {
    root,
    write(file: string, text: string) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    },
    writeBytes(file: string, bytes: Uint8Array) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), bytes);
    },
    remove(file: string) {
      rmSync(path.join(root, file), { force: true });
    },
    read(file: string) {
      return readFileSync(path.join(root, file), 'utf8');
    },
    /**
     * Writes the fixture with each [from, to] replacement applied; every `from` must occur exactly
     * once.
     */
    writeFixture(...replacements: Array<[string, string]>) {
      let text = fixtureText;
      for (const [from, to] of replacements) {
        const count = text.split(from).length - 1;
        if (count !== 1)
          throw new Error(`"${from}" occurs ${count} times in the fixture; make it unique.`);
        text = text.replace(from, to);
      }
      site.write(FIXTURE_FILE, text);
      return text;
    },
    diagnostics(options: { includeDrafts?: boolean } = {}): Diagnostic[] {
      return loadSite({ root, includeDrafts: options.includeDrafts }).diagnostics;
    },
    /** Diagnostics of one file, without the hint, for exact comparisons. */
    problems(file = FIXTURE_FILE, options: { includeDrafts?: boolean } = {}) {
      return site
        .diagnostics(options)
        .filter((d) => d.file === file)
        .map(({ line, col, severity, code, message }) => ({
          at: `${line}:${col}`,
          severity,
          code,
          message,
        }));
    },
    cleanUp() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  site.write(FIXTURE_FILE, fixtureText);
  return site;
}

export type TestSite = ReturnType<typeof makeTestSite>;

/** The CLI as `npm run validate` runs it, in a fresh Node process, on the project at `root`. */
export function runValidateCli(root: string, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['scripts/run-compiled.mjs', 'scripts/validate.ts', '--root', root, ...args],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
