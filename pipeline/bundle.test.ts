import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bundleKey } from './bundle.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project of one file, `package.json`, with node_modules linked to `modules`. */
function project(modules: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bundle-key-'));
  folders.push(dir);
  writeFileSync(path.join(dir, 'package.json'), '{}');
  symlinkSync(modules, path.join(dir, 'node_modules'), 'dir');
  return dir;
}

it('differs for the same files in another folder, or with node_modules elsewhere (a bundle has both written in), and not for generated files', () => {
  const modules = mkdtempSync(path.join(os.tmpdir(), 'bundle-key-modules-'));
  const otherModules = mkdtempSync(path.join(os.tmpdir(), 'bundle-key-modules-'));
  folders.push(modules, otherModules);
  const a = project(modules);
  const b = project(modules);
  expect(bundleKey(a)).not.toBe(bundleKey(b));
  const before = bundleKey(a);
  rmSync(path.join(a, 'node_modules'));
  symlinkSync(otherModules, path.join(a, 'node_modules'), 'dir');
  expect(bundleKey(a)).not.toBe(before);
  mkdirSync(path.join(a, 'schema/generated'), { recursive: true });
  writeFileSync(path.join(a, 'schema/site-config.ts'), 'export {};');
  const withSchema = bundleKey(a);
  writeFileSync(path.join(a, 'schema/generated/site-config.schema.json'), '{}');
  expect(bundleKey(a)).toBe(withSchema);
  writeFileSync(path.join(a, 'schema/site-config.ts'), 'export const x = 1;');
  expect(bundleKey(a)).not.toBe(withSchema);
});
