import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validatorMessages } from '../../engine/errors.ts';
import { loadSite, PageChangedError } from '../../engine/load-site.ts';
import { prerenderJobs, RenderPool } from '../../pipeline/prerender.ts';
import { bundlerWarnings } from '../helpers/bundler-warnings.ts';
import { copyProject } from '../helpers/project-copy.ts';

/**
 * The build's cache and its atomic output, on one copy of the project (builds are slow, so the
 * steps share it and run in order): incremental builds after editing the config (its tagline and
 * its copyright line), a block's code and pages re-render only what depends on the edit and write exactly the files a clean build writes,
 * byte for byte; an interrupted build and a second build at the same time leave dist/ as it was.
 * The copy starts with the project's images (the bundle's key includes the project's folder: a copy
 * makes its own): three bundles and four renders of the site.
 */
let dir: string;
const env = { ...process.env, NO_COLOR: '1' };
/** What the last build() printed, stdout and stderr. */
let lastOutput = '';

// As `npm run build` runs it (compiled once per copy, no TypeScript loader): about 1.5 s less per
// build than tsx.
const buildArgs = (...args: string[]) => ['scripts/run-compiled.mjs', 'scripts/build.ts', ...args];
function build(...args: string[]) {
  const result = spawnSync(process.execPath, buildArgs(...args), {
    cwd: dir,
    encoding: 'utf8',
    env,
  });
  lastOutput = `${result.stdout}${result.stderr}`;
  if (result.status !== 0)
    throw new Error(
      `build ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  const summary = /(\d+) pages rendered, (\d+) unchanged; bundle (built|cached)/.exec(
    result.stdout,
  );
  if (!summary) throw new Error(`No build summary in:\n${result.stdout}`);
  return { rendered: Number(summary[1]), reused: Number(summary[2]), bundle: summary[3] };
}

/** Every file of dist/ with the hash of its bytes. */
function snapshot(): Record<string, string> {
  const root = path.join(dir, 'dist');
  const files = (
    readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
  ).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [
          path.relative(root, file),
          createHash('sha1').update(readFileSync(file)).digest('hex'),
        ];
      })
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

const edit = (file: string, change: (text: string) => string) => {
  const full = path.join(dir, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(full, after);
};

/** Published pages (YAML files in pages/) whose text links to `route`. */
const pagesLinkingTo = (route: string) =>
  (readdirSync(path.join(dir, 'pages'), { recursive: true }) as string[]).filter((file) => {
    if (!file.endsWith('.yaml')) return false;
    const text = readFileSync(path.join(dir, 'pages', file), 'utf8');
    return (
      new RegExp(`href: ["']?${route}(["'#,}\\s]|$)`, 'm').test(text) &&
      (parse(text) as { draft?: boolean }).draft !== true
    );
  });

/** The URLs a page file is built at: its route and each alias. */
const urlsOf = (file: string) =>
  1 +
  ((parse(readFileSync(path.join(dir, 'pages', file), 'utf8')) as { aliases?: unknown[] }).aliases
    ?.length ?? 0);

const waitFor = (condition: () => boolean) =>
  new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (!condition()) return;
      clearInterval(timer);
      resolve();
    }, 20);
  });

