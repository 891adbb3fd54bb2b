import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestSite, type TestSite } from '../validator/test-site.ts';

/** A real translation (pages/de/pricing.yaml) after a real edit of its English source. */
let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
});
afterAll(() => site.cleanUp());

const ofFile = (file: string) =>
  site
    .diagnostics()
    .filter((d) => d.file === file)
    .map(({ line, col, severity, code, message }) => ({
      at: `${line}:${col}`,
      severity,
      code,
      message,
    }));

describe('translations', () => {
  it('the shipped translations are valid', () => {
    expect(ofFile('pages/de/pricing.yaml')).toEqual([]);
  });

  it('reports a stale field after the English source changed, with old and new text', () => {
    const source = site.read('pages/pricing.yaml');
    site.write(
      'pages/pricing.yaml',
      source.replace(
        'title: Outcome-based pricing that grows with you',
        'title: Pricing that grows with your property',
      ),
    );
    expect(ofFile('pages/de/pricing.yaml')).toEqual([
      {
        at: '6:12',
        severity: 'warning',
        code: 'translation-stale',
        message:
          "Hero › Title changed in pages/pricing.yaml:6:12 since this translation was made (was: 'Outcome-based pricing that grows with you', now: 'Pricing that grows with your property').",
      },
    ]);
    site.write('pages/pricing.yaml', source);
  });

  it('refuses a reordered block and a changed value, naming the source line', () => {
    const text = site.read('pages/de/pricing.yaml');
    site.write(
      'pages/de/pricing.yaml',
      text.replace('  - type: ctaBand\n    tone: dark', '  - type: ctaBand\n    tone: muted'),
    );
    expect(ofFile('pages/de/pricing.yaml')).toEqual([
      {
        at: '91:11',
        severity: 'error',
        code: 'translation-value-differs',
        message:
          'CTA band › Tone is "muted" here but "dark" in the source (pages/pricing.yaml:98:11): only texts are translated.',
      },
    ]);
    site.write('pages/de/pricing.yaml', text.replace('  - type: faq\n', '  - type: steps\n'));
    expect(ofFile('pages/de/pricing.yaml')[0]).toMatchObject({
      severity: 'error',
      code: 'translation-block-moved',
    });
    site.write('pages/de/pricing.yaml', text);
  });
});
