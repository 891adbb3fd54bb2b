import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergeYaml, resolveConflicts } from './merge.ts';
import type { ConflictChoice } from './types.ts';
import { edit } from '../../tests/helpers/text-edits.ts';

const file = 'pages/solutions/resorts.yaml';

/**
 * A page written as people write them: comments, mixed quoting, flow items, a folded text, blank
 * lines.
 */
const base = `# The resorts page.
title: Resorts
description: "Staylix for resorts: every guest, every villa."
blocks:
  - type: hero
    title: Run your resort from one screen
    subtitle: >-
      Villas, spa and restaurants
      on one calendar.
    actions:
      - { label: Book a Demo, href: "#demo", variant: primary }

  # Why resorts choose us
  - type: steps
    heading: How it works
    items:
      - title: Connect
        description: Link your channels.
      - title: Configure
        description: Set rates.

  - type: faq
    heading: 'Questions'
    items:
      - question: How long does setup take?
        answer: A week.
      - question: Is there a contract?
        answer: No.

  - type: ctaBand
    heading: Ready?
    actions:
      - { label: Book a Demo, href: "#demo", variant: primary }
`;

const STEPS = `  - type: steps
    heading: How it works
    items:
      - title: Connect
        description: Link your channels.
      - title: Configure
        description: Set rates.

`;
const FAQ = `  - type: faq
    heading: 'Questions'
    items:
      - question: How long does setup take?
        answer: A week.
      - question: Is there a contract?
        answer: No.

`;

const merge = (ours: string, theirs: string) => mergeYaml({ file, base, ours, theirs });

describe('mergeYaml: changes of one side only come through', () => {
  it('takes theirs when ours did not change, ours when theirs did not', () => {
    const changed = edit(base, ['title: Resorts', 'title: Resorts and villas']);
    expect(merge(base, changed)).toEqual({ text: changed, conflicts: [] });
    expect(merge(changed, base)).toEqual({ text: changed, conflicts: [] });
  });

  it('merges different fields of the same page and keeps every other byte', () => {
    const ours = edit(base, ['title: Resorts', 'title: Resorts and villas']);
    const theirs = edit(base, ['answer: No.', 'answer: No, it is monthly.']);
    expect(merge(ours, theirs)).toEqual({
      text: edit(
        base,
        ['title: Resorts', 'title: Resorts and villas'],
        ['answer: No.', 'answer: No, it is monthly.'],
      ),
      conflicts: [],
    });
  });

  it("writes theirs' value as theirs wrote it (quoting)", () => {
    const ours = edit(base, ['title: Resorts', 'title: Villas']);
    const theirs = edit(base, ["heading: 'Questions'", 'heading: "FAQ: resorts"']);
    expect(merge(ours, theirs).text).toBe(
      edit(
        base,
        ['title: Resorts', 'title: Villas'],
        ["heading: 'Questions'", 'heading: "FAQ: resorts"'],
      ),
    );
  });

  it('changes a folded text and a field inside a flow item', () => {
    const ours = edit(base, ['on one calendar.', 'on one calendar, at last.']);
    const theirs = edit(base, [
      '    heading: Ready?\n    actions:\n      - { label: Book a Demo',
      '    heading: Ready?\n    actions:\n      - { label: Talk to us',
    ]);
    expect(merge(ours, theirs).text).toBe(
      edit(
        base,
        ['on one calendar.', 'on one calendar, at last.'],
        [
          '    heading: Ready?\n    actions:\n      - { label: Book a Demo',
          '    heading: Ready?\n    actions:\n      - { label: Talk to us',
        ],
      ),
    );
  });

  it('the same change on both sides is no conflict', () => {
    const both = edit(base, ['title: Resorts', 'title: Same']);
    expect(merge(both, edit(base, ['title: Resorts', 'title: Same']))).toEqual({
      text: both,
      conflicts: [],
    });
    const ours = edit(both, ['answer: A week.', 'answer: Two days.']);
    expect(merge(ours, both)).toEqual({ text: ours, conflicts: [] });
  });

  it("adds a field theirs added, in theirs' own style, where theirs put it", () => {
    const ours = edit(base, ['title: Resorts', 'title: Villas']);
    const media = '    media: { src: /images/villa.jpg, alt: "A villa" }\n';
    const theirs = edit(base, ['primary }\n\n  # Why', `primary }\n${media}\n  # Why`]);
    expect(merge(ours, theirs).text).toBe(
      edit(
        base,
        ['title: Resorts', 'title: Villas'],
        ['primary }\n\n  # Why', `primary }\n${media}\n  # Why`],
      ),
    );
  });

  it('removes a field theirs removed', () => {
    const ours = edit(base, ['title: Resorts', 'title: Villas']);
    const theirs = edit(base, [
      'description: "Staylix for resorts: every guest, every villa."\n',
      '',
    ]);
    expect(merge(ours, theirs).text).toBe(
      edit(
        base,
        ['title: Resorts', 'title: Villas'],
        ['description: "Staylix for resorts: every guest, every villa."\n', ''],
      ),
    );
  });
});

