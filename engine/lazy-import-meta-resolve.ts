import type { ViteDevServer } from 'vite';
import {
  createDefaultImportMeta,
  createNodeImportMeta,
  type ModuleRunner,
  type ModuleRunnerImportMeta,
} from 'vite/module-runner';

/**
 * Each module the dev server runs gets an import.meta whose `resolve` Vite builds, on Node 20, by
 * registering Node module hooks (`module.register`) as the first module runs. Those hooks then run
 * on another thread for every import of the process, about 60 ms of the first page at 10,000 pages.
 * No module of the renderer calls it: here the hooks are registered only if one does, at its first
 * call, and it resolves as before. (This text must not name that function the way code calls it:
 * Vite registers the same hooks for a config file whose code mentions it, and this file is part of
 * vite.config.ts's.)
 */
export function resolveImportMetaLazily(server: ViteDevServer): void {
  // Vike loads the renderer through ssrLoadModule, whose module runner Vite makes at the first call
  // (Vike's, as the server is configured) and which runs no module before that call's first await:
  // its import.meta is replaced before any module has one. A later Vite without this runner, or a
  // server without ssrLoadModule (a test of the plugin), is left as it is.
  const patch = () => {
    const runner = (server as { _ssrCompatModuleRunner?: ModuleRunner })._ssrCompatModuleRunner;
    if (runner?.options) runner.options.createImportMeta = lazyNodeImportMeta;
  };
  patch();
  if (typeof server.ssrLoadModule !== 'function') return;
  const load = server.ssrLoadModule.bind(server);
  server.ssrLoadModule = (...args) => {
    const loading = load(...args);
    patch();
    return loading;
  };
}

function lazyNodeImportMeta(modulePath: string): ModuleRunnerImportMeta {
  return {
    ...createDefaultImportMeta(modulePath),
    main: false,
    resolve: (specifier: string, parent?: string) =>
      createNodeImportMeta(modulePath).resolve(specifier, parent),
  };
}
