import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SiteIndex } from '../../engine/site-index.ts';
import { localesOf } from './page-languages.ts';

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