describe('mergeYaml: blocks', () => {
  const RICH = '  - type: richText # their note\n    paragraphs: ["Hello, \\"world\\"."]\n\n';

  it('adds the block theirs added, as theirs wrote it, while ours edited another', () => {
    const ours = edit(base, ['title: Run your resort', 'title: Run every resort']);
    const theirs = edit(base, [FAQ, RICH + FAQ]);
    expect(merge(ours, theirs)).toEqual({
      text: edit(base, ['title: Run your resort', 'title: Run every resort'], [FAQ, RICH + FAQ]),
      conflicts: [],
    });
  });

  it('adds a block theirs put last', () => {
    const ours = edit(base, ['title: Resorts', 'title: Villas']);
    const last = "\n  - type: richText\n    paragraphs:\n      - 'Last one.'\n";
    expect(merge(ours, base + last).text).toBe(ours + last);
  });

  it('keeps both blocks added at the same place, ours first', () => {
    const mine = '  - type: richText\n    paragraphs: [Mine.]\n\n';
    const theirs = edit(base, [FAQ, RICH + FAQ]);
    const ours = edit(base, [FAQ, mine + FAQ]);
    expect(merge(ours, theirs)).toEqual({
      text: edit(base, [FAQ, mine + RICH + FAQ]),
      conflicts: [],
    });
  });

  it('the same block added by both sides is added once', () => {
    const theirs = edit(base, [FAQ, RICH + FAQ]);
    expect(merge(theirs, theirs).text).toBe(theirs);
    const ours = edit(theirs, ['title: Resorts', 'title: Villas']);
    expect(merge(ours, theirs)).toEqual({ text: ours, conflicts: [] });
  });

  it('removes the block theirs removed', () => {
    const ours = edit(base, ['title: Run your resort', 'title: Run every resort']);
    const theirs = edit(base, [STEPS, '']);
    expect(merge(ours, theirs).text).toBe(
      edit(base, ['title: Run your resort', 'title: Run every resort'], [STEPS, '']),
    );
  });

  it("moves the block theirs moved, with ours' edit inside it", () => {
    const ours = edit(base, ["heading: 'Questions'", "heading: 'Resort questions'"]);
    const theirs = edit(base, [STEPS + FAQ, FAQ + STEPS]);
    expect(merge(ours, theirs)).toEqual({
      text: edit(base, [STEPS + FAQ, FAQ.replace("'Questions'", "'Resort questions'") + STEPS]),
      conflicts: [],
    });
  });

  it('a block theirs removed and ours changed: a conflict, ours kept until resolved', () => {
    const ours = edit(base, ['heading: How it works', 'heading: Three steps']);
    const theirs = edit(base, [STEPS, '']);
    const input = { file, base, ours, theirs };
    const result = mergeYaml(input);
    expect(result.text).toBe(ours);
    expect(result.conflicts).toEqual([
      {
        id: 'blocks.1',
        path: ['blocks', 1],
        label: 'Steps block',
        base: parse(base).blocks[1],
        ours: parse(ours).blocks[1],
      },
    ]);
    expect(resolveConflicts(input, { 'blocks.1': { pick: 'ours' } })).toBe(ours);
    expect(resolveConflicts(input, { 'blocks.1': { pick: 'theirs' } })).toBe(theirs);
  });

  it('a block ours removed and theirs changed: a conflict; choosing theirs brings it back', () => {
    const ours = edit(base, [STEPS, '']);
    const theirs = edit(base, ['heading: How it works', 'heading: Three steps']);
    const input = { file, base, ours, theirs };
    const result = mergeYaml(input);
    expect(result.text).toBe(ours);
    expect(result.conflicts).toEqual([
      {
        id: 'theirs.blocks.1',
        path: ['blocks', 1],
        label: 'Steps block',
        base: parse(base).blocks[1],
        theirs: parse(theirs).blocks[1],
      },
    ]);
    expect(resolveConflicts(input, { 'theirs.blocks.1': { pick: 'theirs' } })).toBe(theirs);
    expect(resolveConflicts(input, { 'theirs.blocks.1': { pick: 'ours' } })).toBe(ours);
  });
});

