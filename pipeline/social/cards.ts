import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { hashTree, sha1 } from '../../engine/hash.ts';
import type { SiteModel } from '../../engine/load-site.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { SocialCard } from '../../ui/image-manifest.ts';
import { siteLocales, translationOf } from '../../engine/locales.ts';
import {
  CARD_HEIGHT,
  cardDrawingKey,
  CARD_VERSION,
  RTL_CARD_VERSION,
  CARD_WIDTH,
  drawCard,
  type CardText,
} from './card.ts';
import { writeWholeAsync } from '../../engine/write-whole.ts';
import { drawOnThread } from './card-thread.ts';

const words = (segment: string) =>
  segment
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * `/solutions/hotels` → "Solutions"; `/resources/blog/x` → "Resources · Blog"; a top-level page has
 * none.
 */
function sectionOf(route: string): string {
  const segments = route.split('/').filter(Boolean);
  if (segments.length < 2) return '';
  return segments
    .slice(0, Math.min(2, segments.length - 1))
    .map(words)
    .join(' · ');
}

/** The code that draws a card (pipeline/social/): a change to it draws every card again. */
const drawingCode = (root: string) =>
  hashTree(root, ['pipeline/social'], (file) => file.includes('.test.'));

const cardAlt = (text: CardText) =>
  `${text.brand}${text.section ? ` · ${text.section}` : ''}: ${text.title}`;

export interface MadeCards {
  cards: Record<string, SocialCard>;
  files: Record<string, string>;
  /** How many cards are drawn now (the rest were in the cache). */
  made: number;
  /**
   * Settles when every card of `files` is in the cache: the pages that show them can be rendered
   * meanwhile.
   */
  drawn: Promise<void>;
  /**
   * Says the build has nothing left to do but wait for the cards: when many are left, a thread of
   * their own draws them too.
   */
  hurry: () => void;
}

/**
 * From this many cards left when the build has nothing else to do, a second thread helps draw them
 * (it costs a few tenths of a second of CPU to start: compiling and loading the card's code, the
 * glyph table).
 */
const HELP_FROM = 100;

/**
 * A card per published page, unless the page names its own `socialImage`. Cards are cached by a
 * hash of what is drawn on them: a build draws only the cards of new or retitled pages. Their URLs
 * (and the manifest) are known at once; the missing cards are drawn in the background (`drawn`).
 */
export function makeSocialCards({
  root,
  site,
  config,
  cacheDir,
}: {
  root: string;
  site: SiteModel;
  config: SiteConfig;
  cacheDir: string;
}): MadeCards {
  const dir = path.join(cacheDir, 'social');
  mkdirSync(dir, { recursive: true });
  const host = new URL(config.baseUrl).host;
  const drawing = sha1(cardDrawingKey(), drawingCode(root));
  const cards: Record<string, SocialCard> = {};
  const files: Record<string, string> = {};
  const toDraw = new Map<string, CardText>();
  for (const loaded of site.pages) {
    if (loaded.summary.ownSocialImage) continue;
    // A translation's card: its own title, no English section name, drawn right to left where its
    // language is.
    const translation = translationOf(loaded.route, siteLocales(config.locales));
    const text: CardText = {
      title: loaded.summary.title,
      section: translation ? '' : sectionOf(loaded.route),
      brand: config.name,
      host,
      ...(translation?.locale.dir === 'rtl' ? { dir: 'rtl' as const } : {}),
    };
    // The URL names what the card shows; the cache file, also how it was drawn.
    const key = createHash('sha256')
      .update(JSON.stringify([CARD_VERSION, text, ...(text.dir ? [RTL_CARD_VERSION] : [])]))
      .digest('hex')
      .slice(0, 12);
    const cached = path.join(
      dir,
      `${createHash('sha256').update(drawing).update(key).digest('hex').slice(0, 24)}.png`,
    );
    if (!existsSync(cached)) toDraw.set(cached, text);
    const slug = loaded.route === '/' ? 'home' : loaded.route.slice(1).replace(/\//g, '--');
    const url = `/social/${slug}-${key}.png`;
    files[url] = cached;
    cards[loaded.route] = { url, width: CARD_WIDTH, height: CARD_HEIGHT, alt: cardAlt(text) };
  }
  const queue = [...toDraw];
  const layersDir = path.join(dir, 'layers');
  // Four at a time: one card's title is laid out while others are rasterised and written on
  // libuv's thread pool (this thread's time is what a build of many new pages waits for).
  const drawer = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [cached, text] = next;
      await writeWholeAsync(cached, await drawCard(text, layersDir));
    }
  };
  let helper: Promise<void> | undefined;
  const drawn = Promise.all(Array.from({ length: 4 }, drawer)).then(() => helper);
  drawn.catch(() => {}); // awaited by the build; this only keeps a failure from counting as unhandled meanwhile
  // Sorted by route: the manifest is the same from build to build.
  return {
    cards: Object.fromEntries(Object.entries(cards).sort(([a], [b]) => a.localeCompare(b))),
    files,
    made: toDraw.size,
    drawn,
    hurry: () => {
      if (queue.length < HELP_FROM || helper) return;
      // A thread that cannot start (its code does not compile) fails the build through `drawn`.
      helper = Promise.resolve().then(() => drawOnThread(root, queue, layersDir));
      helper.catch(() => {}); // awaited by `drawn`; this only keeps a failure from counting as unhandled meanwhile
    },
  };
}
