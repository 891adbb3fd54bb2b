import { describe, expect, it } from 'vitest';
import { describeFileChange, summarizeChanges } from './describe.ts';
import { edit } from '../../tests/helpers/text-edits.ts';

const file = 'pages/solutions/resorts.yaml';

const before = `title: Resorts
description: Staylix for resorts.
blocks:
  - type: hero
    title: Run your resort
    chips: [Villas, Spa]
    actions:
      - { label: Book a Demo, href: "#demo", variant: primary }
  - type: steps
    heading: How it works
    items:
      - title: Connect
        description: Link your channels.
      - title: Configure
        description: Set rates.
  - type: testimonials
    heading: What guests say
    items:
      - quote: Wonderful.
        author: Ana
  - type: ctaBand
    heading: Ready?
`;

const texts = (after: string) =>
  describeFileChange({ file, before, after }).changes.map((change) => change.text);

const FAQ = `  - type: faq
    heading: Questions
    items:
      - { question: How long does setup take?, answer: A week. }
      - { question: Is there a contract?, answer: No. }
      - { question: Can I cancel?, answer: Any time. }
`;
const TESTIMONIALS = `  - type: testimonials
    heading: What guests say
    items:
      - quote: Wonderful.
        author: Ana
`;

describe('describeFileChange: pages', () => {
  it('a field: its label in the form and both values', () => {
    const after = edit(before, ['title: Run your resort', 'title: Run every resort']);
    expect(describeFileChange({ file, before, after })).toEqual({
      file,
      route: '/solutions/resorts',
      kind: 'page',
      status: 'changed',
      summary: 'Page /solutions/resorts: Hero › Title',
      changes: [
        {
          path: ['blocks', 0, 'title'],
          blockIndex: 0,
          text: "Hero › Title: 'Run your resort' → 'Run every resort'",
        },
      ],
    });
  });

  it('a block added: where, and how many items its schema calls them', () => {
    const after = edit(before, [TESTIMONIALS, FAQ + TESTIMONIALS]);
    expect(describeFileChange({ file, before, after }).changes).toEqual([
      { path: ['blocks', 2], blockIndex: 2, text: 'FAQ block added after Steps (3 questions)' },
    ]);
    expect(texts(edit(before, ['blocks:\n', 'blocks:\n' + FAQ]))).toEqual([
      'FAQ block added at the top (3 questions)',
    ]);
  });

  it('a block moved is a move, not a removal and an addition', () => {
    const after = edit(before, [TESTIMONIALS, ''], ['blocks:\n', 'blocks:\n' + TESTIMONIALS]);
    expect(texts(after)).toEqual(['Block Testimonials moved up 2 places']);
    const swapped = edit(before, [
      TESTIMONIALS + '  - type: ctaBand\n    heading: Ready?\n',
      '  - type: ctaBand\n    heading: Ready?\n' + TESTIMONIALS,
    ]);
    expect(texts(swapped)).toEqual(['Block CTA band moved up']);
  });

  it('a moved block that was also edited: both', () => {
    const after = edit(
      before,
      [TESTIMONIALS, ''],
      ['blocks:\n', 'blocks:\n' + TESTIMONIALS.replace('Ana', 'Ana, Goa')],
    );
    expect(texts(after)).toEqual([
      'Block Testimonials moved up 2 places',
      "Testimonials › Items › 'Wonderful.' › Author: 'Ana' → 'Ana, Goa'",
    ]);
  });

  it('a block removed, listed where it was', () => {
    const after = edit(
      before,
      [
        '  - type: steps\n    heading: How it works\n    items:\n      - title: Connect\n        description: Link your channels.\n      - title: Configure\n        description: Set rates.\n',
        '',
      ],
      ['title: Run your resort', 'title: Resorts'],
    );
    expect(describeFileChange({ file, before, after }).changes).toEqual([
      {
        path: ['blocks', 0, 'title'],
        blockIndex: 0,
        text: "Hero › Title: 'Run your resort' → 'Resorts'",
      },
      { path: ['blocks', 1], blockIndex: 1, text: 'Steps block removed' },
    ]);
  });

  it('list items added, removed, changed and moved', () => {
    const after = edit(
      before,
      ['chips: [Villas, Spa]', 'chips: [Villas, Spa and wellness, Dining]'],
      ['      - title: Configure\n        description: Set rates.\n', ''],
      [
        '      - { label: Book a Demo, href: "#demo", variant: primary }\n',
        '      - { label: Book a Demo, href: "#demo", variant: primary }\n      - { label: Watch, href: /videos, variant: secondary }\n',
      ],
    );
    expect(texts(after)).toEqual([
      "Hero › Chips › 2: 'Spa' → 'Spa and wellness'",
      "Hero › Chips: 'Dining' added",
      "Hero › Actions: 'Watch' added",
      "Steps › Items: 'Configure' removed",
    ]);
    const reordered = edit(before, [
      '      - title: Connect\n        description: Link your channels.\n      - title: Configure\n        description: Set rates.\n',
      '      - title: Configure\n        description: Set rates.\n      - title: Connect\n        description: Link your channels.\n',
    ]);
    expect(texts(reordered)).toEqual(["Steps › Items: 'Configure' moved up"]);
  });

  it('page fields, draft, added and removed fields', () => {
    const after = edit(
      before,
      ['title: Resorts\n', 'title: Resorts\ndraft: true\nhideNavbar: true\n'],
      ['description: Staylix for resorts.\n', ''],
    );
    expect(texts(after)).toEqual([
      'Page is now a draft',
      'Hide the menu bar added: yes',
      "Description removed (was 'Staylix for resorts.')",
    ]);
    expect(describeFileChange({ file, before: after, after: before }).changes[0]!.text).toBe(
      'Page no longer a draft',
    );
    expect(describeFileChange({ file, before, after }).summary).toBe(
      'Page /solutions/resorts: now a draft, Hide the menu bar, Description',
    );
  });

  it('long values are shortened around what changed', () => {
    const long =
      'Villas, spa and restaurants on one calendar, with housekeeping, maintenance and guest requests in one place.';
    const from = edit(before, ['title: Run your resort', `title: ${long}`]);
    const to = edit(from, ['housekeeping', 'room cleaning']);
    expect(describeFileChange({ file, before: from, after: to }).changes[0]!.text).toBe(
      "Hero › Title: '…one calendar, with housekeeping, maintenance and…' → '…one calendar, with room cleaning, maintenance and…'",
    );
    const short = edit(before, ['title: Run your resort', `title: ${long}`]);
    expect(texts(short)).toEqual([
      "Hero › Title: 'Run your resort' → 'Villas, spa and restaurants on one calendar, with…'",
    ]);
  });

  it('a page added, as a draft or with its blocks; a page removed', () => {
    expect(
      describeFileChange({
        file,
        after: 'title: X\ndraft: true\nblocks: [{ type: hero, title: X }]\n',
      }),
    ).toEqual({
      file,
      route: '/solutions/resorts',
      kind: 'page',
      status: 'added',
      summary: 'Page /solutions/resorts added (draft)',
      changes: [{ path: [], text: 'Page /solutions/resorts added (draft)' }],
    });
    expect(describeFileChange({ file: 'pages/index.yaml', after: before }).summary).toBe(
      'Page / added (4 blocks)',
    );
    expect(describeFileChange({ file, before }).summary).toBe('Page /solutions/resorts removed');
  });

  it('a version that is not valid YAML is said to be so', () => {
    expect(describeFileChange({ file, before, after: `${before}  - [\n` })).toMatchObject({
      summary: 'Page /solutions/resorts: text changed',
      changes: [
        {
          path: [],
          text: 'The text changed; it has a mistake in its writing, so it cannot be described field by field',
        },
      ],
    });
  });
});

