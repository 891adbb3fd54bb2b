import { closeSync, openSync, readSync, statSync } from 'node:fs';

/**
 * Intrinsic size and format of an image, read from its header only (a few hundred bytes, a few KB
 * for a JPEG with EXIF data), synchronously: the validator and the renderer are synchronous, and
 * decoding a 4 MB photo to learn its size would cost ~100 ms where the header costs ~0.05 ms.
 * Results are cached by path, size and mtime.
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'avif' | 'svg';

export interface ImageHeader {
  format: ImageFormat;
  /**
   * Display size: EXIF orientation applied (a portrait phone photo stored sideways is portrait
   * here).
   */
  width: number;
  height: number;
  bytes: number;
}

export type HeaderResult =
  | { ok: true; header: ImageHeader }
  | { ok: false; reason: 'unsupported' | 'unreadable' | 'no-size' };

const HEAD = 64 * 1024;
const cache = new Map<string, { key: string; result: HeaderResult }>();

export function readImageHeader(file: string): HeaderResult {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const key = `${stat.size}:${stat.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.result;
  const result = readUncached(file, stat.size);
  cache.set(file, { key, result });
  return result;
}

function readUncached(file: string, bytes: number): HeaderResult {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const read = (position: number, length: number): Buffer => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, bytes - position)));
      if (buffer.length) readSync(fd, buffer, 0, buffer.length, position);
      return buffer;
    };
    const head = read(0, HEAD);
    const size = sniff(head, read, bytes);
    if (size === 'unsupported' || size === 'no-size') return { ok: false, reason: size };
    if (!size || !(size.width > 0 && size.height > 0)) return { ok: false, reason: 'unreadable' };
    return { ok: true, header: { ...size, bytes } };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    closeSync(fd);
  }
}

type Sniffed =
  { format: ImageFormat; width: number; height: number } | 'unsupported' | 'no-size' | undefined;

function sniff(
  head: Buffer,
  read: (position: number, length: number) => Buffer,
  bytes: number,
): Sniffed {
  if (
    head.length >= 8 &&
    head.readUInt32BE(0) === 0x89504e47 &&
    head.readUInt32BE(4) === 0x0d0a1a0a
  ) {
    if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
    return { format: 'png', width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpeg(read, bytes);
  if (
    head.length >= 30 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return webp(head);
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return avif(head);
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text))
    return svg(text);
  return 'unsupported';
}

/** Walks the JPEG segments to the first frame header; reads EXIF orientation on the way. */
function jpeg(read: (position: number, length: number) => Buffer, bytes: number): Sniffed {
  let position = 2;
  let orientation = 1;
  while (position + 4 <= bytes) {
    const marker = read(position, 4);
    if (marker[0] !== 0xff) return undefined;
    const type = marker[1]!;
    if (type === 0xff) {
      position += 1;
      continue;
    }
    const length = marker.readUInt16BE(2);
    if (type === 0xe1)
      orientation = exifOrientation(read(position + 4, Math.min(length - 2, 4096))) ?? orientation;
    const isFrame = type >= 0xc0 && type <= 0xcf && type !== 0xc4 && type !== 0xc8 && type !== 0xcc;
    if (isFrame) {
      const frame = read(position + 4, 5);
      if (frame.length < 5) return undefined;
      const height = frame.readUInt16BE(1);
      const width = frame.readUInt16BE(3);
      return orientation >= 5
        ? { format: 'jpeg', width: height, height: width }
        : { format: 'jpeg', width, height };
    }
    if (type === 0xd9 || type === 0xda) return undefined;
    position += 2 + length;
  }
  return undefined;
}

function exifOrientation(app1: Buffer): number | undefined {
  if (app1.length < 14 || app1.toString('latin1', 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = app1.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return undefined;
}

function webp(head: Buffer): Sniffed {
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ')
    return {
      format: 'webp',
      width: head.readUInt16LE(26) & 0x3fff,
      height: head.readUInt16LE(28) & 0x3fff,
    };
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X')
    return {
      format: 'webp',
      width: head.readUIntLE(24, 3) + 1,
      height: head.readUIntLE(27, 3) + 1,
    };
  return undefined;
}

/** AVIF (HEIF): the `ispe` property box holds the image's size. */
function avif(head: Buffer): Sniffed {
  const brand = head.toString('latin1', 8, 12);
  if (
    brand !== 'avif' &&
    brand !== 'avis' &&
    !head
      .subarray(16, Math.min(head.readUInt32BE(0), 64))
      .toString('latin1')
      .includes('avif')
  )
    return 'unsupported';
  const at = head.indexOf('ispe', 0, 'latin1');
  if (at < 0 || at + 16 > head.length) return undefined;
  return { format: 'avif', width: head.readUInt32BE(at + 8), height: head.readUInt32BE(at + 12) };
}

/** The root element's width and height (in px or unitless), else its viewBox. */
function svg(text: string): Sniffed {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const attribute = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const length = (value: string | undefined) =>
    value && /^\s*[\d.]+\s*(px)?\s*$/.test(value) ? parseFloat(value) : undefined;
  let width = length(attribute('width'));
  let height = length(attribute('height'));
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    if (width && !height) height = (width * box[3]!) / box[2]!;
    else if (height && !width) width = (height * box[2]!) / box[3]!;
    else if (!width && !height) [width, height] = [box[2]!, box[3]!];
  }
  if (!width || !height) return 'no-size';
  return { format: 'svg', width: Math.round(width), height: Math.round(height) };
}
