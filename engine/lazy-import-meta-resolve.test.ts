import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { ViteDevServer } from 'vite';
import type { ModuleRunner } from 'vite/module-runner';
import { describe, expect, it } from 'vitest';
import { resolveImportMetaLazily } from './lazy-import-meta-resolve.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('resolveImportMetaLazily', () => {
  it("gives the module runner Vike loads the renderer with, made now or at a later ssrLoadModule, an import.meta made without Node's hooks", async () => {
    // As Vite does: the runner is made at the first ssrLoadModule.
    const server: {
      _ssrCompatModuleRunner?: { options: object };
      ssrLoadModule: () => Promise<object>;
    } = {
      ssrLoadModule: async () => {
        server._ssrCompatModuleRunner ??= { options: {} };
        return {};
      },
    };
    resolveImportMetaLazily(server as unknown as ViteDevServer);
    await server.ssrLoadModule();
    const runner = server._ssrCompatModuleRunner as ModuleRunner;
    const meta = (await runner.options.createImportMeta!('/project/renderer/PageView.tsx')) as {
      url: string;
      filename: string;
      resolve: unknown;
    };
    expect(meta.url).toBe('file:///project/renderer/PageView.tsx');
    expect(meta.filename).toBe('/project/renderer/PageView.tsx');
    expect(typeof meta.resolve).toBe('function');
  });

  it('is not undone by the config itself: no module of vite.config.ts names the call Vite registers the hooks for', () => {
    // Vite registers Node's module hooks as it loads a config whose code matches this (its own
    // test, in its config loader), which would cost the first page what resolveImportMetaLazily
    // saves.
    const { metafile } = buildSync({
      entryPoints: [path.join(root, 'vite.config.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const files = Object.keys(metafile.inputs).map((file) => path.resolve(root, file));
    expect(files).toContain(path.join(root, 'engine', 'lazy-import-meta-resolve.ts'));
    expect(
      files.filter((file) => /import\.meta\s*\.\s*resolve/.test(readFileSync(file, 'utf8'))),
    ).toEqual([]);
  });
});
