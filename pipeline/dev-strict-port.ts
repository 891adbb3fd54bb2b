/**
 * `npm run dev -- --strictPort` (scripts/dev.ts) to vite.config.ts: fail on a taken port. A module
 * of its own: the command reads it before it loads Vite (its --help answers at once).
 */
export const DEV_STRICT_PORT = 'PAGE_BUILDER_DEV_STRICT_PORT';
