import { afterEach, describe, expect, it } from 'vitest';
import { compilerEnv, withCompilerEnv } from './compiled-module.mjs';

const saved = { GOGC: process.env.GOGC, MIMALLOC: process.env.MIMALLOC_ARENA_EAGER_COMMIT };

afterEach(() => {
  for (const [name, value] of [
    ['GOGC', saved.GOGC],
    ['MIMALLOC_ARENA_EAGER_COMMIT', saved.MIMALLOC],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

describe('the compilers’ allocator settings', () => {
  it('are added to an environment that does not set them, and never replace its own', () => {
    expect(compilerEnv({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      GOGC: 'off',
      MIMALLOC_ARENA_EAGER_COMMIT: '0',
    });
    expect(compilerEnv({ GOGC: '200' })).toMatchObject({ GOGC: '200' });
  });

  it('are in process.env only while an esbuild process starts, even when starting it throws', () => {
    delete process.env.GOGC;
    process.env.MIMALLOC_ARENA_EAGER_COMMIT = '1';
    const during = withCompilerEnv(() => ({ ...process.env }));
    expect(during.GOGC).toBe('off');
    expect(during.MIMALLOC_ARENA_EAGER_COMMIT).toBe('1');
    expect(process.env.GOGC).toBeUndefined();
    expect(() =>
      withCompilerEnv(() => {
        throw new Error('esbuild did not start');
      }),
    ).toThrow('esbuild did not start');
    expect(process.env.GOGC).toBeUndefined();
    expect(process.env.MIMALLOC_ARENA_EAGER_COMMIT).toBe('1');
  });
});
