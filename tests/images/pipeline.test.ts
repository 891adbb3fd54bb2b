import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareImages } from '../../pipeline/images/prepare.ts';
import { loadSite } from '../../engine/load-site.ts';
import { imageSlots } from '../../schema/image-slots.ts';
import { copyProject } from '../helpers/project-copy.ts';

/**
 * The image pipeline in a real build: a copy of the project gets a page whose hero shows a 4 MB
 * phone-style JPEG and whose cards have covers; `npm run build` runs once (shared by every test)
 * and the HTML and files it wrote are checked: formats, widths, sizes, dimensions, eager vs lazy
 * loading, the social card, and the cache.
 */
let dir: string;
let build: ReturnType<typeof spawnSync>;
let photoBytes: number;

const PAGE = `title: Photo test
description: A page with a large photo in its hero and covers on its cards, to test the image pipeline.
blocks:
  - type: hero
    title: A large photo from a phone
    media:
      src: /images/test/phone-photo.jpg
      alt: The lobby of a hotel at dusk
  - type: linkList
    heading: Cards with covers
    items:
      - title: Pricing
        href: /pricing
        cover: { src: /images/examples/cover-sales.jpg, alt: "" }
      - title: Contact
        href: /contact
        cover: { src: /images/examples/cover-guests.jpg, alt: "" }
`;

const client = (...parts: string[]) => path.join(dir, 'dist/client', ...parts);
const html = () => readFileSync(client('photo-test/index.html'), 'utf8');
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

beforeAll(async () => {
  dir = copyProject('staylix-images-build-', ['images']);
  // Photo-like: a smooth gradient under fine grain, so it compresses like a photo (about 4 MB at
  // quality 95).
  const width = 3000;
  const height = 2000;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="0.5" stop-color="#f59e0b"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const photo = await sharp(gradient)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 95 })
    .toBuffer();
  photoBytes = photo.length;
  const target = path.join(dir, 'public/images/test/phone-photo.jpg');
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, photo);
  writeFileSync(path.join(dir, 'pages/photo-test.yaml'), PAGE);
  build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a page with a 4 MB JPEG in its hero', () => {
  it('builds, with a warning about the heavy original', () => {
    expect(photoBytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(build.stdout).toMatch(
      /pages\/photo-test\.yaml:7:12 +warning +Image "\/images\/test\/phone-photo\.jpg" is [3-9]\.\d MB \(3000 × 2000 px\)/,
    );
  });

  it('serves AVIF and WebP sources and a JPEG fallback, each at the hero widths up to the original', () => {
    const picture = /<picture[^>]*>([\s\S]*?)<\/picture>/.exec(html())![1]!;
    const sources = [...picture.matchAll(/<source[^>]*>/g)].map((match) => match[0]);
    expect(sources.map((source) => attribute(source, 'type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    const widthsOf = (srcset: string) =>
      srcset.split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)![1]));
    for (const source of sources) {
      expect(widthsOf(attribute(source, 'srcset')!)).toEqual([...imageSlots.heroBelow.widths]);
      expect(attribute(source, 'sizes')).toBe(imageSlots.heroBelow.sizes);
    }
    const img = /<img[^>]*>/.exec(picture)![0];
    expect(attribute(img, 'srcset')).toMatch(
      /^\/_images\/phone-photo-[0-9a-f]{12}-480\.jpg 480w, /,
    );
    expect(attribute(img, 'src')).toMatch(/^\/_images\/phone-photo-[0-9a-f]{12}-1040\.jpg$/);
    expect([attribute(img, 'width'), attribute(img, 'height')]).toEqual(['3000', '2000']);
    expect(attribute(img, 'alt')).toBe('The lobby of a hotel at dusk');
  });

  it('loads the hero image eagerly with high priority, and the card covers lazily', () => {
    const imgs = [...html().matchAll(/<img[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => tag.includes('/_images/'));
    expect(imgs).toHaveLength(3);
    const [hero, ...covers] = imgs;
    expect(attribute(hero!, 'fetchpriority')).toBe('high');
    expect(attribute(hero!, 'loading')).toBeUndefined();
    for (const cover of covers) {
      expect(attribute(cover, 'loading')).toBe('lazy');
      expect(attribute(cover, 'decoding')).toBe('async');
      expect(attribute(cover, 'fetchpriority')).toBeUndefined();
      expect(attribute(cover, 'sizes')).toBe(imageSlots.cover.sizes);
      expect([attribute(cover, 'width'), attribute(cover, 'height')]).toEqual(['1120', '630']);
    }
  });

  it('writes every file the HTML names, in the format and width it claims, far smaller than the original', async () => {
    const urls = [...html().matchAll(/(\/_images\/[^\s",]+) (\d+)w/g)].map((match) => ({
      url: match[1]!,
      width: Number(match[2]),
    }));
    expect(urls.length).toBeGreaterThanOrEqual(15);
    const formats: Record<string, string> = { avif: 'heif', webp: 'webp', jpg: 'jpeg' };
    for (const { url, width } of urls) {
      const file = client(url);
      expect(existsSync(file), url).toBe(true);
      const metadata = await sharp(file).metadata();
      expect(metadata.width, url).toBe(width);
      expect(metadata.format, url).toBe(formats[url.split('.').pop()!]);
    }
    const heroAvif = urls.find((entry) => entry.url.endsWith('-1040.avif'))!;
    expect(readFileSync(client(heroAvif.url)).length).toBeLessThan(photoBytes / 10);
    // The original is published as it is too (public/ is copied), but no page points at it.
    expect(html()).not.toContain('/images/test/phone-photo.jpg');
  });

  it('gives the page its own social card: a 1200 × 630 PNG named in og:image and twitter:image, with its alt', async () => {
    const page = html();
    const og = /<meta property="og:image" content="([^"]+)"/.exec(page)![1]!;
    expect(og).toMatch(/^https:\/\/[^/]+\/social\/photo-test-[0-9a-f]{12}\.png$/);
    expect(page).toContain(`<meta name="twitter:image" content="${og}"/>`);
    expect(page).toContain('<meta property="og:image:width" content="1200"/>');
    expect(page).toContain('<meta property="og:image:height" content="630"/>');
    expect(page).toContain('<meta property="og:image:alt" content="Staylix: Photo test"/>');
    const metadata = await sharp(client(new URL(og).pathname)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
    const solution = readFileSync(client('solutions/hotels/index.html'), 'utf8');
    expect(solution).toMatch(
      /<meta property="og:image:alt" content="Staylix · Solutions: [^"]+"\/>/,
    );
  });

  it('keeps the variants in the cache: preparing the same site again makes nothing', async () => {
    expect(readdirSync(path.join(dir, '.cache/images/variants')).length).toBeGreaterThanOrEqual(15);
    const site = loadSite({ root: dir });
    const again = await prepareImages({ root: dir, site });
    expect(again.made).toEqual({ variants: 0, cards: 0 });
    expect(Object.keys(again.manifest.images)).toContain('/images/test/phone-photo.jpg');
  });
});
