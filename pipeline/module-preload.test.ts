import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addModulePreloads, staticImportReader, staticImports } from './module-preload.ts';

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'module-preload-'));
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  }
  return dir;
}

describe('staticImports', () => {
  it('follows static imports through chunks once each, and leaves dynamic imports alone', () => {
    const dir = site({
      'assets/entries/page.js':
        'import{t as e}from"../chunks/a.js";import"../chunks/b.js";e();import("../chunks/lazy.js")',
      'assets/chunks/a.js': 'import{x}from"./b.js";export{x as t}',
      'assets/chunks/b.js': 'export const x=1',
      'assets/chunks/lazy.js': 'export const y=2',
    });
    expect(staticImports(dir, '/assets/entries/page.js')).toEqual([
      '/assets/chunks/a.js',
      '/assets/chunks/b.js',
    ]);
  });
});

describe('addModulePreloads', () => {
  it('puts a modulepreload before each module script for its imports, never twice', () => {
    const dir = site({
      'assets/entries/page.js': 'import{t}from"../chunks/a.js";t()',
      'assets/chunks/a.js': 'export const t=()=>{}',
    });
    const html =
      '<body><p>x</p><script src="/assets/entries/page.js" type="module" async></script></body>';
    const once = addModulePreloads(html, staticImportReader(dir));
    expect(once).toBe(
      '<body><p>x</p><link rel="modulepreload" href="/assets/chunks/a.js"/><script src="/assets/entries/page.js" type="module" async></script></body>',
    );
    expect(addModulePreloads(once, staticImportReader(dir))).toBe(once);
  });

  it('leaves a page without scripts as it is', () => {
    const html = '<body><script type="application/ld+json">{}</script></body>';
    expect(addModulePreloads(html, () => ['/x.js'])).toBe(html);
  });
});
