import { describe, expect, it } from 'vitest';
import { helpText, parseCommandLine, type CommandSpec } from './command-line.ts';

const spec = {
  usage: 'npm run thing --',
  summary: 'Does the thing.',
  options: {
    port: { type: 'string', value: '<port>', help: 'the port' },
    fast: { type: 'boolean', help: 'go fast' },
  },
  positionals: { usage: '[route]', help: 'a route', max: 1 },
} as const satisfies CommandSpec;

describe('the command line helper', () => {
  it('reads options in both spellings and positionals', () => {
    expect(parseCommandLine(spec, ['/a', '--port', '80', '--fast'])).toEqual({
      values: { port: '80', fast: true },
      positionals: ['/a'],
    });
    expect(parseCommandLine(spec, ['--port=81'])).toEqual({
      values: { port: '81' },
      positionals: [],
    });
  });

  it('--help lists every option on a line of its own, --help included', () => {
    const help = helpText(spec);
    expect(help.split('\n')).toEqual([
      'Usage: npm run thing -- [route] [options]',
      '',
      'Does the thing.',
      '',
      '  [route]        a route',
      '  --port <port>  the port',
      '  --fast         go fast',
      '  --help         print this help and exit',
    ]);
    expect(parseCommandLine(spec, ['--fast', '--help'])).toEqual({ help });
  });

  it('an unknown option, a missing value or an extra argument is an error followed by the help', () => {
    const help = helpText(spec);
    expect(parseCommandLine(spec, ['--fats'])).toEqual({
      error: `Unknown option "--fats".\n\n${help}`,
    });
    expect(parseCommandLine(spec, ['--port=1', '-x'])).toEqual({
      error: `Unknown option "-x".\n\n${help}`,
    });
    const missing = parseCommandLine(spec, ['--port']);
    expect('error' in missing && missing.error).toMatch(
      /^Option '--port <value>' argument missing\./,
    );
    expect(parseCommandLine(spec, ['/a', '/b'])).toEqual({
      error: `Unexpected argument "/b".\n\n${help}`,
    });
  });
});
