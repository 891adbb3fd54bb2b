import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodePage, fileIdentity, MAX_PAGE_BYTES, readPageBytes } from './read-page-file.ts';

let root: string;
let outside: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'staylix-read-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'staylix-outside-'));
  mkdirSync(path.join(root, 'pages/solutions'), { recursive: true });
  writeFileSync(path.join(root, 'pages/solutions/hotels.yaml'), 'title: Hotels\n');
  writeFileSync(path.join(outside, 'secret.yaml'), 'title: SECRET\n');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** The text read, or the error's code. */
const read = (file: string) => {
  const result = readPageBytes(root, file);
  return 'error' in result ? result.error.code : result.bytes.toString('utf8');
};
const nextTask = () => new Promise((resolve) => setImmediate(resolve));

describe('readPageBytes', () => {
  it('reads a page, and a link to a page inside the project', () => {
    symlinkSync(
      path.join(root, 'pages/solutions/hotels.yaml'),
      path.join(root, 'pages/alias.yaml'),
    );
    expect(read('pages/solutions/hotels.yaml')).toBe('title: Hotels\n');
    expect(read('pages/alias.yaml')).toBe('title: Hotels\n');
  });

  it('refuses a link out of the project, whether the file or a folder on its path is the link', () => {
    symlinkSync(path.join(outside, 'secret.yaml'), path.join(root, 'pages/leak.yaml'));
    symlinkSync(outside, path.join(root, 'pages/out'));
    expect(read('pages/leak.yaml')).toBe('symlink-outside');
    expect(read('pages/out/secret.yaml')).toBe('symlink-outside');
  });

  it('sees a folder replaced by a link out of the project after it was read in an earlier task', async () => {
    expect(read('pages/solutions/hotels.yaml')).toBe('title: Hotels\n');
    await nextTask();
    rmSync(path.join(root, 'pages/solutions'), { recursive: true });
    writeFileSync(path.join(outside, 'hotels.yaml'), 'title: SECRET\n');
    symlinkSync(outside, path.join(root, 'pages/solutions'));
    expect(read('pages/solutions/hotels.yaml')).toBe('symlink-outside');
  });

  it('names a missing file or a link leading nowhere, and refuses a file over the size limit', () => {
    symlinkSync(path.join(root, 'pages/gone.yaml'), path.join(root, 'pages/dangling.yaml'));
    writeFileSync(path.join(root, 'pages/huge.yaml'), 'x'.repeat(MAX_PAGE_BYTES + 1));
    expect(read('pages/missing.yaml')).toBe('broken-symlink');
    expect(read('pages/dangling.yaml')).toBe('broken-symlink');
    expect(read('pages/huge.yaml')).toBe('file-too-large');
  });

  it('gives no identity for a link, a missing file or one in a folder leading out: those are read, and refused', () => {
    symlinkSync(
      path.join(root, 'pages/solutions/hotels.yaml'),
      path.join(root, 'pages/alias.yaml'),
    );
    symlinkSync(outside, path.join(root, 'pages/out'));
    expect(fileIdentity(root, 'pages/solutions/hotels.yaml')).toMatch(/^\d+:14:/);
    expect(fileIdentity(root, 'pages/alias.yaml')).toBeUndefined();
    expect(fileIdentity(root, 'pages/missing.yaml')).toBeUndefined();
    expect(fileIdentity(root, 'pages/out/secret.yaml')).toBeUndefined();
  });
});

describe('decodePage', () => {
  const at = (bytes: number[]) => {
    const result = decodePage(Uint8Array.from(bytes));
    return 'error' in result ? [result.error.code, result.line, result.col] : result.text;
  };
  const text = (value: string) => [...Buffer.from(value)];

  it('points at the first byte that is not UTF-8, the first of the file included', () => {
    // Shrunk from the validator's property test: a file starting with 0x80 was reported after its
    // last line.
    expect(at([0x80, ...text('title: x\nmore: y\n')])).toEqual(['invalid-utf8', 1, 1]);
    expect(at([...text('ab'), 0x80])).toEqual(['invalid-utf8', 1, 3]);
    expect(at([...text('a: é\nb: '), 0xc3, 0x28])).toEqual(['invalid-utf8', 2, 4]);
    expect(at(text('a: é\n'))).toBe('a: é\n');
  });
});
