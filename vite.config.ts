import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';
import { yamlPagesDevPlugin } from './engine/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), vike(), yamlPagesDevPlugin()],
  build: { target: 'es2022', cssMinify: true },
  // Loopback only: Vike would listen on every interface inside a container or CI, where pages,
  // config and scripts would be readable from the network. `npm run dev -- --host` still opens it
  // up on purpose (Vike's --host wins).
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  // Tests import .tsx components directly; keep vitest settings in vitest.config.ts.
});
