import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImageHeader } from '../../ui/image-header.ts';

/**
 * The header reader against files made by sharp, in every format the pipeline accepts, and against
 * broken files.
 */
let dir: string;
const file = (name: string) => path.join(dir, name);
const create = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staylix-headers-'));
  await create(321, 123).png().toFile(file('a.png'));
  await create(640, 480).jpeg().toFile(file('a.jpg'));
  // A phone photo stored sideways with EXIF orientation 6 (rotate 90°): shown 480 wide and 640
  // high.
  await create(640, 480).jpeg().withMetadata({ orientation: 6 }).toFile(file('rotated.jpg'));
  await create(300, 200).webp({ quality: 80 }).toFile(file('lossy.webp'));
  await create(300, 200).webp({ lossless: true }).toFile(file('lossless.webp'));
  await create(301, 201).ensureAlpha(0.5).webp({ quality: 80 }).toFile(file('alpha.webp'));
  await create(256, 144).avif({ effort: 0 }).toFile(file('a.avif'));
  writeFileSync(
    file('box.svg'),
    '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><rect width="10" height="10"/></svg>',
  );
  writeFileSync(
    file('wide.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="140px" viewBox="0 0 70 24"></svg>',
  );
  writeFileSync(file('text.png'), 'not an image');
  writeFileSync(
    file('cut.png'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readImageHeader', () => {
  it.each([
    ['a.png', 'png', 321, 123],
    ['a.jpg', 'jpeg', 640, 480],
    ['rotated.jpg', 'jpeg', 480, 640],
    ['lossy.webp', 'webp', 300, 200],
    ['lossless.webp', 'webp', 300, 200],
    ['alpha.webp', 'webp', 301, 201],
    ['a.avif', 'avif', 256, 144],
    ['box.svg', 'svg', 640, 360],
    ['wide.svg', 'svg', 140, 48],
  ])('reads %s as %s, %i × %i', (name, format, width, height) => {
    const result = readImageHeader(file(name));
    expect(result.ok && result.header).toMatchObject({ format, width, height });
  });

  it('says what is wrong with a file that is not an image, a cut-short one and a missing one', () => {
    expect(readImageHeader(file('text.png'))).toEqual({ ok: false, reason: 'unsupported' });
    expect(readImageHeader(file('cut.png'))).toEqual({ ok: false, reason: 'unreadable' });
    expect(readImageHeader(file('nothing.png'))).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('reads a changed file again (the cache is keyed by size and mtime)', async () => {
    await create(10, 20).png().toFile(file('changing.png'));
    expect(readImageHeader(file('changing.png'))).toMatchObject({
      ok: true,
      header: { width: 10, height: 20 },
    });
    await create(30, 40).png().toFile(file('changing.png'));
    utimesSync(file('changing.png'), new Date(), new Date(Date.now() + 5000));
    expect(readImageHeader(file('changing.png'))).toMatchObject({
      ok: true,
      header: { width: 30, height: 40 },
    });
  });
});
