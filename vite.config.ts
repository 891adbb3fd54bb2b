import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';
import { yamlPagesDevPlugin } from './engine/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), vike(), yamlPagesDevPlugin()],
  build: { target: 'es2022', cssMinify: true },
  // Tests import .tsx components directly; keep vitest settings in vitest.config.ts.
});
