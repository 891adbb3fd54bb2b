import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_FILE, makeTestSite, type TestSite } from './test-site.ts';

/**
 * A real solution page (tests/validator/fixtures/solution-page.yaml, a copy of
 * pages/solutions/hotels.yaml) inside a copy of the real site, broken one way at a time. Every
 * message and its file:line:col is asserted exactly: these are the words a marketer reads.
 */
let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
});
afterAll(() => site.cleanUp());
beforeEach(() => site.writeFixture());

const error = (at: string, code: string, message: string) => ({
  at,
  severity: 'error',
  code,
  message,
});
const hintOf = (code: string, file = FIXTURE_FILE) =>
  site.diagnostics().find((d) => d.file === file && d.code === code)?.hint;

describe('the untouched copy', () => {
  it('is valid, so every problem below comes from the breakage alone', () => {
    expect(site.diagnostics()).toEqual([]);
  });
});

describe('broken YAML', () => {
  it('points at the opening quote of a text that is never closed', () => {
    site.writeFixture([
      'heading: Big-hotel service with a small-hotel team',
      'heading: "Big-hotel service with a small-hotel team',
    ]);
    expect(site.problems()).toEqual([
      error('20:14', 'yaml-missing-char-quote', 'A quoted text is never closed.'),
    ]);
    expect(hintOf('yaml-missing-char-quote')).toBe(
      'Add the closing quote mark at the end of the text, or remove the opening one.',
    );
  });

  it('names a tab used for indentation, and only that (no follow-on noise)', () => {
    site.writeFixture([
      '    tone: muted\n    heading: How independent',
      '\ttone: muted\n    heading: How independent',
    ]);
    expect(site.problems()).toEqual([
      error('31:1', 'yaml-tab-as-indent', 'This line is indented with a tab.'),
    ]);
  });

  it('explains a colon inside unquoted text', () => {
    site.writeFixture([
      '    heading: Why independents choose Staylix',
      '    heading: Why independents choose: Staylix',
    ]);
    expect(site.problems()).toEqual([
      error(
        '44:14',
        'yaml-block-as-implicit-key',
        'YAML read this text as a new field because it contains ": " (a colon and a space).',
      ),
    ]);
    expect(hintOf('yaml-block-as-implicit-key')).toBe(
      'Put the whole text in quotes, e.g. title: "Pricing: simple and fair". If the next line is meant to be a new field, line it up with the fields above it.',
    );
  });

  it('names a field written twice, at the second one', () => {
    site.writeFixture([
      '    heading: What independent hotels see',
      '    heading: What independent hotels see\n    heading: Again',
    ]);
    expect(site.problems()).toEqual([
      error('62:5', 'duplicate-key', 'The field "heading" is written twice in the same place.'),
    ]);
    expect(hintOf('duplicate-key')).toBe('Keep one of them and delete the other.');
  });
});

