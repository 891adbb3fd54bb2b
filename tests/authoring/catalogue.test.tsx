// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockFieldRows, loadBlockExample } from '../../engine/block-docs.ts';
import { loadSite } from '../../engine/load-site.ts';
import { splitLink } from '../../engine/routes.ts';
import { blockTypes, type Block } from '../../blocks/schemas.ts';
import { needsEnhancementScript } from '../../renderer/BlockList.tsx';
import { registry } from '../../blocks/registry.ts';
import {
  catalogueData,
  catalogueUrls,
  type CatalogueData,
} from '../../renderer/vike/catalogue/catalogue-data.ts';
import { catalogueKind } from '../../renderer/vike/catalogue/catalogue-route.ts';
import { headTags } from '../../renderer/seo/head-tags.ts';

const root = path.resolve(import.meta.dirname, '../..');

// The catalogue page reads its data through vike-react's useData; here it is the real data of the
// page under test.
let current: CatalogueData | undefined;
vi.mock('vike-react/useData', () => ({ useData: () => current }));
const { CatalogueView } = await import('../../renderer/vike/catalogue/CatalogueView.tsx');

afterEach(cleanup);

const registered = Object.keys(registry).sort();

describe('block examples (blocks/<type>/example.yaml)', () => {
  it('the registry and the schemas name the same blocks', () => {
    expect(registered).toEqual([...blockTypes].sort());
  });

  it('every registered block has an example, and it validates', () => {
    const problems = registered.flatMap((type) =>
      loadBlockExample(root, type as (typeof blockTypes)[number]).diagnostics.map(
        (d) => `${d.file}:${d.line}:${d.col} ${d.message}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('a block without an example is reported, so adding one without an example fails the test above', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'staylix-no-examples-'));
    try {
      const example = loadBlockExample(empty, 'hero');
      expect(example.block).toBeUndefined();
      expect(example.diagnostics).toEqual([
        {
          file: 'blocks/hero/example.yaml',
          line: 1,
          col: 1,
          severity: 'error',
          code: 'missing-example',
          message: 'The "hero" block has no example.',
          hint: 'Add blocks/hero/example.yaml: one realistic block, starting with "type: hero". The catalogue and the block\'s tests use it.',
        },
      ]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('every example starts with its own type', () => {
    for (const type of blockTypes)
      expect(loadBlockExample(root, type).text?.split('\n')[0], type).toBe(`type: ${type}`);
  });

  it('links in the examples lead to real pages, since the catalogue is built with the site', () => {
    const site = loadSite({ root });
    const broken: string[] = [];
    const visit = (value: unknown, type: string) => {
      if (Array.isArray(value)) value.forEach((item) => visit(item, type));
      else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          if (
            key === 'href' &&
            typeof child === 'string' &&
            child.startsWith('/') &&
            !site.routes.has(splitLink(child).path)
          )
            broken.push(`${type}: ${child}`);
          else visit(child, type);
        }
      }
    };
    for (const type of blockTypes) visit(loadBlockExample(root, type).data, type);
    expect(broken).toEqual([]);
  });
});

describe('the block catalogue', () => {
  it('has one page per block plus the index, each static unless its example block is interactive', () => {
    const urls = [...catalogueUrls('static'), ...catalogueUrls('interactive')].sort();
    expect(urls).toEqual(['/_blocks', ...blockTypes.map((type) => `/_blocks/${type}`)].sort());
    for (const type of blockTypes) {
      const block = loadBlockExample(root, type).block as Block;
      expect(catalogueKind(`/_blocks/${type}`), type).toBe(
        needsEnhancementScript([block]) ? 'interactive' : 'static',
      );
    }
    expect(catalogueKind('/_blocks')).toBe('static');
    expect(catalogueKind('/_blocks/nope')).toBeUndefined();
    expect(catalogueKind('/pricing')).toBeUndefined();
  });

  it('is marked noindex and carries no page JSON-LD', () => {
    const tags = headTags(catalogueData('/_blocks/faq'));
    expect(tags.robots).toBe('noindex');
    expect(tags.jsonLd.map((item) => (item as { '@type': string })['@type'])).toEqual([
      'Organization',
    ]);
  });

  it.each(blockTypes)(
    'renders the %s block from its example, next to that YAML and its fields',
    (type) => {
      current = catalogueData(`/_blocks/${type}`);
      const { container } = render(<CatalogueView />);
      const main = container.querySelector('main')!;
      expect(main.querySelector('h1')?.textContent).toBe(type);

      const yaml = within(main).getByRole('region', { name: 'YAML' });
      const code = yaml.querySelector('pre')!.textContent!;
      expect(code.startsWith(`blocks:\n  - type: ${type}\n`)).toBe(true);
      expect(code.trimEnd()).toBe(`blocks:\n${current.catalogue.block!.pageYaml}`);

      // The real component, not a placeholder: a rendered <section> (or the block's own landmark)
      // and no JSON dump.
      const preview = within(main).getByRole('region', { name: 'Rendered' });
      const rendered = preview.lastElementChild!;
      expect(rendered.children.length).toBeGreaterThan(0);
      expect(rendered.querySelector('pre')).toBeNull();
      expect(rendered.textContent!.trim().length).toBeGreaterThan(0);

      const rows = within(main)
        .getByRole('region', { name: 'Fields' })
        .querySelectorAll('tbody tr');
      expect([...rows].map((row) => row.querySelector('th')!.textContent)).toEqual(
        blockFieldRows(type, loadBlockExample(root, type).data).map((field) =>
          field.path.join(' › '),
        ),
      );
    },
  );

  it('the index lists and links every block', () => {
    current = catalogueData('/_blocks');
    const { container } = render(<CatalogueView />);
    const main = container.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Every block a page can use');
    const cards = [...main.querySelectorAll('ul[aria-label="Blocks"] h2 a')];
    expect(cards.map((link) => link.getAttribute('href'))).toEqual(
      blockTypes.map((type) => `/_blocks/${type}`),
    );
    expect(main.querySelector('[role="region"][aria-label="Rendered"], pre')).toBeNull();
  });

  it('shows descriptions with `code` as code, never as raw backticks', () => {
    current = catalogueData('/_blocks/benefits');
    const { container } = render(<CatalogueView />);
    const lead = container.querySelector('main header p:nth-of-type(2)')!;
    expect(lead.textContent).toBe('Benefit cards; a card with href links to a related page.');
    expect(lead.querySelector('code')?.textContent).toBe('href');
  });
});
