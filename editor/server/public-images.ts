import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { ProjectFiles } from './files.ts';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/**
 * An image of public/ as it is on disk now, for the preview, the image fields and the Media
 * screen. Vite lists public/ once when it starts, so an image added since would not be found
 * there. Paths go through the editor's own checks (no `..`, no link out of the project); opened
 * on its own, an image may run nothing (an SVG can hold script): its answer is sandboxed.
 * False when public/ has no such image (Vite answers then).
 */
export function servePublicImage(files: ProjectFiles, res: ServerResponse, pathname: string) {
  const type = TYPES[/\.([a-z]+)$/i.exec(pathname)?.[1]?.toLowerCase() ?? ''];
  if (!type) return false;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  let absolute: string;
  let size: number;
  try {
    absolute = files.resolve(`public${relative}`).absolute;
    const stat = statSync(absolute);
    if (!stat.isFile()) return false;
    size = stat.size;
  } catch {
    return false;
  }
  res.writeHead(200, {
    'content-type': type,
    'content-length': size,
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  createReadStream(absolute)
    .on('error', () => res.destroy())
    .pipe(res);
  return true;
}
