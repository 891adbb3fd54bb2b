import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { acquireLock } from './output.ts';

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