describe('mergeYaml: list items', () => {
  it("adds theirs' new question while ours edited another answer", () => {
    const ours = edit(base, ['answer: A week.', 'answer: Two days.']);
    const added = '      - question: Can I cancel?\n        answer: Any time.\n';
    const theirs = edit(base, ['answer: No.\n', `answer: No.\n${added}`]);
    expect(merge(ours, theirs).text).toBe(
      edit(
        base,
        ['answer: A week.', 'answer: Two days.'],
        ['answer: No.\n', `answer: No.\n${added}`],
      ),
    );
  });

  it('removes the step theirs removed while ours edited the other', () => {
    const ours = edit(base, [
      'description: Link your channels.',
      'description: Link every channel.',
    ]);
    const theirs = edit(base, ['      - title: Configure\n        description: Set rates.\n', '']);
    expect(merge(ours, theirs).text).toBe(
      edit(
        base,
        ['description: Link your channels.', 'description: Link every channel.'],
        ['      - title: Configure\n        description: Set rates.\n', ''],
      ),
    );
  });
});

describe('mergeYaml: more than one change to the same block or list', () => {
  it('different fields added to the same block by each side: both', () => {
    const ours = edit(base, [
      '    heading: How it works\n',
      '    heading: How it works\n    intro: Three steps.\n',
    ]);
    const theirs = edit(base, ['  - type: steps\n', '  - type: steps\n    tone: muted\n']);
    expect(merge(ours, theirs)).toEqual({
      text: edit(
        base,
        ['  - type: steps\n', '  - type: steps\n    tone: muted\n'],
        ['    heading: How it works\n', '    heading: How it works\n    intro: Three steps.\n'],
      ),
      conflicts: [],
    });
  });

  it('a block moved by both to different places stays where ours put it', () => {
    const ours = edit(base, [STEPS + FAQ, FAQ + STEPS]);
    const cta =
      '  - type: ctaBand\n    heading: Ready?\n    actions:\n      - { label: Book a Demo, href: "#demo", variant: primary }\n';
    const theirs = edit(base, [FAQ, ''], [cta, `${cta}\n${FAQ.trimEnd()}\n`]);
    expect(merge(ours, theirs)).toEqual({ text: ours, conflicts: [] });
  });

  it('list items of text: different items merge, the same item changed differently is a conflict', () => {
    const chips = base.replace(
      '    actions:\n      - { label: Book',
      '    chips: [Villas, Spa, Dining]\n    actions:\n      - { label: Book',
    );
    const run = (ours: string, theirs: string) => mergeYaml({ file, base: chips, ours, theirs });
    const ours = edit(chips, ['[Villas, Spa, Dining]', '[Villas and suites, Spa, Dining]']);
    expect(
      run(ours, edit(chips, ['[Villas, Spa, Dining]', '[Villas, Spa, Fine dining]'])).text,
    ).toBe(edit(chips, ['[Villas, Spa, Dining]', '[Villas and suites, Spa, Fine dining]']));
    const both = run(ours, edit(chips, ['[Villas, Spa, Dining]', '[Private villas, Spa, Dining]']));
    expect(both.text).toBe(ours);
    expect(both.conflicts).toEqual([
      {
        id: 'blocks.0.chips.0',
        path: ['blocks', 0, 'chips', 0],
        label: 'Hero › Chips › 1',
        base: 'Villas',
        ours: 'Villas and suites',
        theirs: 'Private villas',
      },
    ]);
  });
});

describe('mergeYaml: a side that changed only comments or layout', () => {
  it("theirs' new comment stays when ours changed a field", () => {
    const ours = edit(base, ['title: Resorts', 'title: Villas']);
    const theirs = edit(base, ['  - type: faq\n', '  # Keep the answers short.\n  - type: faq\n']);
    expect(merge(ours, theirs)).toEqual({
      text: edit(theirs, ['title: Resorts', 'title: Villas']),
      conflicts: [],
    });
  });

  it("ours' new comment stays when theirs changed a field", () => {
    const ours = edit(base, ['  - type: faq\n', '  # Keep the answers short.\n  - type: faq\n']);
    const theirs = edit(base, ['title: Resorts', 'title: Villas']);
    expect(merge(ours, theirs).text).toBe(edit(ours, ['title: Resorts', 'title: Villas']));
  });

  it('when both changed comments, ours are kept (theirs is in the published history)', () => {
    const ours = edit(
      base,
      ['# The resorts page.', '# Resorts, reviewed in March.'],
      ['title: Resorts', 'title: Villas'],
    );
    const theirs = edit(base, ['# The resorts page.', '# The resorts page (owner: sales).']);
    expect(merge(ours, theirs)).toEqual({ text: ours, conflicts: [] });
  });
});

