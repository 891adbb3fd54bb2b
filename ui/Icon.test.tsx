import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { iconNames } from '../schema/primitives.ts';
import { Icon } from './Icon.tsx';

describe('Icon', () => {
  it("draws every author's icon stroked on a 24 grid, hidden from assistive tech", () => {
    for (const name of iconNames) {
      expect(renderToStaticMarkup(<Icon name={name} />)).toMatch(
        /^<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M[^"]+"><\/path><\/svg>$/,
      );
    }
  });

  it("paints the components' marks as drawn: on the svg, on the path, with square joins, or filled", () => {
    expect(renderToStaticMarkup(<Icon name="chevronDown" size={12} className="c" />)).toBe(
      '<svg class="c" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false"><path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"></path></svg>',
    );
    expect(renderToStaticMarkup(<Icon name="dash" size={14} />)).toBe(
      '<svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" aria-hidden="true" focusable="false"><path d="M6 12h12"></path></svg>',
    );
    expect(renderToStaticMarkup(<Icon name="quote" size={32} />)).toMatch(
      /^<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><path fill="currentColor" d="M13 8c/,
    );
  });
});
