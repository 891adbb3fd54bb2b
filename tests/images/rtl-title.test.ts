import { describe, expect, it } from 'vitest';
import { rtlTitleWords } from '../../pipeline/social/rtl-title.ts';

/**
 * A right-to-left card title as a browser shows it (checked against Chromium with `dir="rtl"`):
 * words in reading order (the first is the rightmost), each as its runs from left to right.
 */
const seen = (title: string) =>
  rtlTitleWords(title).map((runs) => runs.map((run) => (run.ltr ? `>${run.text}` : run.text)));

describe('a right-to-left title, word by word', () => {
  it('puts Latin words where they are read, a colon after a word on its left', () => {
    expect(seen('الأسعار: خطط Starter وGrowth وEnterprise')).toEqual([
      [':', 'الأسعار'],
      ['خطط'],
      ['>Starter'],
      ['>Growth', 'و'],
      ['>Enterprise', 'و'],
    ]);
    expect(seen('Staylix: نظام إدارة الفنادق الذكي')).toEqual([
      [':', '>Staylix'],
      ['نظام'],
      ['إدارة'],
      ['الفنادق'],
      ['الذكي'],
    ]);
  });

  it('keeps left-to-right words together in their order, and digits left to right', () => {
    expect(seen('Hotel Management Software للفنادق')).toEqual([
      ['>Hotel Management Software'],
      ['للفنادق'],
    ]);
    expect(seen('عام 2026 الجديد')).toEqual([['عام'], ['>2026'], ['الجديد']]);
    // Digits after a Latin word read with it; punctuation between Latin words stays with them.
    expect(seen('Plan 2, Pro للفنادق')).toEqual([['>Plan 2, Pro'], ['للفنادق']]);
  });

  it('keeps marks with their letters and collapses spaces', () => {
    expect(seen('  مَرحبا   بكم ')).toEqual([['مَرحبا'], ['بكم']]);
  });
});
