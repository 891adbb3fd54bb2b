import type { Metadata, Sharp } from 'sharp';
import { imageMessages, type AuthorError } from '../../../engine/errors.ts';
import type { ImageFormatName } from '../../shared/api.ts';

/** The largest image the editor takes: bigger than any place on the site needs, many times over. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const MAX_IMAGE_PIXELS = 50_000_000;

/** What an accepted image is written as: its own format, a still GIF as PNG (no field takes GIF). */
const STORED: Record<string, ImageFormatName> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'png',
};
const WORDS: Record<string, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  gif: 'GIF',
  tiff: 'TIFF',
  heic: 'HEIC',
  pdf: 'PDF',
  jp2: 'JPEG 2000',
  jxl: 'JPEG XL',
};
export const EXTENSIONS: Record<ImageFormatName, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};

export class ImageRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: AuthorError,
  ) {
    super(error.message);
  }
}

export interface Identified {
  /** What sharp found the bytes to be: jpeg, png, webp, avif or gif. */
  found: string;
  stored: ImageFormatName;
  width: number;
  height: number;
}

const sharpOf = async () => (await import('sharp')).default;

/** The format's name as sharp's metadata gives it, AVIF and HEIC told apart (both are HEIF). */
const formatOf = (meta: Metadata): string =>
  meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : String(meta.format);

/**
 * What the bytes are, found by decoding their header with sharp (never from the file's name or
 * the browser's type), and whether the site can take them: one of the web's image formats, at most
 * 50 megapixels, one frame (no image on the site plays an animation: the build makes still AVIF and
 * WebP copies of the first frame), and one of the formats the field accepts.
 */
export async function identifyImage(
  bytes: Buffer,
  name: string,
  accepted: readonly ImageFormatName[],
): Promise<Identified> {
  let meta: Metadata;
  try {
    meta = await (await sharpOf())(bytes).metadata();
  } catch {
    throw new ImageRefused(415, imageMessages.notAnImage(name));
  }
  const found = formatOf(meta);
  if (found === 'svg') throw new ImageRefused(415, imageMessages.svg(name));
  const stored = STORED[found];
  if (!stored) {
    const words = WORDS[found];
    throw new ImageRefused(
      415,
      words ? imageMessages.otherFormat(name, words) : imageMessages.notAnImage(name),
    );
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!(width > 0 && height > 0)) throw new ImageRefused(422, imageMessages.damaged(name));
  if (width * height > MAX_IMAGE_PIXELS)
    throw new ImageRefused(413, imageMessages.tooManyPixels(name, width, height, MAX_IMAGE_PIXELS));
  if ((meta.pages ?? 1) > 1) throw new ImageRefused(422, imageMessages.animated(name, meta.pages!));
  if (!accepted.includes(stored))
    throw new ImageRefused(
      422,
      imageMessages.notForField(
        name,
        WORDS[found]!,
        accepted.map((format) => WORDS[format]!),
      ),
    );
  return { found, stored, width, height };
}

const encoders: Record<ImageFormatName, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 90, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
  webp: (image) => image.webp({ quality: 90 }),
  avif: (image) => image.avif({ quality: 70, effort: 3 }),
};

/**
 * The image decoded and written again in its format (a still GIF as PNG), turned the way it is
 * shown (EXIF orientation applied), without its metadata: no GPS position, camera, date, author or
 * comment leaves the author's computer. The colour profile stays, so the colours do not shift.
 */
export async function cleanImage(
  bytes: Buffer,
  name: string,
  image: Identified,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    const decoded = (await sharpOf())(bytes, {
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_PIXELS,
    })
      .rotate()
      .keepIccProfile();
    const { data, info } = await encoders[image.stored](decoded).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new ImageRefused(422, imageMessages.damaged(name));
  }
}
