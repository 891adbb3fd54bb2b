/**
 * npm run new-page -- /solutions/resorts [--template solution|resource|legal] [--title "Staylix for Resorts"] [--publish]
 * npm run new-page                        (asks for the route, the template and the title)
 *
 * Scaffolds pages/<route>.yaml from a template in scripts/templates/, with the breadcrumbs filled in from the route
 * (labels and links taken from the pages that already exist), and refuses a route that a page or an alias already has.
 * New pages are drafts (shown by `npm run dev`, left out of the build) unless --publish is given.
 * Exit codes: 0 created, 1 refused (bad route, route taken, unknown template), 2 wrong usage.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { didYouMean } from '../engine/did-you-mean.ts';
import { newPageMessages, type AuthorError } from '../engine/errors.ts';
import { formatPretty } from '../engine/format.ts';
import { listPageFiles, loadSite } from '../engine/load-site.ts';
import { NOT_FOUND_FILE, routeFromFile } from '../engine/routes.ts';
import { readPageFile } from '../engine/read-page-file.ts';
import { YamlSource } from '../engine/yaml-source.ts';

export const TEMPLATES = ['solution', 'resource', 'legal'] as const;
export type TemplateName = (typeof TEMPLATES)[number];
const templateDir = path.join(import.meta.dirname, 'templates');
const ROUTE = /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;
/** Longest part of a route, and longest route: far above any real address, far below the file system's limits (255 bytes a name, 4096 a path). */
const MAX_SEGMENT = 100;
const MAX_ROUTE = 400;

export interface NewPageOptions {
  root: string;
  route: string;
  template?: string;
  title?: string;
  publish?: boolean;
  /** For tests: the date written into posts and legal pages. */
  today?: Date;
}

export type NewPageResult = { ok: true; file: string; text: string } | { ok: false; error: AuthorError };

interface ExistingPage {
  file: string;
  isAlias: boolean;
  /** The page's name in breadcrumbs: the label other pages' breadcrumbs give its route, else its own last crumb. */
  label: string | undefined;
}

/** Every route taken by a file or an alias, read straight from the YAML so that pages with errors count too. */
export function existingRoutes(root: string): Map<string, ExistingPage> {
  const routes = new Map<string, ExistingPage>();
  const crumbLabels = new Map<string, Map<string, number>>();
  for (const file of listPageFiles(root)) {
    if (file === NOT_FOUND_FILE) continue;
    const route = routeFromFile(file);
    let data: Record<string, unknown> = {};
    try {
      const read = readPageFile(root, file); // refuses links out of the project, huge files and bad UTF-8
      const parsed = 'text' in read ? new YamlSource(file, read.text).data : undefined;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
    } catch {
      // An unreadable file still takes its route.
    }
    const crumbs = breadcrumbItems(data);
    for (const crumb of crumbs) {
      if (typeof crumb.href !== 'string' || typeof crumb.label !== 'string') continue;
      const counts = crumbLabels.get(crumb.href) ?? new Map<string, number>();
      counts.set(crumb.label, (counts.get(crumb.label) ?? 0) + 1);
      crumbLabels.set(crumb.href, counts);
    }
    const own = crumbs[crumbs.length - 1]?.label;
    const label = typeof own === 'string' ? own : undefined;
    if (route && !routes.has(route)) routes.set(route, { file, isAlias: false, label });
    if (Array.isArray(data.aliases)) {
      for (const alias of data.aliases) if (typeof alias === 'string' && !routes.has(alias)) routes.set(alias, { file, isAlias: true, label });
    }
  }
  for (const [route, page] of routes) {
    const counts = crumbLabels.get(route);
    if (counts) page.label = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  }
  return routes;
}

function breadcrumbItems(data: Record<string, unknown>): Array<{ label?: unknown; href?: unknown }> {
  const blocks = Array.isArray(data.blocks) ? (data.blocks as Array<Record<string, unknown> | null>) : [];
  const items = blocks.find((block) => block?.type === 'breadcrumbs')?.items;
  return Array.isArray(items) ? items.filter((item) => item && typeof item === 'object') : [];
}

/** `vacation-rentals` → `Vacation Rentals`. */
const titleCase = (slug: string) => slug.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');

/** A YAML scalar for `text`: plain when that is safe everywhere (also inside { }), else double-quoted. */
export function yamlScalar(text: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9 .'’&()/-]*$/.test(text) && !/ $/.test(text) && !/^(true|false|yes|no|on|off|null|~|\d[\d.]*)$/i.test(text) ? text : JSON.stringify(text);
}

/** The template a route most likely wants, if the route says so. */
export function guessTemplate(route: string): TemplateName | undefined {
  if (route.startsWith('/solutions/')) return 'solution';
  if (route.startsWith('/resources/') || route.startsWith('/blog/')) return 'resource';
  if (/(^|[-/])(terms|policy|privacy|legal|cookies?|refund|imprint)([-/]|$)/.test(route)) return 'legal';
  return undefined;
}

