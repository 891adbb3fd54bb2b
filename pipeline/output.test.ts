import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
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
