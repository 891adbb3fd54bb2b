import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject } from '../helpers/project-copy.ts';

/** scripts/run-compiled.mjs, as `npm run validate` and `npm run build` start. */
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const validate = (cwd: string) =>
  spawnSync(process.execPath, ['scripts/run-compiled.mjs', 'scripts/validate.ts'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('run-compiled', () => {
  it('compiles again when the project was moved: the compiled module has the project’s paths written in (the validation cache lives there)', () => {
    const before = copyProject('staylix-compiled-');
    const after = `${before}-moved`;
    folders.push(before, after);
    expect(validate(before).status).toBe(0);
    renameSync(before, after);
    rmSync(`${after}/.cache/validation.json`);
    const run = validate(after);
    expect(run.status, run.stderr).toBe(0);
    const compiled = readFileSync(`${after}/.cache/compiled/validate.mjs`, 'utf8');
    expect(compiled).toContain(after);
    expect(compiled).not.toContain(`${before}/`);
    expect(existsSync(`${after}/.cache/validation.json`)).toBe(true);
  }, 60_000);

  it('compiles again when a file it was made from changed, even at the same size and modification time', () => {
    const dir = copyProject('staylix-compiled-');
    folders.push(dir);
    const file = path.join(dir, 'engine/errors.ts');
    const tick = new Date('2030-01-01T00:00:00Z'); // one tick of the file system's clock for both saves
    utimesSync(file, tick, tick);
    expect(validate(dir).status).toBe(0);
    const before = readFileSync(file, 'utf8');
    const after = before.replace('Build failed: dist/', 'Build FAILED: dist/');
    expect(after.length).toBe(before.length);
    writeFileSync(file, after);
    utimesSync(file, tick, tick);
    expect(validate(dir).status).toBe(0);
    expect(readFileSync(path.join(dir, '.cache/compiled/validate.mjs'), 'utf8')).toContain(
      'Build FAILED: dist/',
    );
  }, 60_000);
});
