import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureText, makeTestSite, projectRoot } from '../tests/validator/test-site.ts';
import { loadSite } from './load-site.ts';
import { VALIDATION_CACHE_FILE, validatorKeyOf } from './validation-cache.ts';

const report = (site: ReturnType<typeof loadSite>) =>
  site.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.severity} ${d.code} ${d.message}`);

describe('the validation cache', () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());
  // Problems of every phase: in the file itself (phase 1), a clash of aliases (2), a broken link
  // and image (3).
  site.write(
    'pages/solutions/one.yaml',
    fixtureText
      .replace(/^title: .*$/m, 'title: One\naliases: [/shared]')
      .replace('type: ctaBand', 'type: ctaBand\n    bogus: 1'),
  );
  site.write(
    'pages/solutions/two.yaml',
    fixtureText
      .replace(/^title: .*$/m, 'title: Two\naliases: [/shared]')
      .replace(/href: \/book-demo/, 'href: /no-such-page'),
  );
  site.write('pages/solutions/three.yaml', fixtureText.replace(/^title: .*$/m, 'title: Three'));
  const cacheFile = path.join(site.root, VALIDATION_CACHE_FILE);

  it('gives the same report and the same pages when every file comes from the cache, positions included', () => {
    const cold = loadSite({ root: site.root, cache: true });
    expect(existsSync(cacheFile)).toBe(true);
    expect(
      report(cold).some((line) => line.includes('one.yaml') && line.includes('unknown-field')),
    ).toBe(true);
    expect(
      report(cold).some((line) => line.includes('two.yaml') && line.includes('alias-taken')),
    ).toBe(true);
    expect(
      report(cold).some((line) => line.includes('two.yaml') && line.includes('broken-link')),
    ).toBe(true);
    const warm = loadSite({ root: site.root, cache: true });
    expect(report(warm)).toEqual(report(cold));
    expect(report(warm)).toEqual(report(loadSite({ root: site.root })));
    expect(warm.routes.get('/solutions/three')!.page).toEqual(
      cold.routes.get('/solutions/three')!.page,
    );
  });

  it('checks a file again when its text changes, and forgets deleted files', () => {
    loadSite({ root: site.root, cache: true });
    site.write(
      'pages/solutions/three.yaml',
      fixtureText.replace(/^title: .*$/m, 'title: Three\nbogus: 2'),
    );
    site.remove('pages/solutions/one.yaml');
    const after = loadSite({ root: site.root, cache: true });
    expect(report(after)).toEqual(report(loadSite({ root: site.root })));
    expect(
      report(after).some((line) => line.includes('three.yaml') && line.includes('unknown-field')),
    ).toBe(true);
    const stored = JSON.parse(readFileSync(cacheFile, 'utf8')) as {
      pages: Record<string, unknown>;
    };
    expect(Object.keys(stored.pages)).not.toContain('pages/solutions/one.yaml');
    site.write('pages/solutions/three.yaml', fixtureText.replace(/^title: .*$/m, 'title: Three'));
  });

  it('treats a damaged cache file as an empty one', () => {
    writeFileSync(cacheFile, '{"key": tru');
    expect(report(loadSite({ root: site.root, cache: true }))).toEqual(
      report(loadSite({ root: site.root })),
    );
    expect(() => JSON.parse(readFileSync(cacheFile, 'utf8'))).not.toThrow();
  });

  it('without keepPages, reads a page again when asked for it, and refuses one that changed since it was checked', () => {
    const loaded = loadSite({ root: site.root, cache: true, keepPages: false });
    const three = loaded.routes.get('/solutions/three')!;
    expect(three.page.title).toBe('Three');
    site.write(
      'pages/solutions/three.yaml',
      fixtureText.replace(/^title: .*$/m, 'title: Three, edited'),
    );
    expect(() => three.page).toThrow(
      'pages/solutions/three.yaml changed while the site was being built',
    );
  });
});

describe('the validation cache, for files that have settled', () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());
  const file = 'pages/solutions/settled.yaml';
  site.write(file, fixtureText.replace(/^title: .*$/m, 'title: Settled'));
  const cacheFile = path.join(site.root, VALIDATION_CACHE_FILE);
  const stored = () =>
    JSON.parse(readFileSync(cacheFile, 'utf8')) as {
      key: string;
      pages: Record<string, { hash: string; identity?: string; problems: { shown: unknown[] } }>;
    };

  it('takes a file that is still the one it read from the cache without reading it, and sees any write to it', async () => {
    // Written again just before the load, so it is "a moment ago" however long the set-up took on a
    // busy machine.
    const written = path.join(site.root, file);
    writeFileSync(written, readFileSync(written));
    loadSite({ root: site.root, cache: true });
    expect(
      stored().pages[file]!.identity,
      'a file written a moment ago has no identity yet',
    ).toBeUndefined();
    // Older than two seconds, the file has settled: its identity is remembered.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const clean = report(loadSite({ root: site.root, cache: true }));
    expect(stored().pages[file]!.identity).toMatch(/^\d+:\d+:[\d.]+:[\d.]+$/);
    // An entry whose hash matches no text, with a problem of its own: only a file not read gives it
    // back.
    const cache = stored();
    const problem = {
      file,
      line: 1,
      col: 1,
      severity: 'error',
      code: 'from-the-cache',
      message: 'Taken from the cache.',
    };
    cache.pages[file] = {
      ...cache.pages[file]!,
      hash: 'not-the-hash-of-the-text',
      problems: { shown: [problem] },
    };
    writeFileSync(cacheFile, JSON.stringify(cache));
    expect(report(loadSite({ root: site.root, cache: true }))).toContain(
      `${file}:1:1 error from-the-cache Taken from the cache.`,
    );
    // A write of the same length moves the change time: the file is read and checked again.
    const text = readFileSync(path.join(site.root, file), 'utf8');
    writeFileSync(path.join(site.root, file), text.replace('title: Settled', 'title: Setzled'));
    const after = report(loadSite({ root: site.root, cache: true }));
    expect(after).toEqual(report(loadSite({ root: site.root })));
    expect(after).not.toContain(`${file}:1:1 error from-the-cache Taken from the cache.`);
    expect(clean).toEqual(
      report(loadSite({ root: site.root })).map((line) => line.replace('Setzled', 'Settled')),
    );
  });
});

describe("the validation cache's key", () => {
  it("changes with the validator's code and package versions, not with a block's component, styles, example or tests", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'staylix-key-'));
    try {
      for (const dir of ['engine', 'schema', 'blocks/faq'])
        cpSync(path.join(projectRoot, dir), path.join(root, dir), { recursive: true });
      cpSync(path.join(projectRoot, 'package-lock.json'), path.join(root, 'package-lock.json'));
      const key = validatorKeyOf(root);
      const append = (file: string, text: string) =>
        writeFileSync(path.join(root, file), readFileSync(path.join(root, file), 'utf8') + text);
      append('blocks/faq/Faq.tsx', '\n// a new comment\n');
      append('blocks/faq/Faq.module.css', '\n.extra { color: red; }\n');
      append('blocks/faq/example.yaml', '\n# a comment\n');
      append('engine/validation-cache.test.ts', '\n// a comment\n');
      expect(validatorKeyOf(root)).toBe(key);
      for (const file of [
        'blocks/faq/schema.ts',
        'engine/validate-page.ts',
        'schema/primitives.ts',
        'package-lock.json',
      ]) {
        const before = readFileSync(path.join(root, file), 'utf8');
        append(file, '\n');
        expect(validatorKeyOf(root), file).not.toBe(key);
        writeFileSync(path.join(root, file), before);
      }
      expect(validatorKeyOf(root)).toBe(key);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
