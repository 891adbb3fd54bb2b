/**
 * npm run new-page -- /solutions/resorts [--template solution|resource|legal] [--title "Staylix for
 * Resorts"] [--publish] npm run new-page (asks for the route, the template and the title)
 *
 * Scaffolds pages/<route>.yaml (engine/new-page.ts) and checks it with the rest of the site.
 * Exit codes: 0 created, 1 refused (bad route, route taken, unknown template), 2 wrong usage.
 */
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { helpText, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { newPageMessages } from '../engine/errors.ts';
import { formatPretty } from '../engine/format.ts';
import { loadSite } from '../engine/load-site.ts';
import { createPage, guessTemplate, TEMPLATES } from '../engine/new-page.ts';
import { createTranslation, recordReviewed } from '../engine/translate-page.ts';

const NEW_PAGE_COMMAND = {
  usage: 'npm run new-page --',
  summary:
    'Creates pages/<route>.yaml from a template and checks it with the rest of the site; with no route, asks.',
  options: {
    template: { type: 'string', value: '<name>', help: `the template: ${TEMPLATES.join(', ')}` },
    title: { type: 'string', value: '<title>', help: "the page's title (default: from the route)" },
    publish: { type: 'boolean', help: 'create it published (default: a draft)' },
    root: { type: 'string', value: '<dir>', help: 'the project folder (default: this one)' },
    translate: {
      type: 'string',
      value: '<language>',
      help: 'create the translation of the page at [route] into that language (e.g. de)',
    },
    reviewed: {
      type: 'string',
      value: '<file>',
      help: 'mark a translation file as checked against its source again (every field, or --field)',
    },
    field: {
      type: 'string',
      value: '<key>',
      multiple: true,
      help: 'with --reviewed: only this field (e.g. blocks.0.title); may be repeated',
    },
  },
  positionals: { usage: '[route]', help: "the new page's route, e.g. /solutions/resorts", max: 1 },
} as const satisfies CommandSpec;

interface NewPageArgs {
  route?: string;
  template?: string;
  title?: string;
  publish: boolean;
  root: string;
}

function readArgs({
  values,
  positionals,
}: ReturnType<typeof readCommandLine<typeof NEW_PAGE_COMMAND>>): NewPageArgs {
  return {
    ...(positionals[0] === undefined ? {} : { route: positionals[0] }),
    ...(values.template === undefined ? {} : { template: values.template }),
    ...(values.title === undefined ? {} : { title: values.title }),
    publish: values.publish ?? false,
    root: path.resolve(values.root ?? process.cwd()),
  };
}

async function ask(args: NewPageArgs) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const route = (
      await prompt.question('Route of the new page (for example /solutions/resorts): ')
    ).trim();
    const guess = guessTemplate(route) ?? 'solution';
    const template =
      (await prompt.question(`Template: ${TEMPLATES.join(', ')} [${guess}]: `)).trim() || guess;
    const title =
      (await prompt.question('Page title (leave empty to derive it from the route): ')).trim() ||
      undefined;
    return { ...args, route, template, title };
  } finally {
    prompt.close();
  }
}

/**
 * `--translate <language> <route>` and `--reviewed <file> [--field <key>]…`
 * (engine/translate-page.ts).
 */
function translationCommand(
  values: ReturnType<typeof readCommandLine<typeof NEW_PAGE_COMMAND>>['values'],
  route: string | undefined,
): number {
  const root = path.resolve(values.root ?? process.cwd());
  if (values.translate !== undefined && route === undefined) {
    console.error(helpText(NEW_PAGE_COMMAND));
    return 2;
  }
  const result =
    values.translate !== undefined
      ? createTranslation(root, values.translate, route!)
      : recordReviewed(root, values.reviewed!, values.field?.length ? values.field : undefined);
  if (!result.ok) {
    console.error(`${result.error.message}\n    hint: ${result.error.hint}`);
    return 1;
  }
  console.log(
    values.translate !== undefined
      ? newPageMessages.translationCreated(result.file)
      : newPageMessages.reviewed(result.file),
  );
  return 0;
}

async function main() {
  const line = readCommandLine(NEW_PAGE_COMMAND);
  if (line.values.translate !== undefined || line.values.reviewed !== undefined)
    return translationCommand(line.values, line.positionals[0]);
  let args = readArgs(line);
  if (!args.route) {
    if (!process.stdin.isTTY) {
      console.error(helpText(NEW_PAGE_COMMAND));
      return 2;
    }
    try {
      args = await ask(args);
    } catch {
      // Ctrl+C or Ctrl+D at a question.
      console.error(newPageMessages.cancelled);
      return 1;
    }
  }
  const result = createPage({
    root: args.root,
    route: args.route!,
    template: args.template,
    title: args.title,
    publish: args.publish,
  });
  if (!result.ok) {
    console.error(`${result.error.message}\n    hint: ${result.error.hint}`);
    return 1;
  }
  // The page must be valid from the first second: check it with the rest of the site, drafts
  // included.
  const problems = loadSite({ root: args.root, includeDrafts: true }).diagnostics.filter(
    (d) => d.file === result.file,
  );
  if (problems.length) {
    console.log(formatPretty(problems));
    console.log(newPageMessages.createdWithProblems(result.file));
    return 1;
  }
  console.log(newPageMessages.created(result.file, args.route!.replace(/\/+$/, ''), !args.publish));
  return 0;
}

process.exitCode = await main();
