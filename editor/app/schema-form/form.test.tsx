// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { blockSchemas, blockTypes } from '../../../blocks/schemas.ts';
import { pageSchema } from '../../../blocks/page-schema.ts';
import { siteConfigSchema } from '../../../schema/site-config.ts';
import type { EditorDiagnostic } from '../../shared/api.ts';
import { defaultValue, fieldKind, pickVariant, variantLabel } from './inspect.ts';
import { humanize, unwrap } from '../../shared/schema-fields.ts';
import { mountForm } from './form-harness.tsx';
import { share } from './store.ts';

afterEach(cleanup);

const root = path.resolve(import.meta.dirname, '../../..');
const example = (type: string) =>
  readFileSync(path.join(root, 'blocks', type, 'example.yaml'), 'utf8');

/** A block's form on real YAML text: every edit goes through editor/document, like in the app. */
const mount = (text: string, schema: z.ZodType, diagnostics: EditorDiagnostic[] = []) =>
  mountForm(text, {
    schema,
    exclude: ['type'],
    site: {
      routes: [{ route: '/pricing', title: 'Pricing', anchors: ['faq'] }],
      images: ['/logo.svg'],
      icons: [],
    },
    diagnostics,
  });

/** Every field kind reached from a schema, recursively. */
function kindsIn(schema: z.ZodType, key?: string | number, seen = new Set<z.ZodType>()): string[] {
  const inner = unwrap(schema).schema;
  if (seen.has(inner)) return [];
  seen.add(inner);
  const kind = fieldKind(inner, key);
  if (kind.kind === 'object')
    return [
      'object',
      ...Object.entries(kind.shape).flatMap(([k, field]) => kindsIn(field, k, seen)),
    ];
  if (kind.kind === 'list') return ['list', ...kindsIn(kind.element, undefined, seen)];
  if (kind.kind === 'record') return ['record', ...kindsIn(kind.value, undefined, seen)];
  if (kind.kind === 'union')
    return ['union', ...kind.options.flatMap((option) => kindsIn(option, key, seen))];
  return [kind.kind === 'unsupported' ? `unsupported:${kind.type}` : kind.kind];
}

