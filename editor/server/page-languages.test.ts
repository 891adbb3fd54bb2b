import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SiteIndex } from '../../engine/site-index.ts';
import { localesOf, translationProblems } from './page-languages.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'page-languages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

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
  const project = path.join(import.meta.dirname, '../..');
  const copy = (file: string, change = (text: string) => text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), change(readFileSync(path.join(project, file), 'utf8')));
  };
  copy('site.config.yaml');
  copy('pages/de/book-demo.yaml');
  const german = readFileSync(path.join(root, 'pages/de/book-demo.yaml'), 'utf8');
  const codes = (sourceId: string) => {
    copy('pages/book-demo.yaml', (text) => text.replace('id: book-a-demo', `id: ${sourceId}`));
    const site = new SiteIndex(root);
    const problems = translationProblems(site, localesOf(site), 'pages/de/book-demo.yaml', german);
    return problems.map((problem) => problem.code);
  };
  expect(codes('book-a-demo')).toEqual([]);
  // The source's id is not one (its own error): the translation keeps its valid one, unasked.
  expect(codes('Book a demo!')).toEqual([]);
  expect(codes('book-now')).toEqual(['translation-value-differs']);
});

it('does not tell a translation to copy a link its source gets wrong', () => {
  const project = path.join(import.meta.dirname, '../..');
  const copy = (file: string, change = (text: string) => text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), change(readFileSync(path.join(project, file), 'utf8')));
  };
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
    const site = new SiteIndex(root);
    const problems = translationProblems(site, localesOf(site), 'pages/de/pricing.yaml', german);
    return problems.map((problem) => problem.code);
  };
  // A page that does not exist: the source's broken link, not the translation's to copy.
  expect(codes('/contakt')).toEqual([]);
  expect(codes('/platform')).toEqual(['translation-value-differs']);
});
