import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject } from '../helpers/project-copy.ts';

/**
 * An author's most common edit between two builds: the footer's copyright line of site.config.yaml.
 * The second build must succeed and show the new line (it once crashed loading a server bundle that
 * the same build had replaced).
 */
let dir: string;

function build() {
  const result = spawnSync(process.execPath, ['scripts/run-compiled.mjs', 'scripts/build.ts'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

beforeAll(() => {
  dir = copyProject('staylix-config-edit-', ['images']);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('a build after an edit of the copyright line of site.config.yaml succeeds and shows the new line', () => {
  build();
  const config = path.join(dir, 'site.config.yaml');
  const before = readFileSync(config, 'utf8');
  // The year, in the English line and in each language's version of it (the validator asks for
  // both).
  const after = before.replaceAll('© 2024 ', '© 2031 ');
  expect(after.match(/© 2031 /g)).toHaveLength(5);
  writeFileSync(config, after);
  build();
  expect(readFileSync(path.join(dir, 'dist/client/index.html'), 'utf8')).toContain('© 2031');
  expect(readFileSync(path.join(dir, 'dist/client/de/index.html'), 'utf8')).toContain(
    '© 2031 Staylix Technologies Pvt. Ltd. Alle Rechte vorbehalten.',
  );
}, 180_000);