describe('blocks and fields', () => {
  it('suggests the closest block type for an unknown one', () => {
    site.writeFixture(['  - type: highlights', '  - type: highlight']);
    expect(site.problems()).toEqual([
      error('43:11', 'unknown-block-type', 'Unknown block type "highlight".'),
    ]);
    expect(hintOf('unknown-block-type')).toMatch(
      /^Did you mean "highlights"\? Block types: hero, breadcrumbs, richText, .* Each one is shown at \/_blocks\.$/,
    );
  });

  it('suggests the closest field name for a misspelled one, and reports it once (not also as missing)', () => {
    site.writeFixture(['    eyebrow: Overview', '    eybrow: Overview']);
    expect(site.problems()).toEqual([
      error('19:5', 'unknown-field', 'Unknown field "eybrow" in the "richText" block (block 3).'),
    ]);
    expect(hintOf('unknown-field')).toBe(
      'Did you mean "eyebrow"? Fields allowed here: id, tone, eyebrow, heading, paragraphs, bullets.',
    );
  });

  it('reports a misspelled required field once, as the typo', () => {
    site.writeFixture([
      '    heading: See Staylix running a hotel like yours',
      '    haeding: See Staylix running a hotel like yours',
    ]);
    expect(site.problems()).toEqual([
      error('109:5', 'unknown-field', 'Unknown field "haeding" in the "ctaBand" block (block 9).'),
    ]);
  });

  it('names a missing required field in words, with what it is for', () => {
    site.writeFixture(['    heading: See Staylix running a hotel like yours\n', '']);
    expect(site.problems()).toEqual([
      error(
        '108:5',
        'missing-field',
        'The "ctaBand" block (block 9) is missing the required field "heading".',
      ),
    ]);
    expect(hintOf('missing-field')).toBe(
      'Add a line "heading: …" to the "ctaBand" block (block 9). The call to action.',
    );
  });

  it('names a missing field of a list item', () => {
    site.writeFixture(['        role: Owner\n', '']);
    expect(site.problems()).toEqual([
      error('104:9', 'missing-field', 'Item 2 of "items" is missing the required field "role".'),
    ]);
  });

  it('explains a list given as text, naming what the list holds', () => {
    site.writeFixture([
      [
        '    items:',
        '      - title: Tell us about the property',
        '        description: In the demo we look at your rooms, channels and how your team works today.',
        '      - title: We set it up with you',
        '        description: Rooms, rates, channels and your guest messages are configured by our team, free of charge.',
        '      - title: Train in an afternoon',
        '        description: Staff learn the screens for their role in one short session; most are confident by the next shift.',
        '      - title: Go live and grow',
        '        description: Switch over on a quiet day, then turn on upsells, pricing and automation as you are ready.',
        '',
      ].join('\n'),
      '    items: Tell us about the property\n',
    ]);
    expect(site.problems()).toEqual([
      error(
        '33:12',
        'wrong-type',
        '"items" should be a list of steps, but it is text ("Tell us about the property").',
      ),
    ]);
    expect(hintOf('wrong-type')).toBe(
      'Write each item on its own line starting with "- ", indented under the field.',
    );
  });

  it('names the cards when a list of cards is given as text', () => {
    site.writeFixture([
      '    heading: Solutions independent hotels start with\n    items:',
      '    heading: Solutions independent hotels start with\n    items: Operations Hub\n    unused:',
    ]);
    expect(site.problems()).toEqual([
      error(
        '75:12',
        'wrong-type',
        '"items" should be a list of benefit cards, but it is text ("Operations Hub").',
      ),
      error('76:5', 'unknown-field', 'Unknown field "unused" in the "benefits" block (block 7).'),
    ]);
  });

  it('explains a list item written as text where the item needs fields, naming them', () => {
    site.writeFixture([
      '      - title: Tell us about the property\n        description: In the demo we look at your rooms, channels and how your team works today.',
      '      - Tell us about the property',
    ]);
    expect(site.problems()).toEqual([
      error(
        '34:9',
        'wrong-type',
        'Item 1 of "items" should be a group of fields such as title and description, but it is text ("Tell us about the property").',
      ),
    ]);
  });

  it('explains text that YAML read as a field because of a colon', () => {
    site.writeFixture([
      '      - PMS and channel manager with real-time availability',
      '      - PMS: real-time availability',
    ]);
    expect(site.problems()).toEqual([
      error(
        '25:9',
        'wrong-type',
        'Item 1 of "bullets" should be text, but it is a group of fields.',
      ),
    ]);
    expect(hintOf('wrong-type')).toBe(
      'If the text contains ": " (a colon and a space), YAML reads it as a field: put the whole text in quotes.',
    );
  });

  it('explains a number where text is expected', () => {
    site.writeFixture(['        label: Revenue uplift', '        label: 35']);
    expect(site.problems()).toEqual([
      error('64:16', 'wrong-type', '"label" should be text, but it is a number (35).'),
    ]);
    expect(hintOf('wrong-type')).toBe(
      'Write the text after the colon; put it in quotes if it looks like a number, yes/no or a date.',
    );
  });

  it('explains a block written as plain text', () => {
    site.writeFixture([
      '  - type: ctaBand\n    heading: See Staylix running a hotel like yours\n    body: A 30-minute demo tailored to your rooms, your channels and your team.',
      '  - ctaBand',
    ]);
    expect(site.problems()).toEqual([
      error(
        '108:5',
        'block-not-a-mapping',
        'Block 9 should be a group of fields starting with "type:", but it is text ("ctaBand").',
      ),
    ]);
    expect(hintOf('block-not-a-mapping')).toBe(
      'Write "- type: ctaBand", then the block\'s fields on the lines below, lined up with "type".',
    );
  });

  it('suggests the closest allowed value for a bad enum value', () => {
    site.writeFixture([
      '    tone: muted\n    heading: How independent',
      '    tone: mutted\n    heading: How independent',
    ]);
    expect(site.problems()).toEqual([
      error('31:11', 'bad-value', '"mutted" is not an allowed value for "tone".'),
    ]);
    expect(hintOf('bad-value')).toBe('Did you mean "muted"? Allowed values: default, muted, dark.');
  });

  it('suggests the closest icon name', () => {
    site.writeFixture(['      - icon: globe', '      - icon: glob']);
    expect(site.problems()).toEqual([
      error('49:15', 'bad-value', '"glob" is not an allowed value for "icon".'),
    ]);
    expect(hintOf('bad-value')).toMatch(/^Did you mean "globe"\? Allowed values: bed, bell, /);
  });

  it('reports empty text', () => {
    site.writeFixture(['    heading: From independent hoteliers', '    heading: ""']);
    expect(site.problems()).toEqual([error('99:14', 'empty-text', '"heading" is empty.')]);
  });

  it('reports too many items with the count', () => {
    site.writeFixture([
      '      - { label: See the platform, href: /platform, variant: secondary }',
      '      - { label: See the platform, href: /platform, variant: secondary }\n      - { label: Pricing, href: /pricing }\n      - { label: Contact, href: /contact }',
    ]);
    expect(site.problems()).toEqual([
      error('9:7', 'too-many', '"actions" has 4 items; at most 3 are allowed.'),
    ]);
  });
});

