import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawCard } from '../../pipeline/social/card.ts';
import { copyProject } from '../helpers/project-copy.ts';

/**
 * CI restores the last run's .cache/ (older than the commit it builds): it must never publish an
 * old card or image. On a copy of the project: build, keep its .cache/, change a page's title and
 * an image, put the old .cache/ back and remove dist/ (a fresh checkout with a restored cache),
 * build again: the page points at a new card showing the new title, the image's variants are made
 * from the new file, and nothing of the old ones is published.
 */
let dir: string;
let oldCache: string;
const IMAGE = 'public/images/examples/cover-guests.jpg';

function build() {
  const result = spawnSync(
    process.execPath,
    ['scripts/run-compiled.mjs', 'scripts/build.ts', '--catalogue'],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}
const ogImage = () => {
  const html = readFileSync(path.join(dir, 'dist/client/pricing/index.html'), 'utf8');
  return new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;
};
const htmlFiles = () =>
  (readdirSync(path.join(dir, 'dist/client'), { recursive: true }) as string[]).filter((file) =>
    file.endsWith('.html'),
  );
/** Every URL of the image's variants named in the built HTML. */
const variantUrls = () =>
  new Set(
    htmlFiles().flatMap((file) =>
      [
        ...readFileSync(path.join(dir, 'dist/client', file), 'utf8').matchAll(
          /\/_images\/cover-guests-[0-9a-f]+-\d+\.\w+/g,
        ),
      ].map((match) => match[0]),
    ),
  );
const pixels = async (file: string) =>
  (await sharp(file).removeAlpha().raw().toBuffer()).toString('base64');

const before = { card: '', cardPixels: '', variants: new Set<string>(), variantPixels: '' };

beforeAll(async () => {
  dir = copyProject('stale-cache-', ['images']);
  oldCache = path.join(os.tmpdir(), `${path.basename(dir)}-old-cache`);
  build();
  before.card = ogImage();
  before.cardPixels = await pixels(path.join(dir, 'dist/client', before.card));
  before.variants = variantUrls();
  before.variantPixels = await pixels(path.join(dir, 'dist/client', [...before.variants][0]!));
  cpSync(path.join(dir, '.cache'), oldCache, { recursive: true });

  const page = path.join(dir, 'pages/pricing.yaml');
  writeFileSync(
    page,
    readFileSync(page, 'utf8').replace(/^title: (.*)$/m, 'title: Plans and prices for every hotel'),
  );
  // The same picture turned upside down: same size and format, other pixels.
  writeFileSync(path.join(dir, IMAGE), await sharp(path.join(dir, IMAGE)).flip().jpeg().toBuffer());

  rmSync(path.join(dir, '.cache'), { recursive: true, force: true });
  cpSync(oldCache, path.join(dir, '.cache'), { recursive: true });
  rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  build();
}, 600_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(oldCache, { recursive: true, force: true });
});

describe('a build from a stale cache', () => {
  it('publishes the new card: a new URL, the new title drawn, the old card nowhere', async () => {
    const card = ogImage();
    expect(card).not.toBe(before.card);
    const published = await pixels(path.join(dir, 'dist/client', card));
    const config = readFileSync(path.join(dir, 'site.config.yaml'), 'utf8');
    const host = new URL(/^baseUrl: (\S+)/m.exec(config)![1]!).host;
    const expected = await drawCard({
      title: 'Plans and prices for every hotel',
      section: '',
      brand: /^name: (.*)$/m.exec(config)![1]!,
      host,
    });
    expect(published).toBe(
      (await sharp(expected).removeAlpha().raw().toBuffer()).toString('base64'),
    );
    expect(published).not.toBe(before.cardPixels);
    expect(readdirSync(path.join(dir, 'dist/client/social'))).not.toContain(
      path.basename(before.card),
    );
  });

  it("publishes the changed image's new variants, made from the new file, and none of the old ones", async () => {
    const variants = variantUrls();
    expect(variants.size).toBe(before.variants.size);
    for (const url of variants) expect(before.variants.has(url), url).toBe(false);
    const first = [...variants][0]!;
    expect(await pixels(path.join(dir, 'dist/client', first))).not.toBe(before.variantPixels);
    const published = readdirSync(path.join(dir, 'dist/client/_images'));
    for (const url of before.variants) expect(published).not.toContain(path.basename(url));
  });
});
