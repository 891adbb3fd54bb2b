import { describe, expect, it } from 'vitest';
import { withoutTypeScriptLoader } from './prerender.ts';

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
