import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../engine/load-site.ts';
import { validateAndReport } from '../../engine/validation-report.ts';
import { makeTestSite, type TestSite } from '../validator/test-site.ts';

/**
 * Every finding of the translation checks (engine/errors.ts › translationErrors) on a copy of the
 * real site, each from one real edit, with its exact file:line:col and message. Each test puts the
 * files back as they were.
 */
let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
});
afterAll(() => site.cleanUp());

type Finding = { at: string; severity: string; code: string; message: string };

/**
 * The findings of one file, as `npm run validate` (or, with `status`, `--translations`) reports
 * them.
 */
const findings = (file: string, status = false): Finding[] =>
  (status ? loadSite({ root: site.root, translationStatus: true }).diagnostics : site.diagnostics())
    .filter((d) => d.file === file)
    .map(({ file: at, line, col, severity, code, message }) => ({
      at: `${at}:${line}:${col}`,
      severity,
      code,
      message,
    }));

/**
 * Writes `file` with each [from, to] replaced (each `from` must occur once), runs `check`, then
 * restores it.
 */
function withEdit(file: string, replacements: Array<[string, string]>, check: () => void) {
  const original = site.read(file);
  let text = original;
  for (const [from, to] of replacements) {
    expect(text.split(from).length - 1, `"${from}" occurs once in ${file}`).toBe(1);
    text = text.replace(from, to);
  }
  site.write(file, text);
  try {
    check();
  } finally {
    site.write(file, original);
  }
}

const DEMO = 'pages/de/book-demo.yaml';
const CONFIG = 'site.config.yaml';