describe('mergeYaml: line ends', () => {
  it('a file written with Windows line ends keeps them, whatever theirs used', () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const rich = '  - type: richText\n    paragraphs: [Hello.]\n\n';
    const ours = crlf(edit(base, ['title: Resorts', 'title: Villas']));
    const theirs = edit(base, [FAQ, rich + FAQ], ['answer: No.', 'answer: "No: never."']);
    for (const [b, t] of [
      [crlf(base), crlf(theirs)],
      [base, theirs],
    ])
      expect(mergeYaml({ file, base: b!, ours, theirs: t! })).toEqual({
        text: crlf(
          edit(
            base,
            ['title: Resorts', 'title: Villas'],
            [FAQ, rich + FAQ],
            ['answer: No.', 'answer: "No: never."'],
          ),
        ),
        conflicts: [],
      });
  });
});

describe('mergeYaml: conflicts', () => {
  const ours = edit(base, ['title: Run your resort from one screen', 'title: Ours']);
  const theirs = edit(
    base,
    ['title: Run your resort from one screen', 'title: "Theirs: new"'],
    ['answer: No.', 'answer: Never.'],
  );
  const input = { file, base, ours, theirs };

  it('the same field changed differently: ours in the text, both values in the conflict', () => {
    expect(mergeYaml(input)).toEqual({
      text: edit(ours, ['answer: No.', 'answer: Never.']),
      conflicts: [
        {
          id: 'blocks.0.title',
          path: ['blocks', 0, 'title'],
          label: 'Hero › Title',
          base: 'Run your resort from one screen',
          ours: 'Ours',
          theirs: 'Theirs: new',
        },
      ],
    });
  });

  it('resolves to ours, to theirs (as theirs wrote it) or to an edited value', () => {
    const merged = edit(ours, ['answer: No.', 'answer: Never.']);
    expect(resolveConflicts(input, { 'blocks.0.title': { pick: 'ours' } })).toBe(merged);
    expect(resolveConflicts(input, { 'blocks.0.title': { pick: 'theirs' } })).toBe(
      edit(merged, ['title: Ours', 'title: "Theirs: new"']),
    );
    expect(resolveConflicts(input, { 'blocks.0.title': { value: 'Both of us' } })).toBe(
      edit(merged, ['title: Ours', 'title: Both of us']),
    );
  });

  it('refuses a choice for a conflict the merge does not have', () => {
    expect(() => resolveConflicts(input, { 'blocks.3.title': { pick: 'theirs' } })).toThrow(
      /No conflict blocks\.3\.title/,
    );
  });

  it('a field removed by one side and changed by the other', () => {
    const removed = edit(base, [
      'description: "Staylix for resorts: every guest, every villa."\n',
      '',
    ]);
    const changed = edit(base, ['every villa.', 'every suite.']);
    const result = merge(removed, changed);
    expect(result.text).toBe(removed);
    expect(result.conflicts).toEqual([
      {
        id: 'description',
        path: ['description'],
        label: 'Description',
        base: 'Staylix for resorts: every guest, every villa.',
        theirs: 'Staylix for resorts: every guest, every suite.',
      },
    ]);
    expect(
      resolveConflicts(
        { file, base, ours: removed, theirs: changed },
        { description: { pick: 'theirs' } },
      ),
    ).toBe(changed);
  });

  it('a version that is not valid YAML: one conflict for the whole file, ours kept', () => {
    const broken = `${base}  - type: [\n`;
    const mine = edit(base, ['title: Resorts', 'title: Villas']);
    const result = merge(mine, broken);
    expect(result.text).toBe(mine);
    expect(
      result.conflicts.map(({ id, path, base: b, ours: o, theirs: t }) => ({ id, path, b, o, t })),
    ).toEqual([{ id: 'whole-file', path: [], b: base, o: mine, t: broken }]);
    const again = { file, base, ours: mine, theirs: broken };
    expect(resolveConflicts(again, { 'whole-file': { pick: 'ours' } })).toBe(mine);
    expect(resolveConflicts(again, { 'whole-file': { pick: 'theirs' } })).toBe(broken);
  });
});

