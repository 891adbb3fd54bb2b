import { existsSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Locator, Reporter } from './collector.ts';
import { didYouMean } from './did-you-mean.ts';
import { authorErrors, type AuthorError } from './errors.ts';
import { splitLink } from './routes.ts';
import { authorAnchors } from './validate-page.ts';
import type { YamlPath } from './yaml-source.ts';

const IMAGE_FIELDS = new Set(['src', 'socialImage', 'defaultSocialImage']);

/** A link or image path found in a file, with where it is. */
export interface Ref {
  value: string;
  path: YamlPath;
}

/**
 * Calls `found` for every `href` and image path in a parsed file, in the order of the file. `at` is
 * the path of the mapping the value is in, shared while walking: copy it to keep it (with a
 * thousand pages, allocating a path per node costs more than the checks).
 */
function walkRefs(
  data: unknown,
  found: (
    kind: 'link' | 'image',
    value: string,
    at: ReadonlyArray<string | number>,
    key: string,
  ) => void,
): void {
  const at: Array<string | number> = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (item !== null && typeof item === 'object') {
          at.push(i);
          walk(item);
          at.pop();
        }
      }
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        const child = (value as Record<string, unknown>)[key];
        if (typeof child === 'string') {
          if (key === 'href') found('link', child, at, key);
          else if (IMAGE_FIELDS.has(key)) found('image', child, at, key);
        } else if (child !== null && typeof child === 'object') {
          at.push(key);
          walk(child);
          at.pop();
        }
      }
    }
  };
  walk(data);
}

/** Every `href` and image path in a parsed file, with where each one is. */
export function findRefs(data: unknown): { links: Ref[]; images: Ref[] } {
  const links: Ref[] = [];
  const images: Ref[] = [];
  walkRefs(data, (kind, value, at, key) =>
    (kind === 'link' ? links : images).push({ value, path: [...at, key] }),
  );
  return { links, images };
}

/**
 * Every `href` of a parsed file (in the order of the file) and its image paths with where they are:
 * what phase 1 keeps of a file is its links' values only, and where a link is, is found again when
 * a problem needs it (`refPath`).
 */
export function findLinkValues(data: unknown): { links: string[]; images: Ref[] } {
  const links: string[] = [];
  const images: Ref[] = [];
  walkRefs(data, (kind, value, at, key) =>
    kind === 'link' ? links.push(value) : images.push({ value, path: [...at, key] }),
  );
  return { links, images };
}

const refsOfSource = new WeakMap<Locator, { links: Ref[]; images: Ref[] }>();

/**
 * Where the `index`-th link (or image) of a file is, `value` being what phase 1 read there: found
 * by walking the file's data again, which is done only to place a problem. A file changed since
 * (the dev server between a save and its check) may no longer have it there: then the first place
 * with that value, or the top of the file.
 */
export function refPath(
  source: Locator,
  kind: 'links' | 'images',
  index: number,
  value: string,
): YamlPath {
  let refs = refsOfSource.get(source);
  if (!refs) refsOfSource.set(source, (refs = findRefs(source.data)));
  const found =
    refs[kind][index]?.value === value
      ? refs[kind][index]
      : refs[kind].find((ref) => ref.value === value);
  return found?.path ?? [];
}

/** What a link can land on: every page whose YAML could be read, valid or not, drafts included. */
export interface LinkTarget {
  file: string;
  route: string;
  draft: boolean;
  /** undefined when the page's blocks could not be read, so its anchors are unknown. */
  anchors: string[] | undefined;
}

/**
 * The route (and anchor) an internal link points at; undefined for external links and, without
 * `ownRoute`, for `#x`.
 */
export function linkDestination(
  value: string,
  ownRoute: string | undefined,
): { path: string; hash?: string } | undefined {
  if (value.startsWith('#'))
    return ownRoute === undefined
      ? undefined
      : { path: ownRoute, hash: value.slice(1) || undefined };
  return value.startsWith('/') ? splitLink(value) : undefined;
}

/**
 * Checks every internal link of a file (`links`: its `href` values, in the order of the file)
 * against the routes, aliases and anchors of the site.
 */
export function checkLinks(
  source: Locator,
  links: readonly string[],
  fromDraft: boolean,
  ownRoute: string | undefined,
  targets: Map<string, LinkTarget>,
  includeDrafts: boolean,
  collector: Reporter,
) {
  let allRoutes: string[] | undefined;
  for (let index = 0; index < links.length; index++) {
    const value = links[index]!;
    const destination = linkDestination(value, ownRoute);
    if (!destination) continue;
    const { path: linkPath, hash } = destination;
    const target = targets.get(linkPath);
    // Where the link is, for its message's position and its field (a translation is not told to
    // copy a link its source gets wrong).
    const report = (error: AuthorError) => {
      const at = refPath(source, 'links', index, value);
      collector.add(source, error, source.positionOf(at), 'error', at);
    };
    if (!target) {
      allRoutes ??= [...targets.keys()].filter(
        (route) => includeDrafts || !targets.get(route)!.draft,
      );
      report(authorErrors.brokenLink(value, didYouMean(linkPath, allRoutes)));
      continue;
    }
    if (target.draft && !includeDrafts && !fromDraft) {
      report(authorErrors.linkToDraft(value));
      continue;
    }
    if (hash && target.anchors && !target.anchors.includes(hash)) {
      const anchors = authorAnchors(target.anchors);
      report(
        authorErrors.brokenAnchor(value, hash, target.route, didYouMean(hash, anchors), anchors),
      );
    }
  }
}

/** The files in public/ as `/path` (what image fields hold), listed on first use. */
export function publicFileSet(root: string): () => Set<string> {
  let files: Set<string> | undefined;
  return () => {
    if (files) return files;
    const dir = path.join(root, 'public');
    const entries = existsSync(dir)
      ? (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
      : [];
    files = new Set(
      entries
        .filter((entry) => entry.isFile())
        .map(
          (entry) =>
            '/' +
            path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        ),
    );
    return files;
  };
}
