/**
 * The command line of every command of the project (scripts/*.ts), read by node:util's parseArgs:
 * one way to write an option, `--help` on every command (one line per option), and an unknown
 * option is an error that shows the help.
 */
import { parseArgs } from 'node:util';
import { commandLineMessages } from './errors.ts';

interface OptionSpec {
  type: 'string' | 'boolean';
  /** One line for --help. */
  help: string;
  /** A string option's value as the help shows it: `--port <port>`. */
  value?: string;
  /** A string option that may be given several times (its value is then a list). */
  multiple?: true;
}

export interface CommandSpec {
  /** How it is run, e.g. `npm run build`. */
  usage: string;
  /** What it does, in a sentence or two. */
  summary: string;
  options: Readonly<Record<string, OptionSpec>>;
  /**
   * The arguments that are not options (a route, routes): how the help shows them and how many may
   * be given.
   */
  positionals?: { usage: string; help: string; max: number };
}

type Values<O extends CommandSpec['options']> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K] extends { multiple: true }
      ? string[]
      : string;
};

export interface CommandLine<S extends CommandSpec> {
  values: Values<S['options']>;
  positionals: string[];
}

const HELP: OptionSpec = { type: 'boolean', help: 'print this help and exit' };

/** The text `--help` prints: usage, summary, then each option on a line of its own. */
export function helpText(spec: CommandSpec): string {
  const options = Object.entries({ ...spec.options, help: HELP });
  const names = options.map(([name, option]) =>
    option.type === 'string' ? `--${name} ${option.value ?? '<value>'}` : `--${name}`,
  );
  const rows = spec.positionals ? [spec.positionals.usage, ...names] : names;
  const width = Math.max(...rows.map((row) => row.length)) + 2;
  const line = (left: string, help: string) => `  ${left.padEnd(width)}${help}`;
  return [
    `Usage: ${spec.usage}${spec.positionals ? ` ${spec.positionals.usage}` : ''} [options]`,
    '',
    spec.summary,
    '',
    ...(spec.positionals ? [line(spec.positionals.usage, spec.positionals.help)] : []),
    ...options.map(([, option], i) => line(names[i]!, option.help)),
  ].join('\n');
}

/**
 * The options and arguments of `argv`, or `{ help }` when asked for it, or `{ error }` (with the
 * help after it).
 */
export function parseCommandLine<S extends CommandSpec>(
  spec: S,
  argv: readonly string[],
): CommandLine<S> | { help: string } | { error: string } {
  const options = Object.fromEntries(
    Object.entries({ ...spec.options, help: HELP }).map(([name, option]) => [
      name,
      { type: option.type, ...(option.multiple ? { multiple: true } : {}) },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? commandLineMessages.unknownOption(unknownOption(argv, spec))
        : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
          ? commandLineMessages.badValue((error as Error).message)
          : String((error as Error).message);
    return { error: `${message}\n\n${helpText(spec)}` };
  }
  if (parsed.values.help) return { help: helpText(spec) };
  const max = spec.positionals?.max ?? 0;
  if (parsed.positionals.length > max)
    return {
      error: `${commandLineMessages.unexpectedArgument(parsed.positionals[max]!)}\n\n${helpText(spec)}`,
    };
  const { help: _help, ...values } = parsed.values;
  return { values: values as Values<S['options']>, positionals: parsed.positionals };
}

/**
 * The first argument that names no option of the command (parseArgs' own message words it
 * differently).
 */
function unknownOption(argv: readonly string[], spec: CommandSpec): string {
  const known = new Set([...Object.keys(spec.options), 'help']);
  return (
    argv.find(
      (arg) =>
        arg.startsWith('-') && arg !== '--' && !known.has(arg.replace(/^--?/, '').split('=')[0]!),
    ) ?? argv.join(' ')
  );
}

/**
 * What a command's parser made of its arguments, unless that is the help (printed, exit 0) or what
 * is wrong with them (printed on stderr with the help, exit 2).
 */
export function exitOnHelpOrError<T extends object>(
  result: T | { help: string } | { error: string },
): T {
  if ('help' in result) {
    console.log(result.help);
    process.exit(0);
  }
  if ('error' in result) {
    console.error(result.error);
    process.exit(2);
  }
  return result as T;
}

/**
 * The command line of this process: prints the help and exits 0 when asked for it; prints what is
 * wrong and the help on stderr and exits 2 on an unknown option or a stray argument.
 */
export function readCommandLine<S extends CommandSpec>(
  spec: S,
  argv: readonly string[] = process.argv.slice(2),
): CommandLine<S> {
  return exitOnHelpOrError(parseCommandLine(spec, argv));
}

/**
 * A number option's value (`fallback` when not given); not a number: the error and the help, exit
 * 2.
 */
export function numberOption(
  spec: CommandSpec,
  name: string,
  value: string | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() !== '' && Number.isFinite(number)) return number;
  console.error(`${commandLineMessages.notANumber(name, value)}\n\n${helpText(spec)}`);
  process.exit(2);
}
