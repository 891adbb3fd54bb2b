import { findRefs } from '../../../engine/check-references.ts';
import { NOT_FOUND_FILE, routeFromFile } from '../../../engine/routes.ts';
import { CONFIG_FILE, type SiteIndex } from '../../../engine/site-index.ts';
import { yamlData } from '../../document/read-yaml.ts';
import type { MediaImage } from '../../shared/api.ts';
import type { DraftStore } from '../drafts.ts';

type User = MediaImage['usedBy'][number];

/** The words for a page that uses an image: its title, else its address. */
const titleOf = (data: unknown, fallback: string) =>
  data && typeof data === 'object' && typeof (data as { title?: unknown }).title === 'string'
    ? (data as { title: string }).title
    : fallback;

/**
 * Each file's data and image paths, read again only when its text changed: parsing every page for
 * each look at the Media screen would cost a second on a site of a hundred pages.
 */
const readCache = new Map<string, { text: string; data: unknown; sources: Set<string> }>();

function read(file: string, text: string) {
  const hit = readCache.get(file);
  if (hit?.text === text) return hit;
  const data = yamlData(text);
  const entry = { text, data, sources: new Set(findRefs(data).images.map((ref) => ref.value)) };
  readCache.set(file, entry);
  return entry;
}

/**
 * Which pages (and the site settings) use each image: every image path in the saved text of every
 * page, or in its unsaved text when the editor holds one (an image chosen but not saved yet is in
 * use too). Found where the validator finds image paths (`src`, `socialImage`,
 * `defaultSocialImage`), for the `images` asked about.
 */
export function imageUsage(
  site: SiteIndex,
  drafts: DraftStore,
  images: readonly string[],
): Map<string, User[]> {
  const texts = new Map<string, string>();
  for (const file of site.files()) texts.set(file, site.textOf(file) ?? '');
  const config = site.textOfConfig();
  if (config !== undefined) texts.set(CONFIG_FILE, config);
  for (const [file, text] of drafts.texts()) if (texts.has(file)) texts.set(file, text);
  const usage = new Map<string, User[]>();
  for (const [file, text] of texts) {
    // Only a text that holds an image's path is read as YAML (most pages show no image).
    if (!images.some((src) => text.includes(src))) continue;
    const { data, sources } = read(file, text);
    if (!sources.size) continue;
    const route = file === NOT_FOUND_FILE ? undefined : routeFromFile(file);
    const user: User =
      file === CONFIG_FILE
        ? { file, title: 'Site settings' }
        : { file, ...(route ? { route } : {}), title: titleOf(data, route ?? file) };
    for (const src of sources) usage.set(src, [...(usage.get(src) ?? []), user]);
  }
  return usage;
}
