import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { asyncFolderMaker, folderMaker } from './folder-maker.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('folderMaker', () => {
  it('makes nested folders, siblings of folders it made, folders that already exist, and each only once', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'folder-maker-'));
    const make = folderMaker();
    make(path.join(dir, 'solutions/scale/p-0001'));
    make(path.join(dir, 'solutions/scale/p-0002')); // parent known: plain mkdir
    make(path.join(dir, 'solutions/hotels'));
    mkdirSync(path.join(dir, 'solutions/made-elsewhere'));
    make(path.join(dir, 'solutions/made-elsewhere')); // parent known, folder already there
    rmSync(path.join(dir, 'solutions/scale/p-0001'), { recursive: true });
    make(path.join(dir, 'solutions/scale/p-0001')); // made once: not made again
    for (const folder of ['solutions/scale/p-0002', 'solutions/hotels', 'solutions/made-elsewhere'])
      expect(existsSync(path.join(dir, folder)), folder).toBe(true);
    expect(existsSync(path.join(dir, 'solutions/scale/p-0001'))).toBe(false);
  });
});

describe('asyncFolderMaker', () => {
  it('makes nested folders under its base, each after its parent and only once, folders that already exist included', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'folder-maker-'));
    const make = asyncFolderMaker(dir);
    mkdirSync(path.join(dir, 'solutions/made-elsewhere'), { recursive: true });
    await Promise.all([
      make(path.join(dir, 'solutions/scale/p-0001')),
      make(path.join(dir, 'solutions/scale/p-0002')),
      make(path.join(dir, 'solutions/made-elsewhere/a')),
      make(path.join(dir, 'solutions/hotels')),
    ]);
    rmSync(path.join(dir, 'solutions/scale/p-0001'), { recursive: true });
    await make(path.join(dir, 'solutions/scale/p-0001')); // made once: not made again
    for (const folder of [
      'solutions/scale/p-0002',
      'solutions/made-elsewhere/a',
      'solutions/hotels',
    ])
      expect(existsSync(path.join(dir, folder)), folder).toBe(true);
    expect(existsSync(path.join(dir, 'solutions/scale/p-0001'))).toBe(false);
  });
});