describe('links and anchors', () => {
  it('suggests the closest route for a broken internal link', () => {
    site.writeFixture(['href: /platform,', 'href: /platfrom,']);
    expect(site.problems()).toEqual([
      error(
        '10:42',
        'broken-link',
        'Link to "/platfrom" goes nowhere: no page or alias has that route.',
      ),
    ]);
    expect(hintOf('broken-link')).toBe(
      'Did you mean "/platform"? Create the page (npm run new-page -- /platfrom) or fix the link.',
    );
  });

  it('suggests the closest anchor on the target page', () => {
    site.writeFixture(['        href: /pricing\n', '        href: /pricing#plan\n']);
    expect(site.problems()).toEqual([
      error(
        '94:15',
        'broken-anchor',
        'Link to "/pricing#plan": the page /pricing has no block with id "plan".',
      ),
    ]);
    expect(hintOf('broken-anchor')).toMatch(/^Did you mean "plans"\? Anchors on \/pricing: plans/);
  });

  it('checks same-page anchors', () => {
    site.writeFixture(
      ['    eyebrow: Overview', '    id: overview\n    eyebrow: Overview'],
      ['        href: /pricing\n', '        href: "#overveiw"\n'],
    );
    expect(site.problems()).toEqual([
      error(
        '95:15',
        'broken-anchor',
        'Link to "#overveiw": the page /solutions/fixture has no block with id "overveiw".',
      ),
    ]);
    expect(hintOf('broken-anchor')).toBe(
      'Did you mean "overview"? Anchors on /solutions/fixture: overview.',
    );
  });

  it('reports an anchor id used twice on a page, at the second block', () => {
    site.writeFixture(
      ['  - type: steps\n    tone: muted', '  - type: steps\n    id: overview\n    tone: muted'],
      ['    eyebrow: Overview', '    id: overview\n    eyebrow: Overview'],
    );
    expect(site.problems()).toEqual([
      error(
        '32:9',
        'duplicate-anchor',
        'The anchor id "overview" is already used on this page (line 19).',
      ),
    ]);
  });

  it('reports a link to a draft page in a production check, and accepts it when drafts are shown', () => {
    site.write(
      'pages/solutions/resorts.yaml',
      site.read('pages/solutions/hotels.yaml').replace('title: ', 'draft: true\ntitle: '),
    );
    site.writeFixture(['href: /platform,', 'href: /solutions/resorts,']);
    expect(site.problems()).toEqual([
      error(
        '10:42',
        'link-to-draft',
        'Link to "/solutions/resorts" points at a draft page, which is left out of the production build.',
      ),
    ]);
    expect(site.problems(FIXTURE_FILE, { includeDrafts: true })).toEqual([]);
    site.remove('pages/solutions/resorts.yaml');
  });
});

