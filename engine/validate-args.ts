import path from 'node:path';
import { parseCommandLine, type CommandSpec } from './command-line.ts';
import { validatorMessages } from './errors.ts';
import type { OutputFormat } from './format.ts';

const FORMATS: OutputFormat[] = ['pretty', 'github', 'json'];

export const VALIDATE_COMMAND = {
  usage: 'npm run validate --',
  summary:
    'Checks site.config.yaml and every page; prints each problem at file:line:col with a hint. Exit 1 on any error.',
  options: {
    format: {
      type: 'string',
      value: 'pretty|github|json',
      help: 'pretty (default), GitHub Actions annotations, or JSON',
    },
    drafts: { type: 'boolean', help: 'treat drafts as published, as the dev server does' },
    production: {
      type: 'boolean',
      help: 'also fail on placeholders left in (the check before a deploy)',
    },
    watch: { type: 'boolean', help: 'check again on every save (implies --drafts)' },
    translations: {
      type: 'boolean',
      help: 'also list every page per language: translated, partial, stale or untranslated',
    },
    'fix-translations': {
      type: 'boolean',
      help: 'first bring every translation in line with its source page (blocks, lists, links)',
    },
    root: { type: 'string', value: '<dir>', help: 'the project folder (default: this one)' },
  },
} as const satisfies CommandSpec;

export interface ValidateArgs {
  format: OutputFormat;
  root: string;
  drafts: boolean;
  watch: boolean;
  production: boolean;
  /**
   * Also print the translation status of every page per language (and what translations leave
   * untranslated).
   */
  translations: boolean;
  /** First bring every translation in line with its source page (editor/server/fix-translations.ts). */
  fixTranslations: boolean;
}

/** `npm run validate`'s command line, its help when asked for, or what is wrong with it. */
export function parseValidateArgs(
  argv: string[],
): ValidateArgs | { help: string } | { error: string } {
  const line = parseCommandLine(VALIDATE_COMMAND, argv);
  if (!('values' in line)) return line;
  const {
    format = 'pretty',
    root,
    watch = false,
    production = false,
    drafts = false,
    translations = false,
    'fix-translations': fixTranslations = false,
  } = line.values;
  if (!FORMATS.includes(format as OutputFormat))
    return { error: validatorMessages.unknownFormat(format) };
  // Production is what gets published: drafts are left out, as in the build.
  return {
    format: format as OutputFormat,
    root: path.resolve(root ?? process.cwd()),
    drafts: !production && (drafts || watch),
    watch,
    production,
    translations,
    fixTranslations,
  };
}
