import { z } from 'zod';
import { blockSchemas, blockTypes, isBlockType, type Block } from '../blocks/schemas.ts';
import {
  DESCRIPTION_MAX_LENGTH,
  pageShellSchema,
  TITLE_MAX_LENGTH,
  type PageShell,
} from '../blocks/page-schema.ts';
import { RESERVED_ANCHORS } from '../schema/anchors.ts';
import { lengthGuide } from '../schema/text-lengths.ts';
import { siteConfigSchema, type SiteConfig } from '../schema/site-config.ts';
import { checkLocalesConfig } from './check-locales-config.ts';
import { checkTeamConfig } from './check-team-config.ts';
import type { Collector } from './collector.ts';
import { didYouMean } from './did-you-mean.ts';
import { authorErrors } from './errors.ts';
import { parseWith, readYamlMapping } from './read-yaml.ts';
import type { YamlPath, YamlSource } from './yaml-source.ts';
import { foundValue } from './zod-issues.ts';

/** A valid page: its fields and its blocks, each checked against its own schema. */
export type Page = Omit<PageShell, 'blocks'> & { blocks: Block[] };

export const CONFIG_FILE = 'site.config.yaml';

/**
 * The page's own fields, with `blocks` only checked to be a non-empty list: each block is then
 * checked on its own, against its own schema, without copying every block once more through a
 * generic schema.
 */
const shellSchema = pageShellSchema.extend({
  blocks: z
    .array(z.unknown())
    .min(1)
    .meta({ description: 'The sections of the page, top to bottom.' }),
});

function validateBlock(
  source: YamlSource,
  raw: unknown,
  index: number,
  collector: Collector,
): Block | undefined {
  const at: YamlPath = ['blocks', index];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const typeGuess = typeof raw === 'string' ? didYouMean(raw, blockTypes) : undefined;
    collector.add(
      source,
      authorErrors.blockNotAMapping(index, foundValue(raw), typeGuess),
      source.positionOf(at),
    );
    return undefined;
  }
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string') {
    collector.add(source, authorErrors.missingBlockType(blockTypes), source.positionOf(at));
    return undefined;
  }
  if (!isBlockType(type)) {
    collector.add(
      source,
      authorErrors.unknownBlockType(type, didYouMean(type, blockTypes), blockTypes),
      source.positionOf([...at, 'type']),
    );
    return undefined;
  }
  // A translation's block left in the source's language (engine/check-translation.ts says whether
  // it may be).
  if (isUntranslatedBlock(raw)) return raw as Block;
  const schema = blockSchemas[type] as unknown as z.ZodType<Block>;
  return parseWith(schema, source, raw, at, collector);
}

/** `{ type: hero, untranslated: true }`: in a translation, the source's block shown as it is. */
export const isUntranslatedBlock = (raw: object): boolean =>
  (raw as { untranslated?: unknown }).untranslated === true && Object.keys(raw).length === 2;

/** Warnings about lengths, which do not need the rest of the page to be valid. */
function checkLengths(source: YamlSource, data: Record<string, unknown>, collector: Collector) {
  const title = typeof data.title === 'string' ? data.title.trim() : '';
  if (title.length > TITLE_MAX_LENGTH)
    collector.add(
      source,
      authorErrors.titleTooLong(title.length, TITLE_MAX_LENGTH),
      source.positionOf(['title']),
      'warning',
    );
  const description = typeof data.description === 'string' ? data.description.trim() : '';
  if (description.length > DESCRIPTION_MAX_LENGTH)
    collector.add(
      source,
      authorErrors.descriptionTooLong(description.length, DESCRIPTION_MAX_LENGTH),
      source.positionOf(['description']),
      'warning',
    );
  if (Array.isArray(data.blocks))
    data.blocks.forEach((block, index) =>
      checkTextLengths(source, block, ['blocks', index], collector),
    );
}

/** Every text of a block past its kind's length guide: a warning at its field. */
function checkTextLengths(
  source: YamlSource,
  value: unknown,
  path: YamlPath,
  collector: Collector,
): void {
  if (typeof value === 'string') {
    const guide = lengthGuide(path);
    const length = value.trim().length;
    if (guide && length > guide.max)
      collector.add(
        source,
        authorErrors.textTooLong(length, guide.kind, guide.max),
        source.positionOf(path),
        'warning',
        path,
      );
  } else if (Array.isArray(value))
    value.forEach((item, index) => checkTextLengths(source, item, [...path, index], collector));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      checkTextLengths(source, item, [...path, key], collector);
}

/**
 * Checks one page file (its text from disk, or `text` when given: the page editor's unsaved text).
 * The page is returned only when valid; the source whenever the YAML could be read.
 */
export function validatePage(
  root: string,
  file: string,
  collector: Collector,
  text?: string,
): { source: YamlSource; page: Page | undefined } | undefined {
  const source = readYamlMapping(root, file, collector, text);
  if (!source) return undefined;
  const data = source.data as Record<string, unknown>;
  const shell = parseWith(shellSchema, source, data, [], collector);
  const rawBlocks = data.blocks;
  const blocks = Array.isArray(rawBlocks)
    ? rawBlocks.map((raw, index) => validateBlock(source, raw, index, collector))
    : [];
  checkLengths(source, data, collector);
  if (!shell || blocks.some((block) => !block)) return { source, page: undefined };
  return { source, page: { ...shell, blocks: blocks as Block[] } };
}

/** Checks site.config.yaml (its text on disk, or `text`). */
export function validateConfig(
  root: string,
  collector: Collector,
  text?: string,
): { source: YamlSource | undefined; config: SiteConfig | undefined } {
  const source = readYamlMapping(root, CONFIG_FILE, collector, text);
  const config = source
    ? parseWith(siteConfigSchema, source, source.data, [], collector, 'site-config')
    : undefined;
  if (source && config) {
    checkLocalesConfig(source, config, collector);
    checkTeamConfig(source, config, collector);
  }
  return { source, config };
}

const isReserved = (id: string) => (RESERVED_ANCHORS as readonly string[]).includes(id);

/**
 * The page's anchor ids, read from the raw blocks so that a page with other errors still gets them
 * checked.
 */
export function pageAnchors(source: YamlSource, collector: Collector): string[] | undefined {
  const blocks = (source.data as { blocks?: unknown }).blocks;
  if (!Array.isArray(blocks)) return undefined;
  // Positions are looked up only for problems: building them costs more than the whole check.
  const seen = new Map<string, number>();
  blocks.forEach((block, index) => {
    const id = (block as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const at = () => source.positionOf(['blocks', index, 'id']);
    if (isReserved(id)) collector.add(source, authorErrors.reservedAnchor(id), at());
    else if (seen.has(id))
      collector.add(
        source,
        authorErrors.duplicateAnchor(id, source.positionOf(['blocks', seen.get(id)!, 'id']).line),
        at(),
      );
    else seen.set(id, index);
  });
  return [...RESERVED_ANCHORS, ...seen.keys()];
}

/**
 * Anchors a link may point at that the author did not write (the layout's): left out of
 * suggestions.
 */
export const authorAnchors = (anchors: readonly string[]) =>
  anchors.filter((name) => !isReserved(name));