describe('duplicate routes', () => {
  it('file vs alias: an alias that is another page’s route', () => {
    site.writeFixture([
      'description: Staylix gives',
      'aliases: [/solutions/hotels]\ndescription: Staylix gives',
    ]);
    expect(site.problems()).toEqual([
      error(
        '2:11',
        'alias-is-a-route',
        'The alias /solutions/hotels is already the route of pages/solutions/hotels.yaml.',
      ),
    ]);
  });

  it('alias vs alias: an alias another page already has', () => {
    site.writeFixture([
      'description: Staylix gives',
      'aliases: [/features]\ndescription: Staylix gives',
    ]);
    expect(site.problems()).toEqual([
      error('2:11', 'alias-taken', 'The alias /features is also an alias of pages/index.yaml.'),
    ]);
  });

  it('alias vs file: reported on the alias even when the file comes later in the folder', () => {
    site.writeFixture([
      'description: Staylix gives',
      'aliases: [/solutions/zz-later]\ndescription: Staylix gives',
    ]);
    site.write('pages/solutions/zz-later.yaml', site.read('pages/solutions/hotels.yaml'));
    expect(site.problems()).toEqual([
      error(
        '2:11',
        'alias-is-a-route',
        'The alias /solutions/zz-later is already the route of pages/solutions/zz-later.yaml.',
      ),
    ]);
    expect(site.problems('pages/solutions/zz-later.yaml')).toEqual([]);
    site.remove('pages/solutions/zz-later.yaml');
  });

  it('file vs file: pages/x.yaml and pages/x/index.yaml', () => {
    site.write('pages/solutions/fixture/index.yaml', site.read(FIXTURE_FILE));
    expect(site.problems('pages/solutions/fixture/index.yaml')).toEqual([
      error(
        '1:1',
        'duplicate-route',
        'The route /solutions/fixture of this file is also the route of pages/solutions/fixture.yaml.',
      ),
    ]);
    site.remove('pages/solutions/fixture/index.yaml');
  });
});

describe('images', () => {
  const logos = (logoLines: string) =>
    [
      '  - type: ctaBand',
      `  - type: logoMarquee\n    heading: Trusted by\n    logos:\n${logoLines}\n\n  - type: ctaBand`,
    ] as [string, string];

  it('reports an image missing from public/, suggesting the closest file', () => {
    site.writeFixture(
      logos('      - src: /logos/harbour-hotels.svg\n        alt: Harbor Hotels logo'),
    );
    expect(site.problems()).toEqual([
      error(
        '111:14',
        'missing-image',
        'Image "/logos/harbour-hotels.svg" does not exist in public/.',
      ),
    ]);
    expect(hintOf('missing-image')).toBe(
      'Did you mean "/logos/harbor-hotels.svg"? Add the file as public/logos/harbour-hotels.svg or fix the path.',
    );
  });

  it('says that alt text is required when it is missing', () => {
    site.writeFixture(logos('      - src: /logo.svg'));
    expect(site.problems()).toEqual([
      error(
        '111:9',
        'missing-alt-text',
        'The image "/logo.svg" in item 1 of "logos" has no alt text: "alt" is required.',
      ),
    ]);
    expect(hintOf('missing-alt-text')).toBe(
      'Add a line "alt: …" saying what the image shows (for a logo, the company name and "logo"). Screen readers read it aloud.',
    );
  });

  it('says that alt text is required when it is empty', () => {
    site.writeFixture(logos('      - src: /logo.svg\n        alt: ""'));
    expect(site.problems()).toEqual([
      error(
        '112:14',
        'empty-alt-text',
        'The image "/logo.svg" has empty alt text: "alt" is required.',
      ),
    ]);
  });
});

