import { describe, expect, it } from 'vitest';
import { workerExecArgv, withoutTypeScriptLoader } from './prerender.ts';

describe('withoutTypeScriptLoader', () => {
  it("leaves out tsx's loader however it was given, and keeps every other option", () => {
    // As `tsx scripts/build.ts` starts Node, then as `node --import tsx` does (the benchmarks).
    expect(
      withoutTypeScriptLoader([
        '--require',
        '/p/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///p/node_modules/tsx/dist/loader.mjs',
        '--cpu-prof',
      ]),
    ).toEqual(['--cpu-prof']);
    expect(
      withoutTypeScriptLoader(['--import', 'tsx', '--max-old-space-size=512', '--import=tsx']),
    ).toEqual(['--max-old-space-size=512']);
    expect(withoutTypeScriptLoader(['--import', './reporter.mjs', '--require', 'tsxlike'])).toEqual(
      ['--import', './reporter.mjs', '--require', 'tsxlike'],
    );
  });
});

describe('workerExecArgv', () => {
  it('lets a worker inherit the options of a process without tsx, V8 options included', async () => {
    expect(workerExecArgv(['--stack-trace-limit=7', '--no-warnings'])).toBeUndefined();
    expect(workerExecArgv(['--import', 'tsx', '--no-warnings'])).toEqual(['--no-warnings']);
    // What Node does with each: a V8 option given to a worker is refused.
    const { Worker } = await import('node:worker_threads');
    expect(() => new Worker('', { eval: true, execArgv: ['--stack-trace-limit=7'] })).toThrow(
      expect.objectContaining({ code: 'ERR_WORKER_INVALID_EXEC_ARGV' }),
    );
    const inherited = new Worker('', {
      eval: true,
      execArgv: workerExecArgv(['--stack-trace-limit=7']),
    });
    await new Promise((resolve) => inherited.once('exit', resolve));
  });
});
