import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppBundleCache, type StoredApp } from './app-bundle-cache.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function codeRoot() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'app-bundle-cache-'));
  folders.push(root);
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  mkdirSync(path.join(root, 'editor'));
  writeFileSync(path.join(root, 'editor/main.tsx'), 'export const a = 1;\n');
  return root;
}

const app: StoredApp = {
  html: '<script src="/app-assets/index-1.js"></script>',
  assets: new Map([
    ['/app-assets/index-1.js', { body: new Uint8Array([0, 1, 2, 255]), type: 'text/javascript' }],
  ]),
};

describe('AppBundleCache', () => {
  it('gives back the app it kept, bytes and all, while its sources and packages are unchanged', () => {
    const root = codeRoot();
    const source = path.join(root, 'editor/main.tsx');
    new AppBundleCache(root).write(app, [source]);
    expect(new AppBundleCache(root).read()).toEqual({ app, sources: [source] });
  });

  it('keeps nothing for a source changed since, even at the same size', () => {
    const root = codeRoot();
    const source = path.join(root, 'editor/main.tsx');
    new AppBundleCache(root).write(app, [source]);
    writeFileSync(source, 'export const b = 1;\n');
    expect(new AppBundleCache(root).read()).toBeUndefined();
  });

  it('keeps nothing for an app built under another NODE_ENV (vitest builds another app)', () => {
    const root = codeRoot();
    const before = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'test';
      new AppBundleCache(root).write(app, [path.join(root, 'editor/main.tsx')]);
      process.env.NODE_ENV = 'production';
      expect(new AppBundleCache(root).read()).toBeUndefined();
    } finally {
      process.env.NODE_ENV = before;
    }
  });

  it('keeps nothing after another install of the packages', () => {
    const root = codeRoot();
    new AppBundleCache(root).write(app, [path.join(root, 'editor/main.tsx')]);
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect(new AppBundleCache(root).read()).toBeUndefined();
  });

  it('reads a damaged file as nothing kept, and a cache it cannot write as no error', () => {
    const root = codeRoot();
    mkdirSync(path.join(root, '.cache'));
    writeFileSync(path.join(root, '.cache/editor-app.json'), '{"packages":');
    expect(new AppBundleCache(root).read()).toBeUndefined();
    // A file where the cache's folder would be: nothing can be written there.
    const blocked = codeRoot();
    writeFileSync(path.join(blocked, '.cache'), '');
    expect(() => new AppBundleCache(blocked).write(app, [])).not.toThrow();
    expect(new AppBundleCache(blocked).read()).toBeUndefined();
  });
});
