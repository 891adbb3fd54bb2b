import { useEffect, useState } from 'react';

import type { FieldPath } from '../shared/api.ts';

export type Screen =
  | { name: 'pages' }
  | { name: 'edit'; file: string; field?: FieldPath }
  | { name: 'site'; field?: FieldPath }
  | { name: 'changes' }
  | { name: 'media' }
  | { name: 'conflicts' }
  | { name: 'versions'; file: string }
  | { name: 'review' }
  | { name: 'reviews' };

function fieldOf(query: string | undefined): FieldPath | undefined {
  if (!query) return undefined;
  try {
    const value = JSON.parse(new URLSearchParams(query).get('field') ?? 'null') as unknown;
    return Array.isArray(value) &&
      value.every((k) => typeof k === 'string' || typeof k === 'number')
      ? (value as FieldPath)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `#/` pages, `#/edit/pages/x.yaml` a page (`?field=["blocks",0,"title"]` opens a field), `#/site`
 * the site config, `#/media` the images, `#/changes`, `#/conflicts`, `#/versions/pages/x.yaml`,
 * `#/review`.
 */
function parseHash(hash: string): Screen {
  const [rawPath, query] = hash.replace(/^#/, '').split('?', 2) as [string, string | undefined];
  const path = decodeURIComponent(rawPath);
  const field = fieldOf(query);
  if (path.startsWith('/edit/'))
    return { name: 'edit', file: path.slice('/edit/'.length), ...(field ? { field } : {}) };
  if (path.startsWith('/versions/'))
    return { name: 'versions', file: path.slice('/versions/'.length) };
  if (path === '/site') return { name: 'site', ...(field ? { field } : {}) };
  if (path === '/changes') return { name: 'changes' };
  if (path === '/media') return { name: 'media' };
  if (path === '/conflicts') return { name: 'conflicts' };
  if (path === '/review') return { name: 'review' };
  if (path === '/reviews') return { name: 'reviews' };
  return { name: 'pages' };
}

const withField = (field: FieldPath | undefined) =>
  field ? `?field=${encodeURIComponent(JSON.stringify(field))}` : '';

export function hrefFor(screen: Screen): string {
  switch (screen.name) {
    case 'edit':
      return `#/edit/${screen.file}${withField(screen.field)}`;
    case 'site':
      return `#/site${withField(screen.field)}`;
    case 'versions':
      return `#/versions/${screen.file}`;
    case 'pages':
      return '#/';
    default:
      return `#/${screen.name}`;
  }
}

/** The screen that shows a file: its page editor, or the site settings for site.config.yaml. */
export const screenOfFile = (file: string, field?: FieldPath): Screen =>
  file === 'site.config.yaml'
    ? { name: 'site', ...(field ? { field } : {}) }
    : { name: 'edit', file, ...(field ? { field } : {}) };

export function useScreen(): Screen {
  const [screen, setScreen] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setScreen(parseHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return screen;
}

export const go = (screen: Screen) => {
  window.location.hash = hrefFor(screen);
};