function formatDate(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Builds the page text; writes nothing. */
export function renderPage(options: NewPageOptions, existing: Map<string, ExistingPage>, template: TemplateName): string {
  const { route } = options;
  const segments = route.slice(1).split('/');
  const slug = segments[segments.length - 1]!;
  const name = options.title ?? titleCase(slug);
  const parentRoute = segments.length > 1 ? '/' + segments.slice(0, -1).join('/') : '/';
  const parent = existing.get(parentRoute);
  const section = parent?.label && parentRoute !== '/' ? parent.label : titleCase(segments[0]!);

  const crumbs = [{ label: 'Home', href: '/' as string | undefined }];
  for (let i = 1; i < segments.length; i++) {
    const at = '/' + segments.slice(0, i).join('/');
    const page = existing.get(at);
    // Only pages that exist are linked, so the new page never starts with a broken link.
    crumbs.push({ label: page?.label ?? titleCase(segments[i - 1]!), href: page ? at : undefined });
  }
  crumbs.push({ label: name, href: undefined });
  const breadcrumbs = crumbs.map((crumb) => `      - { label: ${yamlScalar(crumb.label)}${crumb.href ? `, href: ${crumb.href}` : ''} }`).join('\n');

  const titles: Record<TemplateName, { title: string; heroTitle: string; description: string }> = {
    solution: {
      title: options.title ?? `Hotel Software for ${name}`,
      heroTitle: options.title ?? `Staylix for ${name}`,
      description: `${name} with Staylix: reservations, channels, guest chat, upsells and billing in one hotel platform.`,
    },
    resource: {
      title: name,
      heroTitle: name,
      description: `${name}: a Staylix ${section.toLowerCase()} article for hotel teams.`,
    },
    legal: {
      title: name,
      heroTitle: name,
      description: `The ${name} of the Staylix website and hotel management platform.`,
    },
  };
  const chosen = titles[template];
  const values: Record<string, string> = {
    title: yamlScalar(chosen.title),
    heroTitle: yamlScalar(chosen.heroTitle),
    description: yamlScalar(chosen.description.length > 160 ? chosen.description.slice(0, 157) + '…' : chosen.description),
    section: yamlScalar(section),
    name: yamlScalar(name),
    breadcrumbs,
    parentRoute,
    parentAction: parent && parentRoute !== '/' ? `      - { label: ${yamlScalar(`Explore ${parent.label ?? section}`)}, href: ${parentRoute}, variant: secondary }\n` : '',
    draft: options.publish ? '' : 'draft: true\n',
    date: formatDate(options.today ?? new Date()),
  };
  const text = readFileSync(path.join(templateDir, `${template}.yaml`), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`Template ${template}.yaml uses an unknown placeholder {{${key}}}.`);
    return values[key]!;
  });
}

/** Creates the page file, or says why not. */
export function createPage(options: NewPageOptions): NewPageResult {
  const route = options.route.replace(/\/+$/, '') || '/';
  if (!ROUTE.test(route)) return { ok: false, error: newPageMessages.badRoute(options.route) };
  const longest = route.split('/').reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length > MAX_SEGMENT) return { ok: false, error: newPageMessages.segmentTooLong(longest, MAX_SEGMENT) };
  if (route.length > MAX_ROUTE) return { ok: false, error: newPageMessages.routeTooLong(route.length, MAX_ROUTE) };
  const existing = existingRoutes(options.root);
  const taken = existing.get(route);
  if (taken) return { ok: false, error: newPageMessages.routeExists(route, taken.file, taken.isAlias) };
  const file = `pages${route}.yaml`;
  const folderIndex = `pages${route}/index.yaml`;
  if (existsSync(path.join(options.root, folderIndex))) return { ok: false, error: newPageMessages.routeExists(route, folderIndex, false) };

  let template: TemplateName | undefined;
  if (options.template !== undefined) {
    if (!(TEMPLATES as readonly string[]).includes(options.template)) {
      return { ok: false, error: newPageMessages.unknownTemplate(options.template, didYouMean(options.template, TEMPLATES), TEMPLATES) };
    }
    template = options.template as TemplateName;
  } else template = guessTemplate(route);
  if (!template) return { ok: false, error: newPageMessages.noTemplateFor(route, TEMPLATES) };

  const text = renderPage({ ...options, route }, existing, template);
  try {
    mkdirSync(path.dirname(path.join(options.root, file)), { recursive: true });
    writeFileSync(path.join(options.root, file), text, { flag: 'wx' });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { ok: false, error: newPageMessages.cannotWrite(file, code === 'ENAMETOOLONG' ? 'the name is too long for the file system' : message) };
  }
  return { ok: true, file, text };
}

function parseArgs(argv: string[]): { route?: string; template?: string; title?: string; publish: boolean; root: string } | undefined {
  const out: { route?: string; template?: string; title?: string; publish: boolean; root: string } = { publish: false, root: process.cwd() };
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
    const route = (await prompt.question('Route of the new page (for example /solutions/resorts): ')).trim();
    const guess = guessTemplate(route) ?? 'solution';
    const template = (await prompt.question(`Template: ${TEMPLATES.join(', ')} [${guess}]: `)).trim() || guess;
    const title = (await prompt.question('Page title (leave empty to derive it from the route): ')).trim() || undefined;
    return { ...args, route, template, title };
  } finally {
    prompt.close();
  }
}

async function main() {
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
  const result = createPage({ root: args.root, route: args.route!, template: args.template, title: args.title, publish: args.publish });
  if (!result.ok) {
    console.error(`${result.error.message}\n    hint: ${result.error.hint}`);
    return 1;
  }
  // The page must be valid from the first second: check it with the rest of the site, drafts included.
  const problems = loadSite({ root: args.root, includeDrafts: true }).diagnostics.filter((d) => d.file === result.file);
  if (problems.length) {
    console.log(formatPretty(problems));
    console.log(newPageMessages.createdWithProblems(result.file));
    return 1;
  }
  console.log(newPageMessages.created(result.file, args.route!.replace(/\/+$/, ''), !args.publish));
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
