import type { ReactElement, ReactNode } from 'react';

/**
 * How a subtree the same on many pages (the header, the footer, a block) is rendered when the build
 * provides a way (pipeline/rendered-once.ts: rendered once, its HTML reused for every page with the
 * same `scope` and `key`, which must say everything the subtree's HTML depends on, its place in the
 * page's tree included: React's ids depend on it). Only on the server: callers keep it behind
 * `import.meta.env.SSR`, so the browser's bundle leaves it out.
 */
type RenderedOnce = (scope: object, key: string, element: ReactElement) => ReactNode;
const RENDERED_ONCE = Symbol.for('staylix.renderedOnce');

export function once(scope: object, key: string, element: ReactElement): ReactNode {
  const provided = (globalThis as { [RENDERED_ONCE]?: RenderedOnce })[RENDERED_ONCE];
  return provided ? provided(scope, key, element) : element;
}
