import { describe, expect, it } from 'vitest';
import { duplicateItem, insertItem, moveItem, removeItem } from './index.ts';
import { syncTranslationText } from './sync.ts';

/**
 * The translation's text after each structural edit of its source: exactly the mirrored lines
 * change (the rest keeps its bytes, comments and flow style).
 */
const SOURCE = `title: Pricing
blocks:
  - type: hero
    title: Plans for every hotel
    actions:
      - { label: Book a Demo, href: /book-demo, variant: primary }

  - type: faq
    heading: Questions
    items:
      - question: Is setup free?
        answer: Yes.
      - question: Can I cancel?
        answer: Any month.

  - type: ctaBand
    heading: Talk to us
`;

const GERMAN = `title: Preise
blocks:
  - type: hero
    title: Tarife für jedes Hotel # short on purpose
    actions:
      - { label: Demo buchen, href: /book-demo, variant: primary }

  - type: faq
    heading: Fragen
    items:
      - question: Ist die Einrichtung kostenlos?
        answer: Ja.
      - question: Kann ich kündigen?
        answer: Jeden Monat.

  - type: ctaBand
    heading: Sprechen Sie mit uns
translatedFrom:
  title: Pricing
  blocks.0.title: Plans for every hotel
  blocks.0.actions.0.label: Book a Demo
  blocks.1.heading: Questions
  blocks.1.items.0.question: Is setup free?
  blocks.1.items.0.answer: Yes.
  blocks.1.items.1.question: Can I cancel?
  blocks.1.items.1.answer: Any month.
  blocks.2.heading: Talk to us
`;

const follow = (source: string) => syncTranslationText(GERMAN, source);

