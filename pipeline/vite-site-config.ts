import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type UserConfig } from 'vite';

/**
 * The site's Vite config: vite.config.ts is this plus the dev server's plugin. The bundler
 * (pipeline/vike-bundle.mjs) loads this file instead: Vite bundles and runs its config file once
 * for the build and again for each environment (client, server), and the dev server's plugin (a
 * no-op in a build) brings some 70 modules of engine/ into each of those loads.
 */
export const siteViteConfig = (): UserConfig => ({
  plugins: [react(), vike()],
  build: { target: 'es2022', cssMinify: true },
  // Loopback only: Vike would listen on every interface inside a container or CI, where pages,
  // config and scripts would be readable from the network. `npm run dev -- --host` still opens it
  // up on purpose (Vike's --host wins).
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  // Tests import .tsx components directly; keep vitest settings in vitest.config.ts.
});

// A function, so that each load makes its own plugins (Vite loads it once per environment).
export default defineConfig(() => siteViteConfig());
