import { spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { acquireLock, prepareOutput } from './output.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const lockIn = () => path.join((dir = mkdtempSync(path.join(os.tmpdir(), 'build-lock-'))), 'l');
const deadPid = () =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout);

it('holds the pid from the moment it exists, and is released', () => {
  const lock = lockIn();
  const release = acquireLock(lock);
  expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
  release();
  expect(existsSync(lock)).toBe(false);
});

it("refuses a live process's lock and takes over a dead one's or an empty one", () => {
  const lock = lockIn();
  writeFileSync(lock, String(process.ppid));
  expect(() => acquireLock(lock)).toThrow(String(process.ppid));
  expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  for (const stale of [String(deadPid()), '']) {
    writeFileSync(lock, stale);
    acquireLock(lock)();
    expect(existsSync(lock)).toBe(false);
  }
  expect(existsSync(`${lock}.${process.pid}.tmp`)).toBe(false);
});

it('prepares the output when an earlier removal is gone between listing and looking at it', () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'build-output-'));
  const cacheDir = path.join(dir, 'cache');
  mkdirSync(cacheDir);
  // A link to nothing: listed, but looking at it finds no entry, as when the removal just ended.
  symlinkSync(path.join(dir, 'removed'), path.join(cacheDir, 'trash-1-1'));
  const output = prepareOutput(path.join(dir, 'dist'), cacheDir);
  expect(existsSync(output.staging)).toBe(true);
});

/** Every entry under `folder`, folders ending in '/', sorted. */
const tree = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const relative = path.relative(folder, path.join(entry.parentPath, entry.name));
      return entry.isDirectory() ? `${relative}/` : relative;
    })
    .sort();

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

it('builds on the dist/ it replaced, emptied: the same files and folders as a build from nothing, and never writes into a file dist/ shares', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'build-output-'));
  const dist = path.join(dir, 'dist');
  const cacheDir = path.join(dir, 'cache');
  const bundle = path.join(dir, 'bundle');
  // A bundle with an empty folder (Vike leaves client/.vite empty): a build keeps it.
  write(path.join(bundle, 'client/assets/app.js'), 'app');
  mkdirSync(path.join(bundle, 'client/.vite'));
  const build = async (pages: Record<string, string>, linked: string[] = []) => {
    const output = prepareOutput(dist, cacheDir);
    output.copyBundle(bundle);
    for (const [page, text] of Object.entries(pages))
      write(path.join(output.staging, 'client', page, 'index.html'), text);
    // An unchanged page, linked from dist/ as the page writer does.
    for (const page of linked) {
      const to = path.join(output.staging, 'client', page, 'index.html');
      mkdirSync(path.dirname(to), { recursive: true });
      linkSync(path.join(dist, 'client', page, 'index.html'), to);
    }
    output.commit();
    return output.staging;
  };
  await build({ a: 'A1', 'b/c': 'C1', 'b/c/d': 'D1' });
  await build({ a: 'A2' }, ['b/c', 'b/c/d']);
  // The spare is the first dist/ (its files are being removed meanwhile); dist/ links to its
  // b/c/index.html.
  expect(existsSync(path.join(cacheDir, 'spare/client/b/c'))).toBe(true);
  await build({ e: 'E3' }, ['a']);
  expect(tree(dist)).toEqual([
    'client/',
    'client/.vite/',
    'client/a/',
    'client/a/index.html',
    'client/assets/',
    'client/assets/app.js',
    'client/e/',
    'client/e/index.html',
  ]);
  expect(readFileSync(path.join(dist, 'client/a/index.html'), 'utf8')).toBe('A2');
  expect(readFileSync(path.join(dist, 'client/a/index.html'), 'utf8')).toBe('A2');

  const output = prepareOutput(dist, cacheDir);
  // The spare's folders and no file of its own, once the bundle's files are in.
  output.copyBundle(bundle);
  expect(tree(output.staging)).toEqual([
    'client/',
    'client/.vite/',
    'client/a/',
    'client/assets/',
    'client/assets/app.js',
    'client/b/',
    'client/b/c/',
    'client/b/c/d/',
  ]);
  expect(readFileSync(path.join(dist, 'client/a/index.html'), 'utf8')).toBe('A2');
  write(path.join(output.staging, 'client/a/index.html'), 'A4');
  expect(readFileSync(path.join(dist, 'client/a/index.html'), 'utf8')).toBe('A2');
  output.discard();
  expect(existsSync(output.staging)).toBe(false);
  // Kept as the spare: the next build starts from its folders, without its files.
  const next = prepareOutput(dist, cacheDir);
  next.copyBundle(bundle);
  expect(tree(next.staging)).toContain('client/b/c/d/');
  expect(tree(next.staging).filter((entry) => entry.endsWith('index.html'))).toEqual([]);
});
