import { describe, expect, it } from 'vitest';
import { alignLists } from './align.ts';

const hero = { type: 'hero', title: 'Welcome', subtitle: 'One screen for the whole hotel.' };
const faq = {
  type: 'faq',
  heading: 'Questions',
  items: [{ question: 'Why?', answer: 'Because.' }],
};
const steps = {
  type: 'steps',
  heading: 'How it works',
  items: [{ title: 'Connect' }, { title: 'Go' }],
};
const cta = { type: 'ctaBand', heading: 'Ready?' };

describe('alignLists', () => {
  it('equal lists: every item itself, nothing moved', () => {
    expect(alignLists([hero, faq], [hero, faq])).toEqual({
      forward: [0, 1],
      backward: [0, 1],
      moved: new Set(),
    });
  });

  it('a block moved up is one move, not a removal and an addition', () => {
    const result = alignLists([hero, steps, faq, cta], [hero, cta, steps, faq]);
    expect(result.forward).toEqual([0, 2, 3, 1]);
    expect([...result.moved]).toEqual([3]);
  });

  it('an edited block is the same block, even when moved', () => {
    const edited = { ...faq, heading: 'Your questions' };
    const result = alignLists([hero, steps, faq], [edited, hero, steps]);
    expect(result.forward).toEqual([1, 2, 0]);
    expect([...result.moved]).toEqual([2]);
  });

  it('a block rewritten in place pairs with the one it replaces; a new type does not', () => {
    const rewritten = { type: 'hero', title: 'Hello', subtitle: 'Something else entirely.' };
    expect(alignLists([hero, faq], [rewritten, faq]).forward).toEqual([0, 1]);
    expect(alignLists([hero, faq], [cta, faq]).forward).toEqual([-1, 1]);
  });

  it('text items: kept ones in order, a changed one paired with the old one in its place', () => {
    expect(
      alignLists(['Villas', 'Spa', 'Dining'], ['Villas', 'Spa & wellness', 'Dining', 'Bar']),
    ).toEqual({
      forward: [0, 1, 2],
      backward: [0, 1, 2, -1],
      moved: new Set(),
    });
  });

  it('two equal blocks: the nearer one is the same', () => {
    expect(alignLists([cta, hero, cta], [hero, cta]).forward).toEqual([-1, 0, 1]);
  });

  it('between kept items, each leftover pairs with the next one of its kind', () => {
    const rewritten = { type: 'hero', title: 'Hello', subtitle: 'Something else entirely.' };
    const newFaq = { type: 'faq', heading: 'Other', items: [] };
    // The removed FAQ has no FAQ to pair with; the hero after it still pairs with the rewritten
    // hero.
    expect(alignLists([cta, faq, hero, cta], [cta, rewritten, cta]).forward).toEqual([0, -1, 1, 2]);
    // Pairs in a gap never cross: a crossing would be a move, which only similar content can claim.
    expect(alignLists([cta, faq, hero, cta], [cta, rewritten, newFaq, cta]).forward).toEqual([
      0, 2, -1, 3,
    ]);
  });
});