describe('describeFileChange: keys that are names of JavaScript properties', () => {
  it('a field called constructor added, and a list called toString', () => {
    const page = 'title: X\nblocks:\n  - type: faq\n    toString: [a]\n';
    expect(
      texts2(page, 'title: X\nconstructor: y\nblocks:\n  - type: faq\n    toString: [a, b]\n'),
    ).toEqual(["Constructor added: 'y'", "FAQ › To string: 'b' added"]);
  });
});

const texts2 = (from: string, to: string) =>
  describeFileChange({ file, before: from, after: to }).changes.map((change) => change.text);

describe('describeFileChange: site settings and public files', () => {
  it('site.config.yaml with the form labels, menu items by name', () => {
    const config = `footer:
  copyright: © 2026 Staylix
navigation:
  items:
    - label: Platform
      href: /platform
    - label: Pricing
      href: /pricing
`;
    const after = edit(
      config,
      ['© 2026 Staylix', '© 2027 Staylix'],
      ['href: /pricing', 'href: /plans'],
    );
    expect(describeFileChange({ file: 'site.config.yaml', before: config, after })).toEqual({
      file: 'site.config.yaml',
      kind: 'config',
      status: 'changed',
      summary: "Site settings: Footer › Copyright, Navigation › Items › 'Pricing' › Link",
      changes: [
        {
          path: ['footer', 'copyright'],
          text: "Footer › Copyright: '© 2026 Staylix' → '© 2027 Staylix'",
        },
        {
          path: ['navigation', 'items', 1, 'href'],
          text: "Navigation › Items › 'Pricing' › Link: '/pricing' → '/plans'",
        },
      ],
    });
  });

  it('images replaced, added and removed, with their sizes', () => {
    const image = (beforeBytes?: number, afterBytes?: number) =>
      describeFileChange({ file: 'public/images/x.jpg', beforeBytes, afterBytes }).summary;
    expect(image(1_234_567, 240_000)).toBe('Image x.jpg replaced (1.2 MB → 240 KB)');
    expect(image(undefined, 512)).toBe('Image x.jpg added (512 B)');
    expect(image(2_000_000, undefined)).toBe('Image x.jpg removed');
    expect(
      describeFileChange({ file: 'public/robots.txt', before: 'a', after: 'b' }),
    ).toMatchObject({
      kind: 'public',
      status: 'changed',
      summary: 'File robots.txt replaced',
    });
  });
});

