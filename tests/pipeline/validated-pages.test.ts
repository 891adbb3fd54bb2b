import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collector } from '../../engine/collector.ts';
import { validatorMessages } from '../../engine/errors.ts';
import { loadSite, PageChangedError, type LoadedPage } from '../../engine/load-site.ts';
import { pageStoreDir } from '../../engine/page-store.ts';
import { validatePage } from '../../engine/validate-page.ts';
import { validatedPageReader } from '../../pipeline/validated-pages.ts';
import { projectRoot } from '../helpers/project-copy.ts';

/**
 * The render workers' validated pages, kept by the validation in the page store: read back, each is
 * exactly what the validator makes of the text that was checked, whatever the file holds now; a
 * page not kept is read from its file and refused when that text is not the one checked.
 */
let root: string;
let pages: LoadedPage[];
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'validated-pages-'));
  cpSync(path.join(projectRoot, 'pages'), path.join(root, 'pages'), { recursive: true });
  cpSync(path.join(projectRoot, 'public'), path.join(root, 'public'), { recursive: true });
  cpSync(path.join(projectRoot, 'site.config.yaml'), path.join(root, 'site.config.yaml'));
  const site = loadSite({ root, cache: true, storePages: true, keepPages: false });
  pages = [...site.pages, site.notFound!];
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const validated = (file: string, text = readFileSync(path.join(root, file), 'utf8')) =>
  validatePage(root, file, new Collector(), text)!.page;

describe('validatedPageReader', () => {
  it("reads every page of the site from the store, equal to the validator's page, without its file", () => {
    expect(pages.length).toBeGreaterThan(40);
    const read = validatedPageReader(root);
    for (const page of pages) {
      expect(page.stored, page.file).toBeDefined();
      const text = readFileSync(path.join(root, page.file), 'utf8');
      rmSync(path.join(root, page.file));
      expect(read(page.file, page.hash, page.stored), page.file).toStrictEqual(
        validated(page.file, text),
      );
      writeFileSync(path.join(root, page.file), text);
    }
  });

  it('validates a page again when it was not kept or its pack is damaged, and refuses a file whose text changed', () => {
    const page = pages.find((loaded) => loaded.route === '/pricing')!;
    const read = validatedPageReader(root);
    expect(read(page.file, page.hash, undefined)).toStrictEqual(validated(page.file));
    const pack = path.join(pageStoreDir(root), page.stored![0]);
    const packBytes = readFileSync(pack);
    const damaged = Buffer.from(packBytes);
    // The first byte of its JSON: the record no longer parses.
    damaged[page.stored![1] + page.hash.length + 1] = 0x78;
    writeFileSync(pack, damaged);
    expect(validatedPageReader(root)(page.file, page.hash, page.stored)).toStrictEqual(
      validated(page.file),
    );
    const original = readFileSync(path.join(root, page.file), 'utf8');
    writeFileSync(path.join(root, page.file), original.replace(/^title: .*$/m, 'title: Changed'));
    const again = validatedPageReader(root);
    expect(() => again(page.file, page.hash, page.stored)).toThrow(PageChangedError);
    expect(() => again(page.file, page.hash, undefined)).toThrow(
      validatorMessages.pageChangedWhileBuilding(page.file),
    );
    writeFileSync(pack, packBytes);
    expect(validatedPageReader(root)(page.file, page.hash, page.stored)).toStrictEqual(
      validated(page.file, original),
    );
    writeFileSync(path.join(root, page.file), original);
  });
});
