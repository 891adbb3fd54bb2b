import { describe, expect, it } from 'vitest';
import { untranslatedTexts } from './untranslated-texts.ts';

const source = {
  title: 'Pricing',
  blocks: [
    {
      type: 'pricingTiers',
      heading: 'Plans',
      tiers: [
        {
          name: 'Starter',
          description: 'For small hotels',
          features: ['PMS', 'Channel manager'],
          cta: { label: 'Book a demo', href: '/book-demo' },
        },
        {
          name: 'Growth',
          description: 'For growing hotels',
          features: ['Upsells'],
          cta: { label: 'Talk to us', href: '/contact' },
        },
      ],
    },
    { type: 'faq', heading: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] },
  ],
};

/** The source with German words at `texts` (dotted paths), each recorded as translated. */
function translated(texts: Record<string, string>) {
  const data = structuredClone(source) as Record<string, unknown>;
  const record: Record<string, string> = {};
  for (const [dotted, words] of Object.entries(texts)) {
    const path = dotted.split('.');
    type Node = Record<string, unknown>;
    const parent = path.slice(0, -1).reduce((at, part) => at[part] as Node, data as Node);
    record[dotted] = parent[path.at(-1)!] as string;
    parent[path.at(-1)!] = words;
  }
  return { ...data, translatedFrom: record };
}

describe('untranslatedTexts', () => {
  it('gives a list item whose texts are all untranslated as the item, the others text by text', () => {
    const translation = translated({
      'blocks.0.heading': 'Tarife',
      'blocks.0.tiers.1.name': 'Wachstum',
      'blocks.1.items.0.question': 'Warum?',
    });
    expect(untranslatedTexts(translation, source)).toEqual(
      new Map([
        [0, ['tiers.0', 'tiers.1.description', 'tiers.1.features.0', 'tiers.1.cta.label']],
        [1, ['heading', 'items.0.answer']],
      ]),
    );
  });

  it('a text equal to the source’s but recorded in translatedFrom is translated (a name kept)', () => {
    const translation = translated({
      'blocks.1.heading': 'Fragen',
      'blocks.1.items.0.answer': 'Weil.',
    });
    (translation.translatedFrom as Record<string, string>)['blocks.1.items.0.question'] = 'Why?';
    expect(untranslatedTexts(translation, source).get(1)).toBeUndefined();
  });

  it('a text without letters (a date, a figure) kept as the source wrote it is translated', () => {
    const withDate = structuredClone(source);
    withDate.blocks[1]!.heading = '2024-01-31';
    const translation = translated({ 'blocks.1.items.0.question': 'Warum?' });
    const [, faq] = (translation as unknown as typeof source).blocks;
    faq!.heading = '2024-01-31';
    expect(untranslatedTexts(translation, withDate).get(1)).toEqual(['items.0.answer']);
    expect(untranslatedTexts(translation, source).get(1)).toEqual(['items.0.answer']);
    withDate.blocks[1]!.heading = 'Q&A 2024';
    faq!.heading = 'Q&A 2024';
    expect(untranslatedTexts(translation, withDate).get(1)).toEqual(['heading', 'items.0.answer']);
  });

  it('leaves out blocks shown whole from the source and blocks of another type', () => {
    const translation = {
      blocks: [
        { type: 'pricingTiers', untranslated: true },
        { ...source.blocks[0], type: 'faq' },
      ],
    };
    expect(untranslatedTexts(translation, source)).toEqual(new Map());
  });

  it('nothing for a page that is not a translation of this source', () => {
    expect(untranslatedTexts(null, source)).toEqual(new Map());
    expect(untranslatedTexts(source, undefined)).toEqual(new Map());
  });
});
