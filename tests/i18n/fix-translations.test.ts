import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertItem, moveItem, removeItem } from '../../editor/document/index.ts';
import { fixTranslations } from '../../editor/server/fix-translations.ts';
import { git } from '../publishing/git-fixture.ts';
import { makeTestSite, runValidateCli, type TestSite } from '../validator/test-site.ts';

/**
 * `npm run validate -- --fix-translations` on a copy of the real site: an English page edited by
 * hand (blocks moved, added, removed, a list item moved, a link changed), then the command, then
 * the German and Arabic files' real `git diff`.
 */
let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
  git(site.root, 'init', '-q');
  git(site.root, 'add', '-A');
  git(site.root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'site');
});
afterAll(() => site.cleanUp());

const SOURCE = 'pages/solutions/hotels.yaml';
const GERMAN = 'pages/de/solutions/hotels.yaml';

/** The changed lines of a file (`+`/`-` lines of git diff, without the headers). */
const changedLines = (file: string) =>
  git(site.root, 'diff', '-U0', '--', file)
    .split('\n')
    .filter((line) => /^[+-](?![+-]{2} )/.test(line));

describe('npm run validate -- --fix-translations', () => {
  it(
    'mirrors a hand edit of an English page into its German translation, nothing else',
    { timeout: 60_000 },
    () => {
      let text = site.read(SOURCE);
      text = moveItem(text, ['blocks'], 4, 2); // highlights before the overview
      text = insertItem(text, ['blocks'], 1, {
        type: 'faq',
        heading: 'Questions from hoteliers',
        items: [{ question: 'Is setup free?', answer: 'Yes.' }],
      });
      text = moveItem(text, ['blocks', 5, 'items'], 0, 2); // a step moved
      text = removeItem(text, ['blocks', 7, 'items'], 3); // a card removed
      text = text.replace(
        'href: /platform, variant: secondary',
        'href: /pricing, variant: secondary',
      );
      site.write(SOURCE, text);

      const before = site.diagnostics().filter((d) => d.file === GERMAN);
      expect(before.filter((d) => d.severity === 'error')).not.toEqual([]);
      for (const problem of before)
        expect(problem.hint).toContain('Run npm run validate -- --fix-translations');

      const fixed = runValidateCli(site.root, '--fix-translations');
      expect(fixed.stdout).toContain(`Brought 1 translation in line with its source page`);
      expect(fixed.stdout).toContain(`  ${GERMAN}\n`);
      expect(fixed.status, fixed.stdout).toBe(0);
      expect(fixed.stdout).toMatch(/: 0 errors, 0 warnings\./);

      const lines = changedLines(GERMAN);
      // The new block, untranslated; the button's link; the moved blocks and items with their texts.
      expect(lines).toContain('+  - type: faq');
      expect(lines).toContain('+    untranslated: true');
      expect(lines).toContain(
        '-      - { label: Zur Plattform, href: /platform, variant: secondary }',
      );
      expect(lines).toContain(
        '+      - { label: Zur Plattform, href: /pricing, variant: secondary }',
      );
      expect(lines).toContain('-  blocks.6.items.3.title: Pricing');
      // Every German line that went is back somewhere (moved), but for the removed card and the link.
      const removed = lines.filter((l) => l.startsWith('-  ') && !l.startsWith('-  blocks.'));
      const added = new Set(lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1)));
      const gone = removed.filter((l) => !added.has(l.slice(1)));
      expect(gone).toEqual([
        '-      - { label: Zur Plattform, href: /platform, variant: secondary }',
        '-      - icon: tag',
        '-        title: Preise',
        '-        description: Ergebnisorientierte Tarife von Starter bis Enterprise, Einrichtung inklusive.',
        '-        href: /pricing',
        '-        linkLabel: Zu den Preisen',
      ]);
      // No other file of the site changed.
      expect(git(site.root, 'diff', '--name-only').trim().split('\n').sort()).toEqual([
        GERMAN,
        SOURCE,
      ]);
      // A second run has nothing to do.
      expect(fixTranslations(site.root).files).toEqual([]);
    },
  );
});
