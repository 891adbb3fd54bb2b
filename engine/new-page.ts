/**
 * Scaffolding a new page (`npm run new-page`, the page editor's "New page"): pages/<route>.yaml
 * from a template in engine/page-templates/, with the breadcrumbs filled in from the route (labels
 * and links taken from the pages that already exist). A route that a page or an alias already has
 * is refused. New pages are drafts unless `publish`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DESCRIPTION_MAX_LENGTH } from '../blocks/page-schema.ts';
import { ROUTE } from '../schema/route.ts';
import { didYouMean } from './did-you-mean.ts';
import { newPageMessages, type AuthorError } from './errors.ts';
import { listPageFiles } from './load-site.ts';
import { CODE_ROOT } from './code-root.ts';
import { readPageFile } from './read-page-file.ts';
import { NOT_FOUND_FILE, routeFromFile } from './routes.ts';
import { YamlSource } from './yaml-source.ts';

export const TEMPLATES = ['solution', 'resource', 'legal'] as const;
export type TemplateName = (typeof TEMPLATES)[number];
// From the project's root, not this file's folder: `npm run new-page` runs this module compiled
// into one file (scripts/run-compiled.mjs), whose import.meta reads as pipeline/'s.
const templateDir = path.join(CODE_ROOT, 'engine', 'page-templates');
/**
 * Longest part of a route, and longest route: far above any real address, far below the file
 * system's limits (255 bytes a name, 4096 a path).
 */
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

export type NewPageResult =
  { ok: true; file: string; text: string } | { ok: false; error: AuthorError };

interface ExistingPage {
  file: string;
  isAlias: boolean;
  /**
   * The page's name in breadcrumbs: the label other pages' breadcrumbs give its route, else its own
   * last crumb.
   */
  label: string | undefined;
}

/**
 * Every route taken by a file or an alias, read straight from the YAML so that pages with errors
 * count too.
 */
function existingRoutes(root: string): Map<string, ExistingPage> {
  const routes = new Map<string, ExistingPage>();
  const crumbLabels = new Map<string, Map<string, number>>();
  for (const file of listPageFiles(root)) {
    if (file === NOT_FOUND_FILE) continue;
    const route = routeFromFile(file);
    let data: Record<string, unknown> = {};
    try {
      const read = readPageFile(root, file); // refuses links out of the project, huge files and bad UTF-8
      const parsed = 'text' in read ? new YamlSource(file, read.text).data : undefined;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        data = parsed as Record<string, unknown>;
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
      for (const alias of data.aliases)
        if (typeof alias === 'string' && !routes.has(alias))
          routes.set(alias, { file, isAlias: true, label });
    }
  }
  for (const [route, page] of routes) {
    const counts = crumbLabels.get(route);
    if (counts) page.label = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  }
  return routes;
}

function breadcrumbItems(
  data: Record<string, unknown>,
): Array<{ label?: unknown; href?: unknown }> {
  const blocks = Array.isArray(data.blocks)
    ? (data.blocks as Array<Record<string, unknown> | null>)
    : [];
  const items = blocks.find((block) => block?.type === 'breadcrumbs')?.items;
  return Array.isArray(items) ? items.filter((item) => item && typeof item === 'object') : [];
}

/** `vacation-rentals` → `Vacation Rentals`. */
const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * A YAML scalar for `text`: plain when that is safe everywhere (also inside { }), else
 * double-quoted.
 */
export function yamlScalar(text: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9 .'’&()/-]*$/.test(text) &&
    !/ $/.test(text) &&
    !/^(true|false|yes|no|on|off|null|~|\d[\d.]*)$/i.test(text)
    ? text
    : JSON.stringify(text);
}

/** The template a route most likely wants, if the route says so. */
export function guessTemplate(route: string): TemplateName | undefined {
  if (route.startsWith('/solutions/')) return 'solution';
  if (route.startsWith('/resources/') || route.startsWith('/blog/')) return 'resource';
  if (/(^|[-/])(terms|policy|privacy|legal|cookies?|refund|imprint)([-/]|$)/.test(route))
    return 'legal';
  return undefined;
}

