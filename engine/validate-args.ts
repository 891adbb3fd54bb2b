import path from 'node:path';
import { validatorMessages } from './errors.ts';
import type { OutputFormat } from './format.ts';

const FORMATS: OutputFormat[] = ['pretty', 'github', 'json'];

export interface ValidateArgs {
  format: OutputFormat;
  root: string;
  drafts: boolean;
  watch: boolean;
  production: boolean;
  /** Also print the translation status of every page per language (and what translations leave untranslated). */
  translations: boolean;
}

/** `npm run validate`'s command line (scripts/validate.ts lists the options), or the catalogue's message for a wrong one. */
export function parseValidateArgs(argv: string[]): ValidateArgs | { error: string } {
  let format = 'pretty';
  let root = process.cwd();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--format') format = argv[++i] ?? '';
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg === '--root') root = path.resolve(argv[++i] ?? '.');
    else if (
      arg !== '--drafts' &&
      arg !== '--watch' &&
      arg !== '--production' &&
      arg !== '--translations'
    )
      return { error: validatorMessages.unknownOption(arg) };
  }
  if (!FORMATS.includes(format as OutputFormat))
    return { error: validatorMessages.unknownFormat(format) };
  const watching = argv.includes('--watch');
  const production = argv.includes('--production');
  // Production is what gets published: drafts are left out, as in the build.
  return {
    format: format as OutputFormat,
    root,
    drafts: !production && (argv.includes('--drafts') || watching),
    watch: watching,
    production,
    translations: argv.includes('--translations'),
  };
}
