import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Bytes of the images a page shows, as a desktop browser with AVIF support downloads them once
 * everything has scrolled into view: for a `<picture>`, its first `<source>`'s candidate at the
 * width of the `<img src>`; for a plain `<img>`, its `src`. Files that are not in the build
 * (external URLs) are left out.
 */
export function pageImageBytes(dir: string, html: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  const size = (url: string | undefined) => {
    if (!url?.startsWith('/')) return 0;
    const file = path.join(dir, decodeURI(url.split(/[?#]/)[0]!));
    return existsSync(file) ? statSync(file).size : 0;
  };
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const pictures = [...html.matchAll(/<picture[^>]*>([\s\S]*?)<\/picture>/gi)];
  for (const [, inner] of pictures) {
    const img = /<img[^>]*>/i.exec(inner!)?.[0] ?? '';
    const width = /-(\d+)\.\w+$/.exec(attribute(img, 'src') ?? '')?.[1];
    const source = /<source[^>]*>/i.exec(inner!)?.[0];
    const candidate =
      source && width
        ? (attribute(source, 'srcset') ?? '')
            .split(', ')
            .find((entry) => entry.endsWith(` ${width}w`))
            ?.split(' ')[0]
        : undefined;
    bytes += size(candidate ?? attribute(img, 'src'));
    count++;
  }
  const outside = html.replace(/<picture[^>]*>[\s\S]*?<\/picture>/gi, '');
  for (const [img] of outside.matchAll(/<img[^>]*>/gi)) {
    bytes += size(attribute(img, 'src'));
    count++;
  }
  return { count, bytes };
}