describe('translation findings, each at its file:line:col', () => {
  it('the copy of the real site has none, even in the status run', () => {
    expect(findings(DEMO, true)).toEqual([]);
    expect(findings('pages/de/pricing.yaml', true)).toEqual([]);
  });

  it('locale-default-unknown', () => {
    withEdit(CONFIG, [['  default: en\n', '  default: fr\n']], () =>
      expect(findings(CONFIG).filter((d) => d.code === 'locale-default-unknown')).toEqual([
        {
          at: 'site.config.yaml:100:12',
          severity: 'error',
          code: 'locale-default-unknown',
          message: 'The default language "fr" is not in the list of languages.',
        },
      ]),
    );
  });

  it('locale-listed-twice', () => {
    withEdit(CONFIG, [['    - code: ar\n', '    - code: de\n']], () =>
      expect(findings(CONFIG).filter((d) => d.code === 'locale-listed-twice')).toEqual([
        {
          at: 'site.config.yaml:256:13',
          severity: 'error',
          code: 'locale-listed-twice',
          message: 'The language "de" is listed twice.',
        },
      ]),
    );
  });

  it('site-word-missing and site-word-unused (warnings: the default text shows)', () => {
    withEdit(
      CONFIG,
      [
        [
          '        navigation.items.3.label: { text: Preise, from: Pricing }\n',
          '        navigation.items.9.label: { text: Preise, from: Pricing }\n',
        ],
      ],
      () =>
        expect(findings(CONFIG)).toEqual([
          {
            at: 'site.config.yaml:188:7',
            severity: 'warning',
            code: 'site-word-missing',
            message:
              'The text "Pricing" (site.config.yaml, line 49) has no Deutsch version: Deutsch pages show it untranslated.',
          },
          {
            at: 'site.config.yaml:226:9',
            severity: 'warning',
            code: 'site-word-unused',
            message: 'The label "navigation.items.9.label" is for no text of site.config.yaml.',
          },
        ]),
    );
  });

  it('site-word-stale: the footer copyright edited in English is a warning per language, not an error', () => {
    withEdit(CONFIG, [['  copyright: © 2024 Staylix', '  copyright: © 2026 Staylix']], () =>
      expect(findings(CONFIG)).toEqual([
        {
          at: 'site.config.yaml:255:35',
          severity: 'warning',
          code: 'site-word-stale',
          message:
            'The Deutsch label "© 2024 Staylix Technologies Pvt. Ltd. Alle Rechte vorbehalten." was translated from "© 2024 Staylix Technologies Pvt. Ltd. All rights reserved.", but that text (site.config.yaml, line 87) is now "© 2026 Staylix Technologies Pvt. Ltd. All rights reserved.": Deutsch pages keep showing the label until it is updated.',
        },
        {
          at: 'site.config.yaml:366:35',
          severity: 'warning',
          code: 'site-word-stale',
          message:
            'The العربية label "© 2024 Staylix Technologies Pvt. Ltd. جميع الحقوق محفوظة." was translated from "© 2024 Staylix Technologies Pvt. Ltd. All rights reserved.", but that text (site.config.yaml, line 87) is now "© 2026 Staylix Technologies Pvt. Ltd. All rights reserved.": العربية pages keep showing the label until it is updated.',
        },
      ]),
    );
  });

  it('translation-without-source', () => {
    site.write('pages/de/nowhere.yaml', site.read(DEMO));
    try {
      expect(findings('pages/de/nowhere.yaml')).toEqual([
        {
          at: 'pages/de/nowhere.yaml:1:1',
          severity: 'error',
          code: 'translation-without-source',
          message:
            'pages/de/nowhere.yaml is a Deutsch translation of /nowhere, but no page has that route.',
        },
      ]);
    } finally {
      site.remove('pages/de/nowhere.yaml');
    }
  });

  it('translation-block-extra', () => {
    withEdit(DEMO, [['    id: book-a-demo\n', '    id: book-a-demo\n  - type: scheduler\n']], () =>
      expect(findings(DEMO).filter((d) => d.code === 'translation-block-extra')).toEqual([
        {
          at: 'pages/de/book-demo.yaml:15:5',
          severity: 'error',
          code: 'translation-block-extra',
          message:
            'Block 3 ("scheduler") has no counterpart in the source pages/book-demo.yaml, which has 2 blocks.',
        },
      ]),
    );
  });

  it('translation-block-missing', () => {
    withEdit(DEMO, [['\n  - type: scheduler\n    id: book-a-demo\n', '\n']], () =>
      expect(findings(DEMO)).toEqual([
        {
          at: 'pages/de/book-demo.yaml:3:1',
          severity: 'error',
          code: 'translation-block-missing',
          message:
            'The source\'s block 2 ("scheduler", pages/book-demo.yaml:14:5) is missing from this translation.',
        },
      ]),
    );
  });

  it('translation-block-moved', () => {
    withEdit(
      DEMO,
      [['  - type: scheduler\n    id: book-a-demo\n', '  - type: faq\n    id: book-a-demo\n']],
      () =>
        expect(findings(DEMO).filter((d) => d.code === 'translation-block-moved')).toEqual([
          {
            at: 'pages/de/book-demo.yaml:13:11',
            severity: 'error',
            code: 'translation-block-moved',
            message:
              'Block 2 is a "faq" block here, but the source\'s block 2 (pages/book-demo.yaml:14:5) is a "scheduler" block.',
          },
        ]),
    );
  });

  it('translation-value-differs, -missing and -extra', () => {
    withEdit(DEMO, [['    id: book-a-demo\n', '    id: termin\n']], () =>
      expect(findings(DEMO)).toEqual([
        {
          at: 'pages/de/book-demo.yaml:14:9',
          severity: 'error',
          code: 'translation-value-differs',
          message:
            'Scheduler › Link target on this page is "termin" here but "book-a-demo" in the source (pages/book-demo.yaml:15:9): only texts are translated.',
        },
      ]),
    );
    withEdit(DEMO, [['  - type: scheduler\n    id: book-a-demo\n', '  - type: scheduler\n']], () =>
      expect(findings(DEMO)).toEqual([
        {
          at: 'pages/de/book-demo.yaml:13:5',
          severity: 'error',
          code: 'translation-value-missing',
          message:
            'Scheduler › Link target on this page is "book-a-demo" in the source (pages/book-demo.yaml:15:9) but missing here.',
        },
      ]),
    );
    withEdit(DEMO, [['    id: book-a-demo\n', '    id: book-a-demo\n    tone: muted\n']], () =>
      expect(findings(DEMO)).toEqual([
        {
          at: 'pages/de/book-demo.yaml:15:11',
          severity: 'error',
          code: 'translation-value-extra',
          message: 'Scheduler › Tone is not in the source pages/book-demo.yaml.',
        },
      ]),
    );
  });

  it('a value the source gets wrong is reported in the source only: its translations are not told to copy it', () => {
    const SOURCE = 'pages/book-demo.yaml';
    withEdit(SOURCE, [['    id: book-a-demo\n', '    id: Book a demo!\n']], () => {
      expect(findings(SOURCE).map((finding) => [finding.at, finding.code])).toEqual([
        ['pages/book-demo.yaml:15:9', 'bad-format'],
      ]);
      expect(findings(DEMO)).toEqual([]);
    });
    // Once the source's value is valid, a translation that differs is told so.
    withEdit(SOURCE, [['    id: book-a-demo\n', '    id: book-now\n']], () =>
      expect(findings(DEMO).map((finding) => finding.code)).toEqual(['translation-value-differs']),
    );
  });

  it('a link the source gets wrong is reported in the source only, as its other values are', () => {
    const SOURCE = 'pages/pricing.yaml';
    const CTA = '        cta: { label: Talk to Sales, href: /contact, variant: primary }\n';
    const codes = (file: string) => findings(file).map((finding) => [finding.at, finding.code]);
    withEdit(SOURCE, [[CTA, CTA.replace('/contact', '/contakt')]], () => {
      expect(codes(SOURCE)).toEqual([['pages/pricing.yaml:41:44', 'broken-link']]);
      expect(findings('pages/de/pricing.yaml')).toEqual([]);
    });
    withEdit(SOURCE, [['href: "#compare"', 'href: "#comparison"']], () => {
      expect(codes(SOURCE)).toEqual([['pages/pricing.yaml:12:39', 'broken-anchor']]);
      expect(findings('pages/de/pricing.yaml')).toEqual([]);
    });
    // A link to a page that exists is the translation's to follow.
    withEdit(SOURCE, [[CTA, CTA.replace('/contact', '/about')]], () =>
      expect(codes('pages/de/pricing.yaml')).toEqual([
        ['pages/de/pricing.yaml:40:56', 'translation-value-differs'],
      ]),
    );
  });

  it('translation-text-missing and translation-unrecorded', () => {
    withEdit(DEMO, [['    badge: Kostenloser Rundgang in 30 Minuten\n', '']], () =>
      expect(findings(DEMO)).toEqual([
        {
          at: 'pages/de/book-demo.yaml:4:5',
          severity: 'error',
          code: 'translation-text-missing',
          message:
            'Hero › Badge has a text in the source (pages/book-demo.yaml:5:12) but none here.',
        },
      ]),
    );
    withEdit(DEMO, [['  blocks.0.badge: Free 30-minute walkthrough\n', '']], () =>
      expect(findings(DEMO)).toEqual([
        {
          at: 'pages/de/book-demo.yaml:5:12',
          severity: 'warning',
          code: 'translation-unrecorded',
          message:
            'Hero › Badge has no record of the source text it was translated from, so a later change of the source cannot be noticed.',
        },
      ]),
    );
  });

  it('translation-stale after an edit of the English source', () => {
    withEdit(
      'pages/book-demo.yaml',
      [['    badge: Free 30-minute walkthrough', '    badge: Free 20-minute walkthrough']],
      () =>
        expect(findings(DEMO)).toEqual([
          {
            at: 'pages/de/book-demo.yaml:5:12',
            severity: 'warning',
            code: 'translation-stale',
            message:
              "Hero › Badge changed in pages/book-demo.yaml:5:12 since this translation was made (was: 'Free 30-minute walkthrough', now: 'Free 20-minute walkthrough').",
          },
        ]),
    );
  });

  it('translation-partial (status run only) and translation-partial-not-allowed', () => {
    const scheduler: [string, string] = ['    id: book-a-demo\n', '    untranslated: true\n'];
    withEdit(DEMO, [scheduler], () => {
      expect(findings(DEMO)).toEqual([]);
      expect(findings(DEMO, true)).toEqual([
        {
          at: 'pages/de/book-demo.yaml:14:19',
          severity: 'warning',
          code: 'translation-partial',
          message: 'Block 2 ("scheduler") is not translated: it is shown in English.',
        },
      ]);
    });
    withEdit(
      CONFIG,
      [['      ogLocale: de_DE\n      partial: true\n', '      ogLocale: de_DE\n']],
      () =>
        withEdit(DEMO, [scheduler], () =>
          expect(findings(DEMO)).toEqual([
            {
              at: 'pages/de/book-demo.yaml:14:19',
              severity: 'warning',
              code: 'translation-partial-not-allowed',
              message:
                'Block 2 ("scheduler") is not translated yet: it is shown in the default language, though Deutsch translations are meant to be complete.',
            },
          ]),
        ),
    );
  });

  it('untranslated and stale are warnings; locales.untranslatedInProduction: error fails --production', async () => {
    const scheduler: [string, string] = ['    id: book-a-demo\n', '    untranslated: true\n'];
    const notPartial: [string, string] = [
      '      ogLocale: de_DE\n      partial: true\n',
      '      ogLocale: de_DE\n',
    ];
    const production = async () =>
      (
        await validateAndReport({
          root: site.root,
          format: 'json',
          production: true,
          print: () => {},
        })
      ).site.diagnostics
        .filter((d) => d.file === DEMO)
        .map((d) => [d.severity, d.code]);
    const original = site.read(DEMO);
    const record = /^ {2}title: (.*)$/m.exec(original)![1]!;
    site.write(
      DEMO,
      original
        .replace(...scheduler)
        .replace(/^title: .*$/m, `title: ${record}`)
        .replace(/^ {2}title: .*\n/m, ''),
    );
    try {
      await new Promise<void>((done) =>
        withEdit(CONFIG, [notPartial], () => {
          expect(findings(DEMO).map((d) => [d.severity, d.code])).toEqual([
            ['warning', 'translation-text-untranslated'],
            ['warning', 'translation-partial-not-allowed'],
          ]);
          done();
        }),
      );
      const config = site.read(CONFIG);
      site.write(
        CONFIG,
        config
          .replace(...notPartial)
          .replace(
            '  staleInProduction: warning\n',
            '  staleInProduction: warning\n  untranslatedInProduction: error\n',
          ),
      );
      try {
        expect(await production()).toEqual([
          ['error', 'translation-text-untranslated'],
          ['error', 'translation-partial-not-allowed'],
        ]);
      } finally {
        site.write(CONFIG, config);
      }
      expect(await production()).toEqual([]);
    } finally {
      site.write(DEMO, original);
    }
  });

  it('a date kept as the source wrote it is translated; a text with words is not', () => {
    const source = 'pages/terms-conditions.yaml';
    const german = 'pages/de/terms-conditions.yaml';
    const placeholder = '"[to confirm: date of publication]"';
    const dated = (value: string): Array<[string, string]> => [
      [`    updated: ${placeholder}\n`, `    updated: ${value}\n`],
    ];
    for (const [value, expected] of [
      ['2024-01-31', []],
      ['January 2024', [['warning', 'translation-text-untranslated']]],
    ] as const)
      withEdit(source, dated(value), () =>
        withEdit(german, [...dated(value), [`  blocks.1.updated: ${placeholder}\n`, '']], () =>
          expect(
            findings(german, true).map((d) => [d.severity, d.code]),
            value,
          ).toEqual(expected),
        ),
      );
  });

  it('untranslated-outside-translation', () => {
    withEdit('pages/book-demo.yaml', [['    id: book-a-demo\n', '    untranslated: true\n']], () =>
      expect(findings('pages/book-demo.yaml')).toEqual([
        {
          at: 'pages/book-demo.yaml:15:19',
          severity: 'error',
          code: 'untranslated-outside-translation',
          message: 'Block 2 says "untranslated: true", but this page is not a translation.',
        },
      ]),
    );
  });

  it('link-to-untranslated (status run only)', () => {
    const file = 'pages/de/solutions/hostels.yaml';
    expect(findings(file)).toEqual([]);
    expect(findings(file, true)).toEqual([
      {
        at: 'pages/de/solutions/hostels.yaml:10:41',
        severity: 'warning',
        code: 'link-to-untranslated',
        message:
          'This button leads to /solutions/guest-hub/kiosk-qr, which has no Deutsch translation: visitors land on the page in the default language.',
      },
    ]);
  });
});
