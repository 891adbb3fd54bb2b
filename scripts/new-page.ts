/**
 * npm run new-page -- /solutions/resorts [--template solution|resource|legal] [--title "Staylix for Resorts"] [--publish]
 * npm run new-page                        (asks for the route, the template and the title)
 *
 * Scaffolds pages/<route>.yaml (engine/new-page.ts) and checks it with the rest of the site.
 * Exit codes: 0 created, 1 refused (bad route, route taken, unknown template), 2 wrong usage.
 */
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { newPageMessages } from '../engine/errors.ts';
import { formatPretty } from '../engine/format.ts';
import { loadSite } from '../engine/load-site.ts';
import { createPage, guessTemplate, TEMPLATES } from '../engine/new-page.ts';
import { createTranslation, recordReviewed } from '../engine/translate-page.ts';

function parseArgs(
  argv: string[],
):
  | { route?: string; template?: string; title?: string; publish: boolean; root: string }
  | undefined {
  const out: { route?: string; template?: string; title?: string; publish: boolean; root: string } =
    { publish: false, root: process.cwd() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--template') out.template = argv[++i];
    else if (arg.startsWith('--template=')) out.template = arg.slice('--template='.length);
    else if (arg === '--title') out.title = argv[++i];
    else if (arg.startsWith('--title=')) out.title = arg.slice('--title='.length);
    else if (arg === '--publish') out.publish = true;
    else if (arg === '--root') out.root = path.resolve(argv[++i] ?? '.');
    else if (!arg.startsWith('--') && out.route === undefined) out.route = arg;
    else return undefined;
  }
  return out;
}

async function ask(args: NonNullable<ReturnType<typeof parseArgs>>) {
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

/** `--translate <code> <route>` and `--reviewed <file> [--field <key>]…`: translations (engine/translate-page.ts). */
function translationCommand(argv: string[]): number | undefined {
  const [command, first, ...rest] = argv;
  let result;
  if (command === '--translate' && first && rest.length === 1)
    result = createTranslation(process.cwd(), first, rest[0]!);
  else if (command === '--reviewed' && first) {
    const fields = rest.filter((_, index) => index % 2 === 1);
    if (rest.some((arg, index) => index % 2 === 0 && arg !== '--field')) return 2;
    result = recordReviewed(process.cwd(), first, fields.length ? fields : undefined);
  } else if (command === '--translate' || command === '--reviewed') return 2;
  else return undefined;
  if (!result.ok) {
    console.error(`${result.error.message}\n    hint: ${result.error.hint}`);
    return 1;
  }
  console.log(
    command === '--translate'
      ? newPageMessages.translationCreated(result.file)
      : newPageMessages.reviewed(result.file),
  );
  return 0;
}

async function main() {
  const translation = translationCommand(process.argv.slice(2));
  if (translation === 2) console.error(newPageMessages.usage);
  if (translation !== undefined) return translation;
  let args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(newPageMessages.usage);
    return 2;
  }
  if (!args.route) {
    if (!process.stdin.isTTY) {
      console.error(newPageMessages.usage);
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
  // The page must be valid from the first second: check it with the rest of the site, drafts included.
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
