import { existsSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Collector, Locator } from './collector.ts';
import { didYouMean } from './did-you-mean.ts';
import { authorErrors } from './errors.ts';
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
 * Every `href` and image path in a parsed file, in one walk. The path array is shared while walking and copied only
 * for the values found: with a thousand pages, allocating a path per node costs more than the checks.
 */
export function findRefs(data: unknown): { links: Ref[]; images: Ref[] } {
  const links: Ref[] = [];
  const images: Ref[] = [];
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
          if (key === 'href') links.push({ value: child, path: [...at, key] });
          else if (IMAGE_FIELDS.has(key)) images.push({ value: child, path: [...at, key] });
        } else if (child !== null && typeof child === 'object') {
          at.push(key);
          walk(child);
          at.pop();
        }
      }
    }
  };
  walk(data);
  return { links, images };
}

/** What a link can land on: every page whose YAML could be read, valid or not, drafts included. */
export interface LinkTarget {
  file: string;
  route: string;
  draft: boolean;
  /** undefined when the page's blocks could not be read, so its anchors are unknown. */
  anchors: string[] | undefined;
}

/** The route (and anchor) an internal link points at; undefined for external links and, without `ownRoute`, for `#x`. */
export function linkDestination(value: string, ownRoute: string | undefined): { path: string; hash?: string } | undefined {
  if (value.startsWith('#')) return ownRoute === undefined ? undefined : { path: ownRoute, hash: value.slice(1) || undefined };
  return value.startsWith('/') ? splitLink(value) : undefined;
}

/** Checks every internal link of a file against the routes, aliases and anchors of the site. */
export function checkLinks(source: Locator, links: readonly Ref[], fromDraft: boolean, ownRoute: string | undefined, targets: Map<string, LinkTarget>, includeDrafts: boolean, collector: Collector) {
  let allRoutes: string[] | undefined;
  for (const { value, path: at } of links) {
    const destination = linkDestination(value, ownRoute);
    if (!destination) continue;
    const { path: linkPath, hash } = destination;
    const target = targets.get(linkPath);
    if (!target) {
      allRoutes ??= [...targets.keys()].filter((route) => includeDrafts || !targets.get(route)!.draft);
      collector.add(source, authorErrors.brokenLink(value, didYouMean(linkPath, allRoutes)), source.positionOf(at));
      continue;
    }
    if (target.draft && !includeDrafts && !fromDraft) {
      collector.add(source, authorErrors.linkToDraft(value), source.positionOf(at));
      continue;
    }
    if (hash && target.anchors && !target.anchors.includes(hash)) {
      const anchors = authorAnchors(target.anchors);
      collector.add(source, authorErrors.brokenAnchor(value, hash, target.route, didYouMean(hash, anchors), anchors), source.positionOf(at));
    }
  }
}

/** The files in public/ as `/path` (what image fields hold), listed on first use. */
export function publicFileSet(root: string): () => Set<string> {
  let files: Set<string> | undefined;
  return () => {
    if (files) return files;
    const dir = path.join(root, 'public');
    const entries = existsSync(dir) ? (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]) : [];
    files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => '/' + path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')));
    return files;
  };
}
