/**
 * The packages the renderer imports on the server (Mantine alone is some 600 modules), loaded by Node itself as the
 * dev server starts. Vite's module runner registers Node module hooks (`module.register`) when it runs its first
 * module, at the first request; on Node 20 those hooks run on another thread, and every import after that waits for
 * round trips to it: the first page took 0.5 s longer. A package loaded before is taken from Node's module cache.
 */
const RENDERER_PACKAGES = ['@mantine/core', 'react-dom/server', 'react', 'react/jsx-runtime'] as const;

/** Starts loading RENDERER_PACKAGES without waiting: a failure shows where the renderer imports the package. */
export function preloadRendererPackages(): void {
  for (const name of RENDERER_PACKAGES) import(name).catch(() => undefined);
}