function formatDate(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Builds the page text; writes nothing. */
function renderPage(
  options: NewPageOptions,
  existing: Map<string, ExistingPage>,
  template: TemplateName,
): string {
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
  const breadcrumbs = crumbs
    .map(
      (crumb) =>
        `      - { label: ${yamlScalar(crumb.label)}${crumb.href ? `, href: ${crumb.href}` : ''} }`,
    )
    .join('\n');

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
    description: yamlScalar(
      chosen.description.length > DESCRIPTION_MAX_LENGTH
        ? chosen.description.slice(0, DESCRIPTION_MAX_LENGTH - 3) + '…'
        : chosen.description,
    ),
    section: yamlScalar(section),
    name: yamlScalar(name),
    breadcrumbs,
    parentRoute,
    parentAction:
      parent && parentRoute !== '/'
        ? `      - { label: ${yamlScalar(`Explore ${parent.label ?? section}`)}, href: ${parentRoute}, variant: secondary }\n`
        : '',
    draft: options.publish ? '' : 'draft: true\n',
    date: formatDate(options.today ?? new Date()),
  };
  const text = readFileSync(path.join(templateDir, `${template}.yaml`), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values))
      throw new Error(`Template ${template}.yaml uses an unknown placeholder {{${key}}}.`);
    return values[key]!;
  });
}

/**
 * What is wrong with a route a new file is named after (`/solutions/resorts`; trailing slashes
 * allowed), or undefined: the route rule, then the lengths. A route that passes names a file inside
 * pages/ (no `..`, no capitals, no empty part).
 */
export function routeProblem(given: string): AuthorError | undefined {
  const route = given.replace(/\/+$/, '') || '/';
  if (route !== '/' && !ROUTE.test(route)) return newPageMessages.badRoute(given);
  const longest = route.split('/').reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length > MAX_SEGMENT) return newPageMessages.segmentTooLong(longest, MAX_SEGMENT);
  if (route.length > MAX_ROUTE) return newPageMessages.routeTooLong(route.length, MAX_ROUTE);
  return undefined;
}

/** Creates the page file, or says why not. */
export function createPage(options: NewPageOptions): NewPageResult {
  const route = options.route.replace(/\/+$/, '') || '/';
  // The home page always exists: `/` is refused like any route a page cannot have.
  const problem =
    route === '/' ? newPageMessages.badRoute(options.route) : routeProblem(options.route);
  if (problem) return { ok: false, error: problem };
  const existing = existingRoutes(options.root);
  const taken = existing.get(route);
  if (taken)
    return { ok: false, error: newPageMessages.routeExists(route, taken.file, taken.isAlias) };
  const file = `pages${route}.yaml`;
  const folderIndex = `pages${route}/index.yaml`;
  if (existsSync(path.join(options.root, folderIndex)))
    return { ok: false, error: newPageMessages.routeExists(route, folderIndex, false) };

  let template: TemplateName | undefined;
  if (options.template !== undefined) {
    if (!(TEMPLATES as readonly string[]).includes(options.template)) {
      return {
        ok: false,
        error: newPageMessages.unknownTemplate(
          options.template,
          didYouMean(options.template, TEMPLATES),
          TEMPLATES,
        ),
      };
    }
    template = options.template as TemplateName;
  } else template = guessTemplate(route);
  if (!template) return { ok: false, error: newPageMessages.noTemplateFor(route, TEMPLATES) };

  // An empty title (`--title ""`) is no title: derived from the route, as the prompt and the editor
  // do.
  const title = options.title?.trim() || undefined;
  const text = renderPage({ ...options, route, title }, existing, template);
  try {
    mkdirSync(path.dirname(path.join(options.root, file)), { recursive: true });
    writeFileSync(path.join(options.root, file), text, { flag: 'wx' });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return {
      ok: false,
      error: newPageMessages.cannotWrite(
        file,
        code === 'ENAMETOOLONG' ? 'the name is too long for the file system' : message,
      ),
    };
  }
  return { ok: true, file, text };
}