describe('summarizeChanges', () => {
  it('one file: its summary, then one line per change', () => {
    const change = describeFileChange({
      file,
      before,
      after: edit(
        before,
        ['title: Run your resort', 'title: Run every resort'],
        ['heading: Ready?', 'heading: Ready to start?'],
      ),
    });
    expect(summarizeChanges([change])).toBe(
      [
        'Page /solutions/resorts: Hero › Title, CTA band › Heading',
        '',
        "Hero › Title: 'Run your resort' → 'Run every resort'",
        "CTA band › Heading: 'Ready?' → 'Ready to start?'",
      ].join('\n'),
    );
  });

  it('one change that is its own summary: said once, with no body repeating it', () => {
    const added = describeFileChange({
      file: 'pages/solutions/spa.yaml',
      after: 'title: Spa\ndraft: true\nblocks: []\n',
    });
    expect(summarizeChanges([added])).toBe('Page /solutions/spa added (draft)');
    const image = describeFileChange({ file: 'public/images/spa.jpg', afterBytes: 90_000 });
    expect(summarizeChanges([image])).toBe('Image spa.jpg added (90 KB)');
  });

  it('several files: their names in a first line of at most 72 characters', () => {
    const page = describeFileChange({
      file,
      before,
      after: edit(before, ['title: Run your resort', 'title: Run every resort']),
    });
    const added = describeFileChange({
      file: 'pages/solutions/spa.yaml',
      after: 'title: Spa\ndraft: true\nblocks: []\n',
    });
    const image = describeFileChange({ file: 'public/images/spa.jpg', afterBytes: 90_000 });
    expect(summarizeChanges([page, added, image])).toBe(
      [
        'Update /solutions/resorts, /solutions/spa, spa.jpg',
        '',
        "/solutions/resorts: Hero › Title: 'Run your resort' → 'Run every resort'",
        'Page /solutions/spa added (draft)',
        'Image spa.jpg added (90 KB)',
      ].join('\n'),
    );
    const many = Array.from({ length: 6 }, (_, i) =>
      describeFileChange({
        file: `pages/solutions/page-number-${i}.yaml`,
        after: 'title: X\nblocks: []\n',
      }),
    );
    const subject = summarizeChanges([...many, image]).split('\n')[0]!;
    expect(subject).toBe('Update 6 pages, images and files');
    expect(subject.length).toBeLessThanOrEqual(72);
  });
});

describe('describeFileChange: a text yaml reads only to throw', () => {
  // Shrunk from damaged.property.test.ts: an alias of no anchor threw yaml's ReferenceError, and
  // the Changes screen could not describe the author's edits.
  it('an alias of no anchor is a text that cannot be described field by field', () => {
    const change = describeFileChange({
      file: 'pages/404.yaml',
      before: 'title: Page not found\ndescription: Gone\n',
      after: 'title: *a\ndescription: Gone\n',
    });
    expect(change.summary).toBe('Page /404: text changed');
    expect(change.changes).toEqual([
      {
        path: [],
        text: 'The text changed; it has a mistake in its writing, so it cannot be described field by field',
      },
    ]);
  });
});

