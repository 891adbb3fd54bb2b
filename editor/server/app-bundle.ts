import { statSync } from 'node:fs';
import path from 'node:path';
import type { Rollup } from 'vite';
import { AppBundleCache } from './app-bundle-cache.ts';
import { CODE_ROOT } from '../../engine/code-root.ts';

/** Where the built app's scripts and styles are served (names carry a hash of their content). */
export const APP_ASSETS = '/app-assets/';

export interface AppBundle {
  /** The app's page, its script and stylesheet tags pointing into APP_ASSETS. */
  html: string;
  /** Each asset's bytes and type, by path (`/app-assets/index-….js`). */
  assets: Map<string, { body: Uint8Array; type: string }>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/**
 * Whether the editor serves its app as Vite's development modules (`NODE_ENV=development`: for
 * work on the editor itself) or built: one script and one stylesheet, minified, with React's
 * production build. A built page loads in a fraction of the time of some 190 separate modules.
 */
export const appFromSource = () => process.env.NODE_ENV === 'development';

/** Each source file of a build (outside node_modules) with its modification time and size. */
type Stamps = Map<string, string>;
const stampOf = (file: string) => {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
};
const changed = (stamps: Stamps) => [...stamps].some(([file, stamp]) => stampOf(file) !== stamp);

async function buildApp(): Promise<{ bundle: AppBundle; stamps: Stamps }> {
  const started = Date.now();
  const [{ build }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  const result = await build({
    root: CODE_ROOT,
    configFile: false,
    publicDir: false,
    plugins: [react()],
    logLevel: 'error',
    mode: 'production',
    // React's production build, whatever NODE_ENV the server runs under (vitest sets 'test').
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      target: 'es2022',
      assetsDir: APP_ASSETS.slice(1, -1),
      // One script for the whole app, served from memory on loopback: its size is no concern.
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: path.join(CODE_ROOT, 'editor/app/index.html') },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const assets: AppBundle['assets'] = new Map();
  const stamps: Stamps = new Map();
  let html = '';
  for (const item of outputs.flatMap((output) => output.output)) {
    const body = item.type === 'chunk' ? item.code : item.source;
    if (item.fileName.endsWith('.html')) {
      html = String(body);
      continue;
    }
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    const type = TYPES[path.extname(item.fileName)] ?? 'application/octet-stream';
    assets.set(`/${item.fileName}`, { body: bytes, type });
    if (item.type === 'chunk')
      for (const id of Object.keys(item.modules))
        if (path.isAbsolute(id) && !id.includes(`${path.sep}node_modules${path.sep}`))
          stamps.set(id, stampOf(id));
  }
  const bundle = { html, assets };
  // A source saved while the build ran may not be in it: such a build is not kept for later.
  const sources = [...stamps.keys(), ...BUILD_FILES];
  const savedSince = sources.some(
    (file) => (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) >= started,
  );
  if (!savedSince) disk.write(bundle, sources);
  return { bundle, stamps };
}

const disk = new AppBundleCache(CODE_ROOT);
/** Files that make the app besides its modules: its page, and how it is built. */
const BUILD_FILES = ['editor/app/index.html', 'editor/server/app-bundle.ts'].map((file) =>
  path.join(CODE_ROOT, file),
);

/** The app kept on disk by an earlier editor when its sources are unchanged, or a new build. */
async function keptOrBuilt(): Promise<{ bundle: AppBundle; stamps: Stamps }> {
  const kept = disk.read();
  if (!kept) return buildApp();
  return {
    bundle: kept.app,
    stamps: new Map(kept.sources.map((file) => [file, stampOf(file)])),
  };
}

let current: Promise<{ bundle: AppBundle; stamps: Stamps }> | undefined;

/**
 * The built app, made on first use (about 1.5 s; kept on disk for the next start) and shared by
 * every editor of this process; made again when one of its source files has changed since (someone
 * working on the editor reloads the page to see the change).
 */
export async function editorApp(): Promise<AppBundle> {
  const pending = current;
  const made = pending && (await pending.catch(() => undefined));
  if (made && !changed(made.stamps)) return made.bundle;
  // Callers that waited on the same outdated build start one new build between them.
  if (current === pending) current = pending ? buildApp() : keptOrBuilt();
  return (await current!).bundle;
}

/**
 * The app as last built (built now if it never was), without looking at its sources: its assets
 * are named by their content, so the page that names them decides which build they come from.
 */
export async function lastBuiltEditorApp(): Promise<AppBundle> {
  return (await (current ??= keptOrBuilt())).bundle;
}