beforeAll(() => {
  dir = copyProject('staylix-build-cache-', ['images']);
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * One sequence (each step builds on the previous one's output and cache): full, two config edits,
 * code edit, page edit, then a clean build, which must write exactly the files of the incremental one.
 * The clean build is also the one a second build tries to run alongside, and the one an interrupted
 * build was about to replace.
 */
describe('incremental and atomic builds', () => {
  const lockFile = () => path.join(dir, '.cache/build/build.lock');
  let all = 0;
  let incremental: Record<string, string> = {};

  it('a first build renders every page; a second one with no change renders nothing', () => {
    const first = build();
    expect(first.bundle).toBe('built');
    expect(first.reused).toBe(0);
    all = first.rendered;
    expect(all).toBeGreaterThan(50);
    expect(build()).toEqual({ rendered: 0, reused: all, bundle: 'cached' });
  }, 300_000);

  // Two edits of site.config.yaml, one build: the tagline, and an author's most common edit between
  // two builds, the footer's copyright line. The build must re-render every page without bundling
  // again, succeed and show both (it once crashed loading a server bundle that the same build had
  // replaced).
  it('after an edit of site.config.yaml (its tagline and copyright line), re-renders every page without bundling again and shows the new text', () => {
    // The tagline and its key in each language's labels (its German and Arabic versions are keyed
    // by it).
    edit('site.config.yaml', (text) =>
      text.replaceAll(
        'from first message to final checkout.',
        'from first message to final checkout (edited).',
      ),
    );
    // The year, in the English line and in each language's version of it (the validator asks for
    // both).
    const config = path.join(dir, 'site.config.yaml');
    const after = readFileSync(config, 'utf8').replaceAll('© 2024 ', '© 2031 ');
    expect(after.match(/© 2031 /g)).toHaveLength(5);
    writeFileSync(config, after);
    expect(build()).toEqual({ rendered: all, reused: 0, bundle: 'cached' });
    const home = readFileSync(path.join(dir, 'dist/client/index.html'), 'utf8');
    expect(home).toContain('(edited).');
    expect(home).toContain('© 2031');
    expect(readFileSync(path.join(dir, 'dist/client/de/index.html'), 'utf8')).toContain(
      '© 2031 Staylix Technologies Pvt. Ltd. Alle Rechte vorbehalten.',
    );
  }, 300_000);

  it("after an edit of a block's code, bundles again and re-renders every page", () => {
    edit('blocks/faq/Faq.tsx', (text) =>
      text.replace(
        '<div className={classes.list}>',
        '<div className={classes.list} data-edited="">',
      ),
    );
    expect(build()).toEqual({ rendered: all, reused: 0, bundle: 'built' });
    // The bundler speaks only when something is wrong (a Node module in the browser's graph, a
    // chunk too large…).
    expect(bundlerWarnings(lastOutput)).toEqual([]);
    expect(readFileSync(path.join(dir, 'dist/client/pricing/index.html'), 'utf8')).toContain(
      'data-edited=""',
    );
  }, 300_000);

  // The menus, footer and header buttons of a German page lead to the German page when there is
  // one: removing one changes every German page, though none of them names it (an incremental
  // build once kept their links to the removed page).
  it('after a translated page is removed, every page of its language links to the page in the default language', () => {
    all -= urlsOf('de/contact.yaml');
    rmSync(path.join(dir, 'pages/de/contact.yaml'));
    const result = build();
    expect(result.rendered + result.reused).toBe(all);
    const german = (readdirSync(path.join(dir, 'pages/de'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.yaml'))
      .reduce((sum, file) => sum + urlsOf(`de/${file}`), 0);
    expect(result.rendered).toBeGreaterThanOrEqual(german);
    const html = (readdirSync(path.join(dir, 'dist/client'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.html'))
      .map((file) => [file, readFileSync(path.join(dir, 'dist/client', file), 'utf8')] as const);
    expect(
      html.filter(([, text]) => text.includes('href="/de/contact"')).map(([file]) => file),
    ).toEqual([]);
    expect(readFileSync(path.join(dir, 'dist/client/de/pricing/index.html'), 'utf8')).toContain(
      'href="/contact"',
    );
  }, 300_000);

  it("after a page's text and another page's anchors change, re-renders those two and the pages that link to the second", () => {
    edit('pages/solutions/hotels.yaml', (text) =>
      text.replace(/^title: .*$/m, 'title: Staylix for hotels of every size'),
    );
    // A new anchor on /pricing: every page with a link to /pricing is rendered again (its link's
    // target changed). Its translations keep the source's ids.
    const changed = ['pricing.yaml', 'de/pricing.yaml', 'ar/pricing.yaml'];
    for (const file of changed)
      edit(`pages/${file}`, (text) =>
        text.replace(/^(\s+- type: faq\n\s+)id: faq$/m, '$1id: questions-about-pricing'),
      );
    // The German hotels page shows its source's changed title in its switcher's alternates and is
    // rendered again.
    const edited = [...changed, 'solutions/hotels.yaml', 'de/solutions/hotels.yaml'];
    const linking = pagesLinkingTo('/pricing').filter((file) => !edited.includes(file));
    expect(linking.length).toBeGreaterThan(2);
    const result = build();
    const expected = [...linking, ...edited].reduce((sum, file) => sum + urlsOf(file), 0);
    expect(result).toEqual({ rendered: expected, reused: all - expected, bundle: 'cached' });
    expect(
      readFileSync(path.join(dir, 'dist/client/solutions/hotels/index.html'), 'utf8'),
    ).toContain('<title>Staylix for hotels of every size');
    expect(readFileSync(path.join(dir, 'dist/client/pricing/index.html'), 'utf8')).toContain(
      'id="questions-about-pricing"',
    );
    incremental = snapshot();
  }, 300_000);

  it('with dist/ gone (a CI checkout with .cache/ restored), writes every page from the rendered-page store, byte for byte; a page whose record is damaged is rendered again', () => {
    rmSync(path.join(dir, 'dist'), { recursive: true });
    expect(build()).toEqual({ rendered: 0, reused: all, bundle: 'cached' });
    expect(lastOutput).toContain(`${all} unchanged pages written from .cache/build/pages/`);
    expect(snapshot()).toEqual(incremental);

    // A byte of /pricing's record changed where it names its key, one of /contact's in its HTML:
    // neither record is taken, both pages are rendered again (and kept anew).
    const manifest = JSON.parse(readFileSync(path.join(dir, '.cache/build/manifest.json'), 'utf8'));
    const damage = (url: string, at: (offset: number, length: number) => number) => {
      const [pack, offset, length] = manifest.pages[url].stored;
      const packFile = path.join(dir, '.cache/build/pages', pack);
      const bytes = readFileSync(packFile);
      const where = at(offset, length);
      bytes[where] = bytes[where] === 0x30 ? 0x31 : 0x30;
      writeFileSync(packFile, bytes);
    };
    damage('/pricing', (offset) => offset);
    damage('/contact', (offset, length) => offset + Math.floor(length / 2));
    rmSync(path.join(dir, 'dist'), { recursive: true });
    expect(build()).toEqual({ rendered: 2, reused: all - 2, bundle: 'cached' });
    expect(snapshot()).toEqual(incremental);
    rmSync(path.join(dir, 'dist'), { recursive: true });
    expect(build()).toEqual({ rendered: 0, reused: all, bundle: 'cached' });
    expect(snapshot()).toEqual(incremental);
  }, 300_000);

  it('a build interrupted with SIGINT leaves dist/ byte-identical, and no staging folder or lock behind', async () => {
    const child = spawn(process.execPath, buildArgs('--clean'), { cwd: dir, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Once the site is validated the build is bundling (--clean: no cached bundle), its staging
    // folder half-written.
    await waitFor(() => /routes checked/.test(output));
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(130);
    expect(output).toContain(validatorMessages.buildInterrupted('SIGINT'));
    expect(snapshot()).toEqual(incremental);
    expect(
      readdirSync(path.join(dir, '.cache/build')).filter((entry) =>
        /^(staging|previous)-/.test(entry),
      ),
    ).toEqual([]);
    expect(existsSync(lockFile())).toBe(false);
  }, 300_000);

  it('a clean build writes exactly what the incremental builds wrote; a second build meanwhile refuses and touches nothing', async () => {
    const first = spawn(process.execPath, buildArgs('--clean'), { cwd: dir, env });
    let output = '';
    first.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    first.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => existsSync(lockFile()));
    const second = spawnSync(process.execPath, buildArgs(), { cwd: dir, encoding: 'utf8', env });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      validatorMessages.buildLocked(first.pid!, path.join('.cache', 'build', 'build.lock')),
    );
    expect(snapshot()).toEqual(incremental);
    const code = await new Promise<number | null>((resolve) => first.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain(`${all} pages rendered, 0 unchanged; bundle built`);
    expect(snapshot()).toEqual(incremental);
  }, 300_000);

  it('a lock left by a build that no longer runs is taken over', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(lockFile(), gone.stdout);
    expect(build()).toEqual({ rendered: 0, reused: all, bundle: 'cached' });
    expect(existsSync(lockFile())).toBe(false);
  }, 300_000);
});

describe('render workers', () => {
  it('render a page exactly as it was validated: never the text of a file changed since, which they refuse when they must read it', async () => {
    const bundles = path.join(dir, '.cache/build/bundle');
    const [key] = readdirSync(bundles);
    // From the validation cache the builds wrote, with where each page is kept.
    const site = loadSite({ root: dir, keepPages: false, cache: true, storePages: true });
    const jobs = new Map(prerenderJobs(site, 'test', []).map((job) => [job.url, job]));
    const out = path.join(dir, '.cache/build/render-test');
    const pool = new RenderPool(
      dir,
      path.join(bundles, key!, 'server/entry.mjs'),
      out,
      path.join(out, 'store'),
    ).ensure(1);
    pool.setSite(site);
    const original = readFileSync(path.join(dir, 'pages/contact.yaml'), 'utf8');
    const validatedTitle = /^title: (.*)$/m.exec(original)![1]!;
    const contact = jobs.get('/contact')!;
    try {
      await pool.render(0, jobs.get('/pricing')!, 'pricing/index.html');
      expect(readFileSync(path.join(out, 'pricing/index.html'), 'utf8')).toContain(
        'id="questions-about-pricing"',
      );
      expect(contact.loaded!.stored).toBeDefined();
      edit('pages/contact.yaml', (text) => text.replace(/^title: .*$/m, 'title: Talk to Staylix'));
      // Kept: the page is rendered from the content that was checked, not from the file.
      await pool.render(0, contact, 'contact/index.html');
      const html = readFileSync(path.join(out, 'contact/index.html'), 'utf8');
      expect(html).toContain(`<title>${validatedTitle} | Staylix</title>`);
      expect(html).not.toContain('Talk to Staylix');
      // Not kept: the worker reads the file, whose text is not the one checked, and refuses it.
      rmSync(path.join(out, 'contact'), { recursive: true });
      const notKept = { ...contact, loaded: { ...contact.loaded!, stored: undefined } };
      const refused = pool.render(0, notKept, 'contact/index.html');
      await expect(refused).rejects.toThrow(PageChangedError);
      await expect(refused).rejects.toThrow(
        validatorMessages.pageChangedWhileBuilding('pages/contact.yaml'),
      );
      expect(existsSync(path.join(out, 'contact/index.html'))).toBe(false);
    } finally {
      writeFileSync(path.join(dir, 'pages/contact.yaml'), original);
      await pool.close();
    }
  }, 120_000);
});
