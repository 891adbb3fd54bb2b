import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { ErrorPayload, Plugin, ViteDevServer } from 'vite';
import type { Diagnostic } from './diagnostic.ts';
import { validatorMessages } from './errors.ts';
import { startDevSite } from './dev-site.ts';
import { watchFolders } from './watch-folders.ts';
import { PAGE_UPDATE_EVENT } from './dev-events.ts';
import { preloadRendererPackages } from './preload-renderer-packages.ts';
import { resolveImportMetaLazily } from './lazy-import-meta-resolve.ts';
import { devRequestGuard } from './dev-request-guard.ts';
import { applyServerLimits, guardUpgrades } from './http-guard.ts';

/**
 * ` 16 | text` lines around a position, with a caret under the column: the overlay shows it as
 * code.
 */
export function codeFrame(text: string, line: number, col: number, context = 2): string {
  const lines = text.split(/\r?\n/);
  const from = Math.max(1, line - context);
  const to = Math.min(lines.length, line + context);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`);
  }
  return out.join('\n');
}

/**
 * The Vite error overlay's payload for the site's validation errors: every problem, and the first
 * one's code frame.
 */
export function overlayError(root: string, errors: Diagnostic[]): ErrorPayload['err'] {
  const first = errors[0]!;
  const list = errors
    .map(
      (d) => `${d.file}:${d.line}:${d.col}  ${d.message}${d.hint ? `\n    hint: ${d.hint}` : ''}`,
    )
    .join('\n\n');
  let frame: string | undefined;
  try {
    frame = codeFrame(readFileSync(path.join(root, first.file), 'utf8'), first.line, first.col);
  } catch {
    frame = undefined;
  }
  return {
    message: `${validatorMessages.overlayTitle(errors.length)}\n\n${list}`,
    stack: '',
    plugin: 'yaml-pages',
    id: path.join(root, first.file),
    loc: { file: path.join(root, first.file), line: first.line, column: first.col },
    ...(frame ? { frame } : {}),
  };
}

/**
 * `npm run dev`: validates the site whenever a page, site.config.yaml or a file in public/ changes,
 * shows the problems in the browser's error overlay (file:line:col, message and hint), and reloads
 * the page once the YAML is valid again (page YAML is read at render time, so Vite would not reload
 * on its own). Drafts are included, as the dev server shows them.
 */
export function yamlPagesDevPlugin(): Plugin {
  return {
    name: 'yaml-pages-dev',
    apply: 'serve',
    // pages/ is watched by watchFolders below: Vite's watcher read a whole folder again after each
    // save in it (half a second in a folder of 10,000 pages). What the build writes (.cache/: a
    // social card a page, image variants, compiled modules; dist/) is no source: Vite's watcher
    // went through all of it as the server started.
    config: (config) => {
      const root = path.resolve(config.root ?? process.cwd());
      const unwatched = ['pages', '.cache', 'dist'].map((dir) => path.join(root, dir) + path.sep);
      return {
        server: {
          watch: { ignored: [(file: string) => unwatched.some((dir) => file.startsWith(dir))] },
        },
        // The server's module runner imports the renderer's modules one after another, and Vite
        // transformed each only when asked for: with this, a module's imports are transformed as
        // soon as it is, side by side (first page 1.26 → 0.95 s on this site).
        environments: { ssr: { dev: { preTransformRequests: true } } },
        // CSS modules through Lightning CSS while developing (production CSS already is minified by
        // it): PostCSS's modules plugin hashed a whole stylesheet again for each class name, 0.15 s
        // of the first page. Class names differ from the build's, which nothing depends on.
        css: { transformer: 'lightningcss' },
      };
    },
    configureServer(server: ViteDevServer) {
      // First of all middlewares (other plugins added theirs before this hook ran): no other sees a
      // malformed request.
      server.middlewares.stack.unshift({ route: '', handle: devRequestGuard });
      if (server.httpServer) {
        applyServerLimits(server.httpServer as Server);
        guardUpgrades(server.httpServer as Server, server.config.base);
      }
      preloadRendererPackages();
      resolveImportMetaLazily(server);
      const root = server.config.root;
      const pagesDir = path.join(root, 'pages') + path.sep;
      const publicDir = path.join(root, 'public') + path.sep;
      const configFile = path.join(root, 'site.config.yaml');
      // A folder added or removed under pages/ counts too: the site is loaded again.
      const relevant = (file: string) =>
        (file.startsWith(pagesDir) && (/\.ya?ml$/.test(file) || !path.extname(file))) ||
        file === configFile ||
        file.startsWith(publicDir);

      let current: ErrorPayload['err'] | undefined;
      // The site the renderer shows too (engine/dev-site.ts): after an edit only the changed files
      // are read again.
      const site = startDevSite(root);
      let dirty = true;
      const check = () => {
        if (!dirty) return current;
        const errors = site.current().diagnostics.filter((d) => d.severity === 'error');
        current = errors.length ? overlayError(root, errors) : undefined;
        dirty = false;
        return current;
      };
      const logProblems = (error: ErrorPayload['err']) =>
        server.config.logger.error(`[yaml-pages] ${error.message}`, { timestamp: true });
      let timer: NodeJS.Timeout | undefined;
      let overlayShown = false;
      let assetsChanged = false;
      const onChange = (file: string) => {
        if (!relevant(file)) return;
        if (file.startsWith(publicDir)) assetsChanged = true;
        site.changed(path.relative(root, file).split(path.sep).join('/'));
        dirty = true;
        clearTimeout(timer);
        // Editors save in a few steps (write, rename) within a few milliseconds: one check after
        // they settle.
        timer = setTimeout(() => {
          const error = check();
          if (error) {
            logProblems(error);
            server.ws.send({ type: 'error', err: error });
          } else if (overlayShown || assetsChanged) {
            // A reload clears the overlay, and shows a new image under the same URL.
            server.config.logger.info('[yaml-pages] pages are valid; reloading the browser.', {
              timestamp: true,
            });
            server.ws.send({ type: 'full-reload', path: '*' });
          } else {
            // The page updates itself in place (renderer/client/live-update.ts).
            server.config.logger.info('[yaml-pages] pages are valid; updating the page.', {
              timestamp: true,
            });
            server.ws.send({ type: 'custom', event: PAGE_UPDATE_EVENT });
          }
          overlayShown = Boolean(error);
          assetsChanged = false;
        }, 10);
      };
      server.watcher.add(configFile);
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
      const stopWatchingPages = watchFolders(root, 'pages', (file) =>
        onChange(path.join(root, file)),
      );
      server.httpServer?.once('close', stopWatchingPages);
      // A browser that connects (or reconnects) while the YAML has problems sees them at once.
      server.ws.on('connection', () => {
        const error = check();
        if (!error) return;
        overlayShown = true;
        setTimeout(() => server.ws.send({ type: 'error', err: error }), 50);
      });
      // The site is loaded once the server listens, not at the first request: its problems show in
      // the terminal at once, and a page asked for a moment later does not wait for thousands of
      // files to be checked. It is loaded in slices, so that the first request loads the renderer
      // meanwhile (at 10,000 pages: 0.3 s of the first page).
      server.httpServer?.once(
        'listening',
        () =>
          void site.load().then(() => {
            const error = check();
            if (error) logProblems(error);
          }),
      );
    },
  };
}
