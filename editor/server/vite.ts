import type { Server } from 'node:http';
import type { ViteDevServer } from 'vite';
import { CODE_ROOT } from '../../engine/code-root.ts';

/**
 * One Vite in middleware mode, created on the first request that needs it: it loads the site's
 * components for the preview (and serves the app's modules under NODE_ENV=development). Its
 * client (which every CSS import loads) connects over `http`, whose 'upgrade' the caller guards.
 * One is shared by every project root a server serves (the team editor's workspaces).
 */
export function lazyVite(http: Server, publicDir: string) {
  let vitePromise: Promise<ViteDevServer> | undefined;
  return {
    get: () =>
      (vitePromise ??= (async () => {
        const [{ createServer }, { default: react }] = await Promise.all([
          import('vite'),
          import('@vitejs/plugin-react'),
        ]);
        return createServer({
          root: CODE_ROOT,
          publicDir,
          configFile: false,
          plugins: [react()],
          appType: 'custom',
          logLevel: 'warn',
          clearScreen: false,
          server: {
            middlewareMode: true,
            hmr: { server: http },
            watch: process.env.NODE_ENV === 'production' ? null : {},
          },
          build: { target: 'es2022' },
        });
      })()),
    async close() {
      if (vitePromise) await (await vitePromise).close();
    },
  };
}
