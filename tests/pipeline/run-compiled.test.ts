import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
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
});