describe('site.config.yaml', () => {
  it('is checked with the same words, and a menu entry is explained against the form it is closest to', () => {
    const original = site.read('site.config.yaml');
    try {
      const broken = original
        .replace('tagline: ', 'tagLine: ')
        .replace(
          '    - label: Platform\n      href: /platform',
          '    - label: Platform\n      hrf: /platform',
        );
      site.write('site.config.yaml', broken);
      // site.config.yaml belongs to the content, so its line numbers are read from the broken text
      // itself.
      const at = (marker: string) => {
        const lines = broken.split('\n');
        const line = lines.findIndex((text) => text.includes(marker));
        return `${line + 1}:${lines[line]!.indexOf(marker) + 1}`;
      };
      expect(site.problems('site.config.yaml')).toEqual([
        error(
          at('tagLine:'),
          'unknown-field',
          'Unknown field "tagLine" in the site configuration.',
        ),
        error(at('hrf:'), 'unknown-field', 'Unknown field "hrf" in item 1 of "items".'),
      ]);
      expect(site.diagnostics().find((d) => d.message.includes('"hrf"'))?.hint).toBe(
        'Did you mean "href"? Fields allowed here: label, href.',
      );
    } finally {
      site.write('site.config.yaml', original);
    }
  });
});

describe('a language without one of the words of the layout and the blocks', () => {
  it('is an error at that language, naming the word and what it is for', () => {
    const original = site.read('site.config.yaml');
    try {
      const broken = original.replace('        lastUpdated: "آخر تحديث: {date}"\n', '');
      expect(broken).not.toBe(original);
      site.write('site.config.yaml', broken);
      const lines = broken.split('\n');
      const line = lines.findIndex((text) => text.includes('تخطَّ إلى المحتوى'));
      expect(site.problems('site.config.yaml')).toEqual([
        error(
          // At the Arabic words (the line above their first).
          `${line}:7`,
          'missing-field',
          '"words" is missing the required field "lastUpdated".',
        ),
      ]);
      expect(site.diagnostics().find((d) => d.message.includes('"lastUpdated"'))?.hint).toContain(
        'The line above a legal text; {date} is its date of revision.',
      );
    } finally {
      site.write('site.config.yaml', original);
    }
  });
});

describe('a word of a language without the place of its value', () => {
  it('is an error at the word, saying what the page would lose', () => {
    const original = site.read('site.config.yaml');
    try {
      const broken = original
        .replace(
          'lastUpdated: "Zuletzt aktualisiert: {date}"',
          'lastUpdated: "Zuletzt aktualisiert"',
        )
        .replace('"{caption}, scrollbare Tabelle"', '"{titel}, scrollbare Tabelle"');
      site.write('site.config.yaml', broken);
      const at = (marker: string) => {
        const lines = broken.split('\n');
        const line = lines.findIndex((text) => text.includes(marker));
        // At the word's value.
        return `${line + 1}:${lines[line]!.indexOf(': ') + 3}`;
      };
      expect(site.problems('site.config.yaml')).toEqual([
        error(
          at('"Zuletzt aktualisiert"'),
          'word-placeholder',
          '"Zuletzt aktualisiert" leaves out {date}: the page puts a value there, so without it the value is not shown.',
        ),
        error(
          at('"{titel}, scrollbare Tabelle"'),
          'word-placeholder',
          '"{titel}, scrollbare Tabelle" has {titel} instead of {caption}: the page puts its value only at {caption}.',
        ),
      ]);
      expect(hintOf('word-placeholder', 'site.config.yaml')).toBe(
        'Write {date} where the value goes, as in "Last updated: {date}".',
      );
    } finally {
      site.write('site.config.yaml', original);
    }
  });
});

