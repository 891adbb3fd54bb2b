import { describe, expect, it } from 'vitest';
import { jsonLdPage, resolveHref } from './json-ld.ts';

const base = 'https://www.example.com';

describe('links in structured data', () => {
  it('resolves links against the site and the page', () => {
    expect(resolveHref(base, `${base}/pricing`, '#plans')).toBe(`${base}/pricing#plans`);
    expect(resolveHref(base, `${base}/pricing`, '/contact#form')).toBe(`${base}/contact#form`);
    expect(resolveHref(base, `${base}/pricing`, '/')).toBe(`${base}/`);
    expect(resolveHref(base, `${base}/pricing`, 'https://example.com/')).toBe(
      'https://example.com/',
    );
  });

  it("gives a block's hook the page's URL and a resolver bound to it", () => {
    const page = jsonLdPage(base, `${base}/pricing`);
    expect(page.url).toBe(`${base}/pricing`);
    expect(page.absolute('#faq')).toBe(`${base}/pricing#faq`);
  });
});