describe('mergeYaml: keys that are names of JavaScript properties', () => {
  it('merges and resolves a field called constructor like any other', () => {
    const page = 'constructor: a\ntoString: b\nblocks: []\n';
    const input = {
      file,
      base: page,
      ours: 'constructor: ours\ntoString: b\nblocks: []\n',
      theirs: 'constructor: theirs\ntoString: c\nblocks: []\n',
    };
    const result = mergeYaml(input);
    expect(result).toEqual({
      text: 'constructor: ours\ntoString: c\nblocks: []\n',
      conflicts: [
        {
          id: 'constructor',
          path: ['constructor'],
          label: 'Constructor',
          base: 'a',
          ours: 'ours',
          theirs: 'theirs',
        },
      ],
    });
    const choices = Object.fromEntries([['constructor', { pick: 'theirs' } as ConflictChoice]]);
    expect(resolveConflicts(input, choices)).toBe(input.theirs);
  });
});

describe('mergeYaml: site.config.yaml', () => {
  const config = `name: Staylix
navigation:
  items:
    - label: Platform
      href: /platform
    - label: Pricing # the plans
      href: /pricing
  actions:
    - { label: Book a Demo, href: /book-demo, variant: primary }
footer:
  copyright: "© 2026 Staylix"
`;
  const run = (ours: string, theirs: string) =>
    mergeYaml({ file: 'site.config.yaml', base: config, ours, theirs });

  it('merges a new menu item with a changed copyright line', () => {
    const item = '    - label: Blog\n      href: /resources/blog\n';
    const ours = edit(config, ['"© 2026 Staylix"', '"© 2026 Staylix Technologies"']);
    const theirs = edit(config, ['      href: /pricing\n', `      href: /pricing\n${item}`]);
    expect(run(ours, theirs)).toEqual({
      text: edit(ours, ['      href: /pricing\n', `      href: /pricing\n${item}`]),
      conflicts: [],
    });
  });

  it('a link added to a menu column by theirs, in flow style, while ours renamed another', () => {
    const menu = `navigation:
  items:
    - label: Solutions
      columns:
        - heading: Hubs
          links:
            - { label: Operations Hub, href: /solutions/operations-hub, description: "PMS, POS, stock" }
            - { label: Sales Hub, href: /solutions/sales-hub, description: "Booking engine" }
`;
    const added =
      '            - { label: Guest Hub, href: /solutions/guest-hub, description: "Magic links" }\n';
    const ours = edit(menu, ['label: Sales Hub', 'label: Sales and Revenue Hub']);
    const theirs = menu + added;
    expect(mergeYaml({ file: 'site.config.yaml', base: menu, ours, theirs })).toEqual({
      text: ours + added,
      conflicts: [],
    });
  });

  it('labels a conflict in the settings with the form labels', () => {
    const ours = edit(config, ['"© 2026 Staylix"', '"© Staylix"']);
    const theirs = edit(config, ['"© 2026 Staylix"', '"© Staylix Ltd"']);
    expect(run(ours, theirs).conflicts.map((c) => [c.id, c.label])).toEqual([
      ['footer.copyright', 'Footer › Copyright'],
    ]);
    expect(
      run(
        edit(config, ['label: Pricing', 'label: Plans']),
        edit(config, ['label: Pricing', 'label: Prices']),
      ).conflicts.map((c) => c.label),
    ).toEqual(["Navigation › Items › 'Pricing' › Label"]);
  });
});

describe('mergeYaml: a version yaml reads only to throw', () => {
  // Shrunk from damaged.property.test.ts: an alias of no anchor threw yaml's ReferenceError out of
  // the merge an update runs.
  it('an alias of no anchor in ours: the whole file in conflict, ours kept', () => {
    const base = 'title: Page not found\ndescription: Gone\n';
    const ours = 'title: *a\ndescription: Gone\n';
    const theirs = 'title: Page not found\ndescription: Moved\n';
    const result = mergeYaml({ file: 'pages/404.yaml', base, ours, theirs });
    expect(result.text).toBe(ours);
    expect(result.conflicts.map((conflict) => conflict.id)).toEqual(['whole-file']);
  });
});
