import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawCard, type CardText } from '../../pipeline/social/card.ts';
import { drawOnThread } from '../../pipeline/social/card-thread.ts';
import { makeSocialCards } from '../../pipeline/social/cards.ts';
import type { SiteModel } from '../../engine/load-site.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { projectRoot } from '../helpers/project-copy.ts';

/**
 * The thread that helps draw the social cards when only they are left: it takes cards from the
 * queue the main thread draws from, until it is empty, and writes the same bytes as the main
 * thread's drawing.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'card-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (n: number): CardText => ({
  title: n % 3 ? `Hotel software, part ${n}` : `Ein Titel für Seite ${n}: Übersicht`,
  section: n % 2 ? 'Solutions' : '',
  brand: 'Staylix',
  host: 'www.staylix.com',
});

describe('drawOnThread', () => {
  it('draws cards from the shared queue until it is empty, byte for byte as the main thread does', async () => {
    const layers = path.join(dir, 'layers');
    const cards = Array.from(
      { length: 7 },
      (_, n) => [path.join(dir, `${n}.png`), text(n)] as const,
    );
    const queue = [...cards];
    // The main thread takes one meanwhile, as its own drawers would.
    const [mine] = queue.splice(3, 1);
    await drawOnThread(projectRoot, queue, layers);
    expect(queue).toEqual([]);
    for (const [file, words] of cards) {
      if (file === mine![0]) continue;
      expect(readFileSync(file).equals(await drawCard(words, layers)), file).toBe(true);
    }
  }, 60_000);

  it('stops with the error of a card it cannot draw', async () => {
    const queue = [[path.join(dir, 'no-such-folder', 'x.png'), text(1)] as const];
    await expect(drawOnThread(projectRoot, [...queue], path.join(dir, 'layers'))).rejects.toThrow(
      /ENOENT/,
    );
  }, 60_000);

  it('helps the main thread once the build only waits for the cards: every card drawn, the same as drawn alone', async () => {
    const pages = Array.from({ length: 130 }, (_, n) => ({
      route: `/solutions/page-${n}`,
      summary: { title: `Hotel software, part ${n}`, ownSocialImage: false, images: [] },
    }));
    const site = { pages } as unknown as SiteModel;
    const config = { name: 'Staylix', baseUrl: 'https://www.staylix.com' } as SiteConfig;
    const made = makeSocialCards({ root: projectRoot, site, config, cacheDir: dir });
    made.hurry();
    await made.drawn;
    expect(made.made).toBe(130);
    const files = Object.values(made.files);
    expect(files).toHaveLength(130);
    for (const n of [0, 64, 129]) {
      const png = await drawCard(
        {
          title: `Hotel software, part ${n}`,
          section: 'Solutions',
          brand: 'Staylix',
          host: 'www.staylix.com',
        },
        path.join(dir, 'layers'),
      );
      expect(
        readFileSync(made.files[made.cards[`/solutions/page-${n}`]!.url]!).equals(png),
        `${n}`,
      ).toBe(true);
    }
    for (const file of files) expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);
});
