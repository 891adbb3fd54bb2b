import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm run test:properties`: its options, its help, and which files it runs. */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const run = (...args: string[]) =>
  spawnSync(
    process.execPath,
    [
      path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/test-properties.ts',
      ...args,
    ],
    { cwd: projectRoot, encoding: 'utf8' },
  );

describe('npm run test:properties', () => {
  it('lists every *.property.test.ts of the project and passes --runs and --seed on', () => {
    const listed = run('--runs', '2000', '--seed', '42', '--list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('PROPERTY_RUNS=2000 PROPERTY_SEED=42');
    for (const file of [
      'tests/security/serve.property.test.ts',
      'tests/security/editor.property.test.ts',
      'tests/security/dev.property.test.ts',
      'tests/validator/validator.property.test.ts',
    ])
      expect(listed.stdout).toContain(`  ${file}\n`);
    expect(listed.stdout).not.toContain('node_modules');
  });

  it('keeps the files a filter names', () => {
    const listed = run('--list', 'tests/validator');
    expect(listed.stdout).toMatch(/^1 property test files, /);
    expect(listed.stdout).toContain('tests/validator/validator.property.test.ts');
  });

  it('shows its help on --help', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run test:properties -- \[filter…\] \[options\]/);
    expect(help.stdout).toContain('--runs <n>');
  });

  it('refuses an unknown option or a bad value with the reason and the help, exit status 2', () => {
    const unknown = run('--rusn', '5');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown option "--rusn".');
    expect(unknown.stderr).toContain('Usage: npm run test:properties');
    const bad = run('--runs', 'many');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^--runs must be a whole number above 0, not "many"\./);
  });
});
