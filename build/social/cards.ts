import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteModel } from '../../engine/load-site.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { SocialCard } from '../images/manifest.ts';
import { CARD_HEIGHT, CARD_VERSION, CARD_WIDTH, drawCard, type CardText } from './card.ts';

const words = (segment: string) =>
  segment
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** `/solutions/hotels` → "Solutions"; `/resources/blog/x` → "Resources · Blog"; a top-level page has none. */
function sectionOf(route: string): string {
  const segments = route.split('/').filter(Boolean);
  if (segments.length < 2) return '';
  return segments
    .slice(0, Math.min(2, segments.length - 1))
    .map(words)
    .join(' · ');
}

const cardAlt = (text: CardText) => `${text.brand}${text.section ? ` · ${text.section}` : ''}: ${text.title}`;

export interface MadeCards {
  cards: Record<string, SocialCard>;
  files: Record<string, string>;
  made: number;
}

/**
 * A card per published page, unless the page names its own `socialImage`. Cards are cached by a hash of what is
 * drawn on them: a build draws only the cards of new or retitled pages.
 */
export async function makeSocialCards({ site, config, cacheDir }: { root: string; site: SiteModel; config: SiteConfig; cacheDir: string }): Promise<MadeCards> {
  const dir = path.join(cacheDir, 'social');
  mkdirSync(dir, { recursive: true });
  const host = new URL(config.baseUrl).host;
  const out: MadeCards = { cards: {}, files: {}, made: 0 };
  const pages = site.pages.filter((loaded) => !loaded.summary.ownSocialImage);
  let next = 0;
  // Four at a time: satori lays out one card while resvg rasterises others on the thread pool.
  const worker = async () => {
    while (next < pages.length) {
      const loaded = pages[next++]!;
      const text: CardText = { title: loaded.summary.title, section: sectionOf(loaded.route), brand: config.name, host };
      const key = createHash('sha256')
        .update(JSON.stringify([CARD_VERSION, text]))
        .digest('hex')
        .slice(0, 12);
      const cached = path.join(dir, `${key}.png`);
      if (!existsSync(cached)) {
        writeFileSync(`${cached}.${process.pid}.tmp`, await drawCard(text));
        renameSync(`${cached}.${process.pid}.tmp`, cached);
        out.made++;
      }
      const slug = loaded.route === '/' ? 'home' : loaded.route.slice(1).replace(/\//g, '--');
      const url = `/social/${slug}-${key}.png`;
      out.files[url] = cached;
      out.cards[loaded.route] = { url, width: CARD_WIDTH, height: CARD_HEIGHT, alt: cardAlt(text) };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  // Pages finish in any order: sorted, the manifest is the same from build to build.
  out.cards = Object.fromEntries(Object.entries(out.cards).sort(([a], [b]) => a.localeCompare(b)));
  return out;
}
