import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { imageMessages } from '../../../engine/errors.ts';
import { readImageHeader } from '../../../ui/image-header.ts';
import type {
  ImageFormatName,
  MediaImage,
  MediaResponse,
  RemoveImageResponse,
  UploadedImage,
} from '../../shared/api.ts';
import { HttpError, sendJson, type ApiContext } from '../api.ts';
import { editorErrors } from '../errors.ts';
import { FileAccessError } from '../files.ts';
import { imageBaseName, imageNames } from './file-name.ts';
import {
  cleanImage,
  EXTENSIONS,
  identifyImage,
  ImageRefused,
  MAX_IMAGE_BYTES,
  type Identified,
} from './identify.ts';
import { readUpload } from './read-upload.ts';
import { imageUsage } from './usage.ts';
import { serialQueue } from '../serial-queue.ts';

/** The files the Media screen lists: what browsers show as images. */
const IMAGE_FILE = /\.(png|jpe?g|webp|avif|gif|svg|ico)$/i;
const FORMATS = Object.keys(EXTENSIONS) as ImageFormatName[];
const FOLDER = 'public/images';
/** More candidates than this for one name: something is wrong with the folder. */
const MAX_TRIES = 1000;

/** The formats a field takes (`formats=png,jpeg`), all when it does not say. */
function acceptedFormats(url: URL): ImageFormatName[] {
  const given = url.searchParams.get('formats');
  if (given === null) return FORMATS;
  const list = given
    .split(',')
    .filter((format): format is ImageFormatName => FORMATS.includes(format as ImageFormatName));
  if (!list.length) throw new HttpError(400, editorErrors.badRequest('"formats" the field takes'));
  return list;
}

/**
 * The Media API: images added from the author's computer (`POST /api/images`), every image with
 * where it is used (`GET /api/media`), an unused one removed (`DELETE /api/images`). Uploads run
 * one at a time: each decodes an image of up to 50 megapixels, and the next one's name depends on
 * the files the last one wrote.
 */
export class MediaService {
  private readonly serial = serialQueue();

  constructor(private readonly ctx: ApiContext) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const route = `${req.method} ${url.pathname}`;
    try {
      switch (route) {
        case 'POST /api/images': {
          const name = url.searchParams.get('name') ?? '';
          const accepted = acceptedFormats(url);
          const bytes = await readUpload(req, MAX_IMAGE_BYTES);
          if (!bytes) throw new ImageRefused(413, imageMessages.tooLarge(MAX_IMAGE_BYTES));
          const added = await this.serial(() => this.add(bytes, name, accepted));
          return sendJson(res, 201, added satisfies UploadedImage);
        }
        case 'GET /api/media':
          return sendJson(res, 200, this.list() satisfies MediaResponse);
        case 'DELETE /api/images':
          return sendJson(
            res,
            200,
            this.remove(url.searchParams.get('src') ?? '') satisfies RemoveImageResponse,
          );
        default:
          throw new HttpError(404, editorErrors.notFound(url.pathname));
      }
    } catch (error) {
      if (error instanceof ImageRefused) throw new HttpError(error.status, error.error);
      throw error;
    }
  }

  private async add(
    bytes: Buffer,
    name: string,
    accepted: readonly ImageFormatName[],
  ): Promise<UploadedImage> {
    const image: Identified = await identifyImage(bytes, name, accepted);
    const clean = await cleanImage(bytes, name, image);
    // Compared without case: a copy on a disk that ignores case (macOS, Windows) must not merge two.
    const taken = new Set(this.ctx.site.publicPaths().map((src) => src.toLowerCase()));
    const names = imageNames(imageBaseName(name), EXTENSIONS[image.stored]);
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const candidate = `${FOLDER}/${names.next().value as string}`;
      const src = candidate.slice('public'.length);
      if (taken.has(src.toLowerCase())) continue;
      if (!this.ctx.files.create(candidate, clean.bytes)) continue;
      this.ctx.site.refresh(candidate);
      return {
        src,
        file: candidate,
        format: image.stored,
        width: clean.width,
        height: clean.height,
        bytes: clean.bytes.length,
      };
    }
    throw new HttpError(409, editorErrors.cannotWrite(FOLDER, 'too many images have that name'));
  }

  private list(): MediaResponse {
    const sources = this.ctx.site.publicPaths().filter((src) => IMAGE_FILE.test(src));
    const usage = imageUsage(this.ctx.site, this.ctx.drafts, sources);
    const images = sources.flatMap((src): MediaImage[] => {
      const absolute = path.join(this.ctx.files.root, 'public', src);
      let bytes: number;
      try {
        bytes = statSync(absolute).size;
      } catch {
        return []; // removed since the list was made
      }
      const header = readImageHeader(absolute);
      return [
        {
          src,
          file: `public${src}`,
          bytes,
          ...(header.ok ? { width: header.header.width, height: header.header.height } : {}),
          usedBy: usage.get(src) ?? [],
        },
      ];
    });
    return { images };
  }

  private remove(src: string): RemoveImageResponse {
    if (!src.startsWith('/') || !IMAGE_FILE.test(src))
      throw new HttpError(400, imageMessages.notAnImageFile(src));
    const { file } = this.ctx.files.resolve(`public${src}`);
    if (!this.ctx.site.publicPaths().includes(src))
      throw new FileAccessError(404, editorErrors.noSuchFile(file));
    const usedBy = imageUsage(this.ctx.site, this.ctx.drafts, [src]).get(src) ?? [];
    if (usedBy.length)
      throw new HttpError(
        409,
        imageMessages.inUse(
          src,
          usedBy.map((user) => user.route ?? user.title),
        ),
        { usedBy },
      );
    this.ctx.files.remove(file);
    this.ctx.site.refresh(file);
    return { removed: src };
  }
}