describe('reading the zod schemas', () => {
  it('unwraps optional layers and keeps the metadata of every layer', () => {
    const badge = unwrap(blockSchemas.hero.shape.badge);
    expect(badge.optional).toBe(true);
    expect(badge.schema).toBeInstanceOf(z.ZodString);
    expect(badge.meta.description).toBe('Small label above the headline.');
    const actions = unwrap(blockSchemas.hero.shape.actions);
    expect(actions.optional).toBe(true);
    expect(actions.meta.description).toBe('Up to three buttons.');
  });

  it('chooses each input from the schema: links, images, icons, enums, numbers, switches, lists, unions', () => {
    const action = unwrap(blockSchemas.hero.shape.actions).schema as z.ZodArray;
    const actionShape = (unwrap(action.element as z.ZodType).schema as z.ZodObject).shape;
    expect(fieldKind(unwrap(actionShape.href as z.ZodType).schema, 'href').kind).toBe('link');
    expect(fieldKind(unwrap(actionShape.variant as z.ZodType).schema, 'variant')).toEqual({
      kind: 'enum',
      options: ['primary', 'secondary'],
    });
    const logo = unwrap(siteConfigSchema.shape.logo).schema as z.ZodObject;
    expect(fieldKind(logo.shape.src as z.ZodType, 'src').kind).toBe('image');
    expect(fieldKind(unwrap(pageSchema.shape.socialImage).schema, 'socialImage').kind).toBe(
      'image',
    );
    expect(fieldKind(unwrap(pageSchema.shape.draft).schema, 'draft').kind).toBe('boolean');
    expect(
      fieldKind(unwrap(siteConfigSchema.shape.scheduler.shape.height).schema, 'height'),
    ).toEqual({ kind: 'number', integer: true });
    expect(fieldKind(unwrap(siteConfigSchema.shape.navigation.shape.items).schema).kind).toBe(
      'list',
    );
    const faqItem = (unwrap(blockSchemas.faq.shape.items).schema as z.ZodArray)
      .element as z.ZodObject;
    expect(fieldKind(unwrap(faqItem.shape.answer as z.ZodType).schema, 'answer')).toEqual({
      kind: 'text',
      long: true,
    });
    expect(fieldKind(unwrap(faqItem.shape.question as z.ZodType).schema, 'question')).toEqual({
      kind: 'text',
      long: false,
    });
  });

  it('every block of the registry, the page and the site config use only kinds the form knows (a new block needs no editor code)', () => {
    for (const type of blockTypes)
      expect(
        kindsIn(blockSchemas[type]).filter((k) => k.startsWith('unsupported')),
        type,
      ).toEqual([]);
    expect(kindsIn(pageSchema).filter((k) => k.startsWith('unsupported'))).toEqual([]);
    expect(kindsIn(siteConfigSchema).filter((k) => k.startsWith('unsupported'))).toEqual([]);
    expect(kindsIn(blockSchemas.highlights)).toContain('icon');
    expect(kindsIn(pageSchema)).toContain('record');
  });

  it('picks the union variant that fits the value and names it', () => {
    const items = unwrap(siteConfigSchema.shape.navigation.shape.items).schema as z.ZodArray;
    const options = (unwrap(items.element as z.ZodType).schema as z.ZodUnion)
      .options as z.ZodType[];
    expect(pickVariant(options, { label: 'Pricing', href: '/pricing' })).toBe(0);
    expect(pickVariant(options, { label: 'Solutions', columns: [] })).toBe(1);
    expect(options.map((_, index) => variantLabel(options, index))).toEqual([
      'Link',
      'Menu with columns',
    ]);
    const cell = (
      (unwrap(blockSchemas.comparisonTable.shape.rows).schema as z.ZodArray).element as z.ZodObject
    ).shape.values as z.ZodArray;
    const cellOptions = (unwrap(cell.element as z.ZodType).schema as z.ZodUnion)
      .options as z.ZodType[];
    expect(pickVariant(cellOptions, true)).toBe(0);
    expect(pickVariant(cellOptions, 'Smart')).toBe(1);
  });

  it('starts a new list item with its required fields empty, for the validator to point at', () => {
    const faqItems = unwrap(blockSchemas.faq.shape.items).schema as z.ZodArray;
    expect(defaultValue(faqItems.element as z.ZodType)).toEqual({ question: '', answer: '' });
    expect(defaultValue(blockSchemas.hero)).toEqual({ type: 'hero', title: '' });
    expect(humanize('linkLabel')).toBe('Link label');
    expect(humanize('faq')).toBe('FAQ');
  });

  it('shares unchanged parts of the data between edits', () => {
    const before = { a: { b: [1, 2] }, c: { d: 'x' } };
    const after = share(before, { a: { b: [1, 2] }, c: { d: 'y' } }) as typeof before;
    expect(after.a).toBe(before.a);
    expect(after.c).not.toBe(before.c);
    expect(share(before, structuredClone(before))).toBe(before);
  });
});

