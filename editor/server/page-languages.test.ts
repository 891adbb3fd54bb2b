import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SiteIndex } from '../../engine/site-index.ts';
import { localesOf, translationProblems } from './page-languages.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'page-languages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Copies a file of the project into `root`, changed by `change`. */
const copy = (file: string, change = (text: string) => text) => {
  const project = path.join(import.meta.dirname, '../..');
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), change(readFileSync(path.join(project, file), 'utf8')));
};

/** The codes of the problems the editor shows for a translation as `text`. */
const translationCodes = (file: string, text: string) => {
  const site = new SiteIndex(root);
  return translationProblems(site, localesOf(site), file, text).map((problem) => problem.code);
};

it('follows site.config.yaml as it changes on disk, checking each text once', () => {
  const config = readFileSync(path.join(import.meta.dirname, '../../site.config.yaml'), 'utf8');
  const write = (text: string) => writeFileSync(path.join(root, 'site.config.yaml'), text);
  write(config);
  const site = new SiteIndex(root);
  const codes = () => localesOf(site)?.list.map((locale) => locale.code);

  expect(codes()).toEqual(['en', 'de', 'ar']);
  expect(localesOf(site)).toBe(localesOf(site));
  write(config.slice(0, config.indexOf('\nlocales:') + 1));
  expect(codes()).toBeUndefined();
  write(config);
  expect(codes()).toEqual(['en', 'de', 'ar']);
});

it('does not tell a translation to copy a value its source gets wrong', () => {
  copy('site.config.yaml');
  copy('pages/de/book-demo.yaml');
  const german = readFileSync(path.join(root, 'pages/de/book-demo.yaml'), 'utf8');
  const codes = (sourceId: string) => {
    copy('pages/book-demo.yaml', (text) => text.replace('id: book-a-demo', `id: ${sourceId}`));
    return translationCodes('pages/de/book-demo.yaml', german);
  };
  expect(codes('book-a-demo')).toEqual([]);
  // The source's id is not one (its own error): the translation keeps its valid one, unasked.
  expect(codes('Book a demo!')).toEqual([]);
  expect(codes('book-now')).toEqual(['translation-value-differs']);
});

it('does not tell a translation to copy a link its source gets wrong', () => {
  copy('site.config.yaml');
  copy('pages/platform.yaml');
  copy('pages/de/pricing.yaml');
  const german = readFileSync(path.join(root, 'pages/de/pricing.yaml'), 'utf8');
  const codes = (href: string) => {
    copy('pages/pricing.yaml', (text) =>
      text.replace(
        '{ label: Talk to Sales, href: /contact',
        `{ label: Talk to Sales, href: ${href}`,
      ),
    );
    return translationCodes('pages/de/pricing.yaml', german);
  };
  // A page that does not exist: the source's broken link, not the translation's to copy.
  expect(codes('/contakt')).toEqual([]);
  expect(codes('/platform')).toEqual(['translation-value-differs']);
});
