import {
  blockDescription,
  blockFieldRows,
  loadBlockExample,
  type FieldRow,
} from '../../../engine/block-docs.ts';
import { blockTypes, type Block, type BlockType } from '../../../blocks/schemas.ts';
import { needsEnhancementScript } from '../../BlockList.tsx';
import type { PageData } from '../../page-data.ts';
import { getSite } from '../../site/load.ts';
import { CATALOGUE_ROOT } from './catalogue-root.ts';
import { catalogueKind, catalogueTarget, normalise } from './catalogue-route.ts';

/**
 * The block catalogue: /_blocks lists every registered block, /_blocks/<type> shows one block
 * rendered from its example.yaml next to that YAML and its fields. The examples are the blocks'
 * test fixtures too, so the catalogue shows exactly what the tests check. Pages are noindex and
 * left out of the sitemap.
 */
export interface CatalogueEntry {
  type: BlockType;
  description: string;
  interactive: boolean;
  /** False when the example is missing or invalid. */
  ok: boolean;
}

export interface CatalogueBlockPage {
  type: BlockType;
  description: string;
  /** The example as written in example.yaml. */
  yaml: string | undefined;
  /** The same example, indented as it goes into a page's `blocks:` list. */
  pageYaml: string | undefined;
  file: string;
  fields: FieldRow[];
  /**
   * Why the example cannot be shown (missing or invalid), in the validator's words, with
   * file:line:col.
   */
  problems: string[];
}

export interface CatalogueData extends PageData {
  catalogue: { entries: CatalogueEntry[]; block: CatalogueBlockPage | undefined };
}

const root = () => process.cwd();

function exampleOf(type: BlockType) {
  return loadBlockExample(root(), type);
}

function catalogueEntries(): CatalogueEntry[] {
  return blockTypes.map((type) => {
    const example = exampleOf(type);
    return {
      type,
      description: blockDescription(type),
      interactive: example.block ? needsEnhancementScript([example.block as Block]) : false,
      ok: Boolean(example.block),
    };
  });
}

export function catalogueUrls(kind: 'static' | 'interactive'): string[] {
  return [CATALOGUE_ROOT, ...blockTypes.map((type) => `${CATALOGUE_ROOT}/${type}`)].filter(
    (url) => catalogueKind(url) === kind,
  );
}

const asListItem = (yaml: string) =>
  yaml
    .trimEnd()
    .split('\n')
    .map((line, index) => (index === 0 ? `  - ${line}` : line ? `    ${line}` : line))
    .join('\n');

export function catalogueData(pathname: string): CatalogueData {
  const site = getSite();
  if (!site.config) throw new Error('site.config.yaml is missing or invalid.');
  const route = normalise(pathname);
  const target = catalogueTarget(route);
  const entries = catalogueEntries();
  let block: CatalogueBlockPage | undefined;
  let blocks: Block[] = [];
  if (target) {
    const example = exampleOf(target);
    block = {
      type: target,
      description: blockDescription(target),
      yaml: example.text,
      pageYaml: example.text === undefined ? undefined : asListItem(example.text),
      file: example.file,
      fields: blockFieldRows(target, example.data),
      problems: example.diagnostics.map((d) =>
        `${d.file}:${d.line}:${d.col}  ${d.message} ${d.hint ?? ''}`.trim(),
      ),
    };
    if (example.block) blocks = [example.block as Block];
  }
  return {
    route,
    canonicalRoute: route,
    noindex: true,
    config: site.config,
    page: {
      title: target ? `${target} block · Block catalogue` : 'Block catalogue',
      description: target
        ? blockDescription(target)
        : `Every block a page can use (${blockTypes.length} in all), each rendered from its example next to its YAML.`,
      blocks,
    },
    catalogue: { entries, block },
  };
}
