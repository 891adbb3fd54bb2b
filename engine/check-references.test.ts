import { describe, expect, it } from 'vitest';
import { findLinkValues, findRefs, refPath } from './check-references.ts';
import { YamlSource } from './yaml-source.ts';

const page = `title: Links
blocks:
  - type: hero
    actions:
      - { label: Demo, href: /book-demo }
      - { label: Pricing, href: /pricing }
    image: { src: /images/hero.png, alt: A desk }
  - type: ctaBand
    action: { label: Again, href: /book-demo }
`;

describe('refPath', () => {
  it('finds where the n-th link or image of a file is from its value and index alone', () => {
    const source = new YamlSource('pages/links.yaml', page);
    const { links, images } = findLinkValues(source.data);
    expect(links).toEqual(['/book-demo', '/pricing', '/book-demo']);
    expect(links.map((value, index) => refPath(source, 'links', index, value))).toEqual(
      findRefs(source.data).links.map((ref) => ref.path),
    );
    expect(refPath(source, 'links', 2, '/book-demo')).toEqual(['blocks', 1, 'action', 'href']);
    expect(refPath(source, 'images', 0, images[0]!.value)).toEqual(['blocks', 0, 'image', 'src']);
  });

  it('in a file changed since its links were listed, falls back to the first place with that value, else the top', () => {
    const changed = new YamlSource(
      'pages/links.yaml',
      page.replace('      - { label: Demo, href: /book-demo }\n', ''),
    );
    expect(refPath(changed, 'links', 2, '/book-demo')).toEqual(['blocks', 1, 'action', 'href']);
    expect(refPath(changed, 'links', 0, '/gone')).toEqual([]);
    expect(changed.positionOf(refPath(changed, 'links', 0, '/gone'))).toEqual({ line: 1, col: 1 });
  });
});