describe('a translation follows its source', () => {
  it('changes nothing when the structure is the same', () => {
    expect(follow(SOURCE)).toBe(GERMAN);
  });

  it('a block moved: the block and its records move, nothing else changes', () => {
    expect(follow(moveItem(SOURCE, ['blocks'], 2, 0))).toBe(`title: Preise
blocks:
  - type: ctaBand
    heading: Sprechen Sie mit uns

  - type: hero
    title: Tarife für jedes Hotel # short on purpose
    actions:
      - { label: Demo buchen, href: /book-demo, variant: primary }

  - type: faq
    heading: Fragen
    items:
      - question: Ist die Einrichtung kostenlos?
        answer: Ja.
      - question: Kann ich kündigen?
        answer: Jeden Monat.
translatedFrom:
  title: Pricing
  blocks.0.heading: Talk to us
  blocks.1.title: Plans for every hotel
  blocks.1.actions.0.label: Book a Demo
  blocks.2.heading: Questions
  blocks.2.items.0.question: Is setup free?
  blocks.2.items.0.answer: Yes.
  blocks.2.items.1.question: Can I cancel?
  blocks.2.items.1.answer: Any month.
`);
  });

  it('a block added: an untranslated block at its place', () => {
    const source = insertItem(SOURCE, ['blocks'], 1, { type: 'richText', heading: 'Why' });
    expect(follow(source)).toBe(
      GERMAN.replace(
        '  - type: faq\n',
        '  - type: richText\n    untranslated: true\n\n  - type: faq\n',
      )
        .replace(/blocks\.1\.(.*)\n/g, 'blocks.2.$1\n')
        .replace('  blocks.2.heading: Talk to us\n', '  blocks.3.heading: Talk to us\n'),
    );
  });

  it('a block removed: it and its records go', () => {
    const out = follow(removeItem(SOURCE, ['blocks'], 1));
    expect(out).toBe(`title: Preise
blocks:
  - type: hero
    title: Tarife für jedes Hotel # short on purpose
    actions:
      - { label: Demo buchen, href: /book-demo, variant: primary }

  - type: ctaBand
    heading: Sprechen Sie mit uns
translatedFrom:
  title: Pricing
  blocks.0.title: Plans for every hotel
  blocks.0.actions.0.label: Book a Demo
  blocks.1.heading: Talk to us
`);
  });

  it('a block duplicated: the copy is untranslated, the original keeps its translation', () => {
    const out = follow(duplicateItem(SOURCE, ['blocks'], 2));
    expect(out).toBe(
      GERMAN.replace(
        '    heading: Sprechen Sie mit uns\n',
        '    heading: Sprechen Sie mit uns\n\n  - type: ctaBand\n    untranslated: true\n',
      ),
    );
  });

  it('a list item moved: the item and its records move', () => {
    const out = follow(moveItem(SOURCE, ['blocks', 1, 'items'], 1, 0));
    expect(out).toBe(
      GERMAN.replace(
        `      - question: Ist die Einrichtung kostenlos?
        answer: Ja.
      - question: Kann ich kündigen?
        answer: Jeden Monat.`,
        `      - question: Kann ich kündigen?
        answer: Jeden Monat.
      - question: Ist die Einrichtung kostenlos?
        answer: Ja.`,
      ).replace(
        `  blocks.1.items.0.question: Is setup free?
  blocks.1.items.0.answer: Yes.
  blocks.1.items.1.question: Can I cancel?
  blocks.1.items.1.answer: Any month.`,
        `  blocks.1.items.0.question: Can I cancel?
  blocks.1.items.0.answer: Any month.
  blocks.1.items.1.question: Is setup free?
  blocks.1.items.1.answer: Yes.`,
      ),
    );
  });

  it('a list item added: copied from the source, without a record (not translated yet)', () => {
    const source = insertItem(SOURCE, ['blocks', 1, 'items'], 2, {
      question: 'Is there a contract?',
      answer: 'No.',
    });
    expect(follow(source)).toBe(
      GERMAN.replace(
        '        answer: Jeden Monat.\n',
        '        answer: Jeden Monat.\n      - question: Is there a contract?\n        answer: No.\n',
      ),
    );
  });

  it('a list item removed, and a link changed: the item goes, the link is copied', () => {
    const source = removeItem(SOURCE, ['blocks', 1, 'items'], 0).replace(
      'href: /book-demo',
      'href: /contact',
    );
    expect(follow(source)).toBe(
      GERMAN.replace('href: /book-demo', 'href: /contact')
        .replace('      - question: Ist die Einrichtung kostenlos?\n        answer: Ja.\n', '')
        .replace(
          `  blocks.1.items.0.question: Is setup free?
  blocks.1.items.0.answer: Yes.
  blocks.1.items.1.question: Can I cancel?
  blocks.1.items.1.answer: Any month.`,
          `  blocks.1.items.0.question: Can I cancel?
  blocks.1.items.0.answer: Any month.`,
        ),
    );
  });

  // Shrunk from tests/i18n/translation-sync.property.test.ts: the removed item's translation was
  // paired with the duplicate and reported stale.
  it('an item removed and the next one duplicated: the copy is new, the removed one goes', () => {
    let source = removeItem(SOURCE, ['blocks', 1, 'items'], 0);
    source = duplicateItem(source, ['blocks', 1, 'items'], 0);
    expect(follow(source)).toBe(
      GERMAN.replace(
        `      - question: Ist die Einrichtung kostenlos?
        answer: Ja.
      - question: Kann ich kündigen?
        answer: Jeden Monat.`,
        `      - question: Kann ich kündigen?
        answer: Jeden Monat.
      - question: Can I cancel?
        answer: Any month.`,
      ).replace(
        `  blocks.1.items.0.question: Is setup free?
  blocks.1.items.0.answer: Yes.
  blocks.1.items.1.question: Can I cancel?
  blocks.1.items.1.answer: Any month.`,
        `  blocks.1.items.0.question: Can I cancel?
  blocks.1.items.0.answer: Any month.`,
      ),
    );
  });
});
