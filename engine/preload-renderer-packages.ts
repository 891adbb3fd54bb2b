/**
 * The packages the renderer imports on the server (Mantine alone is some 600 modules), loaded by
 * Node itself as the dev server starts, while it waits for its first request: that request finds
 * them in Node's module cache instead of loading them (≈ 0.2 s of the first page at 10,000 pages,
 * measured with engine/lazy-import-meta-resolve.ts in place).
 */
const RENDERER_PACKAGES = [
  '@mantine/core',
  'react-dom/server',
  'react',
  'react/jsx-runtime',
] as const;

/**
 * Starts loading RENDERER_PACKAGES without waiting: a failure shows where the renderer imports the
 * package.
 */
export function preloadRendererPackages(): void {
  for (const name of RENDERER_PACKAGES) import(name).catch(() => undefined);
}
