import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { blockSchemas, type BlockOf, type BlockType } from '../../blocks/schemas.ts';
import { siteConfigSchema, type SiteConfig } from '../../schema/site-config.ts';
import { registry } from '../../blocks/registry.ts';
import type { BlockDefinition } from '../../blocks/types.ts';
import { theme } from '../../renderer/theme.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The real site.config.yaml, validated. */
export function loadTestConfig(): SiteConfig {
  return siteConfigSchema.parse(parse(readFileSync(path.join(root, 'site.config.yaml'), 'utf8')));
}

/**
 * The block's example (blocks/<type>/example.yaml), validated against its schema: the same YAML the
 * catalogue shows.
 */
export function loadExample<T extends BlockType>(type: T): BlockOf<T> {
  const file = path.join(root, 'blocks', type, 'example.yaml');
  return blockSchemas[type].parse(parse(readFileSync(file, 'utf8'))) as BlockOf<T>;
}

/** `node` inside the site's Mantine theme, as Layout renders every page. */
const themed = (node: ReactNode) => (
  <MantineProvider theme={theme} forceColorScheme="light">
    {node}
  </MantineProvider>
);

/** One block's element, as BlockList renders it on a page. */
function blockElement<T extends BlockType>(type: T, block: BlockOf<T>) {
  const { Component } = registry[type] as unknown as BlockDefinition<T>;
  return <Component block={block} context={{ config: loadTestConfig() }} />;
}

/** Renders one block the way the page renders it, inside the Mantine theme. */
export function renderBlock<T extends BlockType>(type: T, block: BlockOf<T> = loadExample(type)) {
  return render(themed(blockElement(type, block)));
}

/**
 * Puts the server HTML of `node` into the jsdom document, the way a prerendered page arrives in the
 * browser (no React on the client), so an enhancement script can be run on it. Returns the
 * container; `clearDocument` empties it.
 */
export function mountServerHtml(node: ReactNode): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(themed(node));
  document.body.append(container);
  return container;
}

/** The server HTML of one block (its example by default), mounted with mountServerHtml. */
export function mountBlockHtml<T extends BlockType>(
  type: T,
  block: BlockOf<T> = loadExample(type),
): HTMLElement {
  return mountServerHtml(blockElement(type, block));
}

export function clearDocument() {
  document.body.innerHTML = '';
}