describe('words of a form in the Changes lines', () => {
  it('a review mark is named by its field, not by its key (Hero › Title, not Blocks.0.title)', () => {
    const translation = 'pages/de/solutions/resorts.yaml';
    const reviewed = before.replace(
      'blocks:',
      'translatedFrom:\n  blocks.0.title: Run your resort\nblocks:',
    );
    const lines = describeFileChange({ file: translation, before, after: reviewed }).changes.map(
      (change) => change.text,
    );
    expect(lines).toEqual(['Hero › Title: marked as reviewed']);
  });

  it('a link and a button style by their form names', () => {
    const lines = texts(
      before.replace('href: "#demo", variant: primary', 'href: /demo, variant: secondary'),
    );
    expect(lines).toEqual([
      "Hero › Actions › 'Book a Demo' › Link: '#demo' → '/demo'",
      "Hero › Actions › 'Book a Demo' › Button style: Filled → Outlined",
    ]);
  });

  it('an image by its name, not by its path in public/', () => {
    const change = describeFileChange({ file: 'public/images/x.jpg', afterBytes: 512 });
    expect(change.changes.map((line) => line.text)).toEqual(['Image x.jpg added (512 B)']);
    expect(change.summary).toBe('Image x.jpg added (512 B)');
  });

  it('a text that does not read says so without naming YAML', () => {
    const lines = texts('title: *a\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/YAML/);
  });
});

describe('review marks that moved with their field are no change', () => {
  const translation = 'pages/de/solutions/resorts.yaml';
  const marks = `translatedFrom:
  blocks.0.title: Run your resort
  blocks.1.heading: How it works
  blocks.1.items.0.title: Connect
  blocks.1.items.1.title: Configure
  blocks.2.heading: What guests say
  blocks.3.heading: Ready?
`;
  const source = marks + before;
  const lines = (after: string) =>
    describeFileChange({ file: translation, before: source, after }).changes.map(
      (change) => change.text,
    );

  it('a block moved up: only the move, its marks and the others renumbered silently', () => {
    const moved = source
      .replace(TESTIMONIALS, '')
      .replace('  - type: hero', TESTIMONIALS + '  - type: hero')
      .replace(
        marks,
        `translatedFrom:
  blocks.0.heading: What guests say
  blocks.1.title: Run your resort
  blocks.2.heading: How it works
  blocks.2.items.0.title: Connect
  blocks.2.items.1.title: Configure
  blocks.3.heading: Ready?
`,
      );
    expect(lines(moved)).toEqual(['Block Testimonials moved up 2 places']);
  });

  it('a list item moved: only the move', () => {
    const moved = source
      .replace('      - title: Connect\n        description: Link your channels.\n', '')
      .replace(
        '        description: Set rates.\n',
        '        description: Set rates.\n      - title: Connect\n        description: Link your channels.\n',
      )
      .replace(
        '  blocks.1.items.0.title: Connect\n  blocks.1.items.1.title: Configure\n',
        '  blocks.1.items.0.title: Configure\n  blocks.1.items.1.title: Connect\n',
      );
    expect(lines(moved)).toEqual(["Steps › Items: 'Configure' moved up"]);
  });

  it('a block removed: its marks go with it, unreported', () => {
    const removed = source
      .replace(TESTIMONIALS, '')
      .replace('  blocks.2.heading: What guests say\n  blocks.3.heading', '  blocks.2.heading');
    expect(lines(removed)).toEqual(['Testimonials block removed']);
  });

  it('a mark that moved and changed is still reported, by its field', () => {
    const moved = source
      .replace(TESTIMONIALS, '')
      .replace('  - type: hero', TESTIMONIALS + '  - type: hero')
      .replace(
        marks,
        `translatedFrom:
  blocks.0.heading: What guests say
  blocks.1.title: Run every resort
  blocks.2.heading: How it works
  blocks.2.items.0.title: Connect
  blocks.2.items.1.title: Configure
  blocks.3.heading: Ready?
`,
      );
    expect(lines(moved)).toEqual([
      'Block Testimonials moved up 2 places',
      'Hero › Title: marked as reviewed',
    ]);
  });
});
