import { defineConfig } from 'vite';
import { yamlPagesDevPlugin } from './engine/vite-plugin.ts';
import { DEV_STRICT_PORT } from './pipeline/dev-strict-port.ts';
import { siteViteConfig } from './pipeline/vite-site-config.ts';

// The site's config (pipeline/vite-site-config.ts, which the build loads) and the dev server's
// plugin (`npm run dev`: validation and the site's data on every change).
export default defineConfig(() => {
  const site = siteViteConfig();
  return {
    ...site,
    plugins: [...(site.plugins ?? []), yamlPagesDevPlugin()],
    server: { ...site.server, strictPort: process.env[DEV_STRICT_PORT] === '1' },
  };
});