describe('forms generated from a block schema', () => {
  it.each(blockTypes)(
    'renders the %s block from its example.yaml, with an input per written field',
    (type) => {
      const text = example(type);
      mount(text, blockSchemas[type]);
      const data = parse(text) as Record<string, unknown>;
      for (const key of Object.keys(data).filter((k) => k !== 'type')) {
        expect(
          document.querySelector(`[data-testid="field-${key}"]`),
          `${type}.${key}`,
        ).not.toBeNull();
      }
    },
  );

  it('a link to a section of a page is shown (its anchor offered once, not twice: a crash)', () => {
    // The footer's links to /#use-cases blanked the whole Site settings screen: Mantine refuses an
    // option offered both under "Anchors on that page" and "Sections of pages".
    const text = example('hero').replace('href: "#book-a-demo"', 'href: "/pricing#faq"');
    mount(text, blockSchemas.hero);
    const href = screen.getByTestId('field-actions.0.href') as HTMLInputElement;
    expect(href.value).toBe('/pricing#faq');
  });

  it('typing in a field changes only that line of the YAML, and shows the help text', () => {
    const text = example('faq');
    const { result } = mount(text, blockSchemas.faq);
    const heading = screen.getByTestId('field-heading');
    expect(screen.getByText('Section heading.')).toBeTruthy();
    fireEvent.change(heading, { target: { value: 'Questions hoteliers ask' } });
    expect(result.text).toBe(
      text.replace('heading: Frequently asked questions', 'heading: Questions hoteliers ask'),
    );
    expect((heading as HTMLInputElement).value).toBe('Questions hoteliers ask');
  });

  it('shows the validator’s messages beside their field, in the catalogue’s words', () => {
    const text = example('faq').replace('heading: Frequently asked questions', 'heading: ""');
    const diagnostic: EditorDiagnostic = {
      file: 'pages/x.yaml',
      line: 4,
      col: 10,
      severity: 'error',
      code: 'empty-text',
      message: '`heading` is empty.',
      hint: 'Write the text, or remove the field if it is optional.',
      path: ['heading'],
    };
    mount(text, blockSchemas.faq, [diagnostic]);
    const heading = screen.getByTestId('field-heading');
    expect(heading.getAttribute('aria-invalid')).toBe('true');
    const wrapper = heading.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(wrapper).getByTestId('field-message').textContent).toBe(
      '`heading` is empty.Write the text, or remove the field if it is optional.',
    );
  });

  it('adds, duplicates, moves and removes list items through the document operations', () => {
    const text = example('faq');
    const { result } = mount(text, blockSchemas.faq);
    const items = () =>
      (parse(result.text) as { items: Array<{ question: string }> }).items.map(
        (item) => item.question,
      );
    const first = items();
    fireEvent.click(screen.getByRole('button', { name: 'Move down: item 1' }));
    expect(items()).toEqual([first[1], first[0], first[2]]);
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate: item 3' }));
    expect(items()).toEqual([first[1], first[0], first[2], first[2]]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: item 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move up: item 2' }));
    expect(items()).toEqual(first);
    expect(result.text).toBe(text);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(items()).toEqual([...first, '']);
    expect(result.text.endsWith('  - question: ""\n    answer: ""\n')).toBe(true);
    // The first words typed into an empty answer are written plain, like the author's own.
    fireEvent.change(screen.getByTestId('field-items.3.answer'), {
      target: { value: 'Yes, for iOS and Android.' },
    });
    expect(result.text.endsWith('  - question: ""\n    answer: Yes, for iOS and Android.\n')).toBe(
      true,
    );
  });

  it('an optional field cleared is removed from the YAML; an optional section can be added', () => {
    const text = 'type: hero\nbadge: New\ntitle: Hello\n';
    const { result } = mount(text, blockSchemas.hero);
    fireEvent.change(screen.getByTestId('field-badge'), { target: { value: '' } });
    expect(result.text).toBe('type: hero\ntitle: Hello\n');
    fireEvent.click(screen.getByRole('button', { name: 'Add actions' }));
    expect(parse(result.text)).toEqual({
      type: 'hero',
      title: 'Hello',
      actions: [{ label: '', href: '' }],
    });
  });

  it('a key the schema does not know is shown with its message and can be removed', () => {
    const text =
      'type: faq\nheading: Q\nheadline: Oops\nitems:\n  - question: A?\n    answer: B.\n';
    const { result } = mount(text, blockSchemas.faq, [
      {
        file: 'x',
        line: 3,
        col: 1,
        severity: 'error',
        code: 'unknown-field',
        message: 'Unknown field `headline`.',
        path: ['headline'],
      },
    ]);
    expect(screen.getByText('Unknown field `headline`.')).toBeTruthy();
    act(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove unknown field headline' })),
    );
    expect(result.text).toBe('type: faq\nheading: Q\nitems:\n  - question: A?\n    answer: B.\n');
  });
});