describe('search snippet lengths', () => {
  it('warns about a title over 60 and a description over 160 characters', () => {
    site.writeFixture(
      [
        'title: Hotel Management Software for Independent Hotels',
        'title: Hotel Management Software for Independent Hotels and Boutique Stays',
      ],
      [
        'built for small teams that grow fast.',
        'built for small teams that grow fast, with setup, training and support included.',
      ],
    );
    expect(site.problems()).toEqual([
      {
        at: '1:8',
        severity: 'warning',
        code: 'title-too-long',
        message: 'The title is 67 characters long; search results cut it after about 60.',
      },
      {
        at: '2:14',
        severity: 'warning',
        code: 'description-too-long',
        message: 'The description is 191 characters long; search results cut it after about 160.',
      },
    ]);
  });
});

describe('length guidance per kind of text', () => {
  it('warns at a 20,000-character hero title (a headline), and the form gets the same words', () => {
    const long = 'Very long headline '.repeat(1053).slice(0, 20_000).trim();
    site.writeFixture([
      '    title: The Hotel OS Built for Independent Teams',
      `    title: ${long}`,
    ]);
    const [problem] = site.problems();
    expect(site.problems()).toHaveLength(1);
    expect(problem).toMatchObject({ severity: 'warning', code: 'text-too-long' });
    expect(problem!.message).toBe(
      `This text is ${long.length.toLocaleString('en')} characters long; a headline reads best in 70 or fewer.`,
    );
    const diagnostic = site.diagnostics().find((d) => d.code === 'text-too-long')!;
    expect(diagnostic.path).toEqual(['blocks', 0, 'title']);
  });

  it('warns at a button label over 30 characters and not at one of 30', () => {
    site.writeFixture(['label: Book a Demo', 'label: Book a demo with our friendly sales team']);
    expect(site.problems().map((problem) => problem.code)).toEqual(['text-too-long']);
    site.writeFixture(['label: Book a Demo', 'label: Book a free demo with our team']);
    expect(site.problems()).toEqual([]);
  });
});

describe('one run', () => {
  it('reports every problem of every kind at once, in file order', () => {
    site.writeFixture(
      ['href: /platform,', 'href: /platfrom,'],
      ['    eyebrow: Overview', '    eybrow: Overview'],
      ['  - type: highlights', '  - type: highlight'],
      ['        label: Revenue uplift', '        label: 35'],
      ['        href: /pricing\n', '        href: /pricing#plan\n'],
      [
        'title: Hotel Management Software for Independent Hotels',
        'title: Hotel Management Software for Independent Hotels and Boutique Stays',
      ],
    );
    expect(site.problems().map((problem) => `${problem.at} ${problem.code}`)).toEqual([
      '1:8 title-too-long',
      '10:42 broken-link',
      '19:5 unknown-field',
      '43:11 unknown-block-type',
      '64:16 wrong-type',
      '94:15 broken-anchor',
    ]);
  });

  it('gives every error a hint', () => {
    site.writeFixture(
      ['href: /platform,', 'href: /platfrom,'],
      ['    eyebrow: Overview', '    eybrow: Overview'],
      ['        label: Revenue uplift', '        label: 35'],
    );
    const diagnostics = site.diagnostics();
    expect(diagnostics.length).toBe(3);
    for (const diagnostic of diagnostics) expect(diagnostic.hint, diagnostic.message).toMatch(/\S/);
  });
});
