import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  flattenHtml,
  inlineStylesheets,
  isUnused,
  pruneCustomProperties,
  robotsTxt,
  sitemapUrls,
  sitemapXml,
  stylesheetClasses,
  usedClasses,
  writeSiteFiles,
  type Stylesheet,
} from './postbuild.ts';

const sheet = (href: string, css: string): Stylesheet => ({ href, css, ...stylesheetClasses(css) });

describe('stylesheetClasses', () => {
  it('collects the classes a stylesheet selects on, ignoring keyframes, attribute values and comments', () => {
    const { classes, global } = stylesheetClasses(
      '/* .comment */ .a .b:hover, .c[href$=".pdf"] { color: red } @media (min-width: 48em) { .d { x: y } } @keyframes k { from { opacity: 0 } to { opacity: 1 } }',
    );
    expect([...classes].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(global).toBe(false);
  });

  it('treats element, :root and attribute selectors and @font-face as global', () => {
    expect(stylesheetClasses(':root { --x: 1 }').global).toBe(true);
    expect(stylesheetClasses('.a, h1 { x: y }').global).toBe(true);
    expect(stylesheetClasses('[data-x] { x: y }').global).toBe(true);
    expect(stylesheetClasses('@font-face { font-family: X } .a { x: y }').global).toBe(true);
  });
});

describe('inlineStylesheets', () => {
  const css: Record<string, Stylesheet> = {
    '/a.css': sheet('/a.css', ':root{--x:1}'),
    '/b.css': sheet('/b.css', '.used{color:red}'),
    '/c.css': sheet('/c.css', '.unused{color:blue}'),
    '/d.css': sheet('/d.css', '.menu-open{color:green}'),
  };
  const page = (body: string, script = '') =>
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/b.css"><link rel="stylesheet" href="/c.css"><link rel="stylesheet" href="/d.css"><title>x</title>${script}</head><body>${body}</body></html>`;

  it('replaces the links of a static page by one <style>, in order, without the sheets the page cannot use', () => {
    const result = inlineStylesheets(page('<p class="used">x</p>'), (href) => css[href]);
    expect(result.inlined).toEqual(['/a.css', '/b.css']);
    expect(result.dropped).toEqual(['/c.css', '/d.css']);
    expect(result.html).toContain('<head><style>:root{--x:1}\n.used{color:red}</style>');
    expect(result.html).not.toContain('<link');
  });

  it('treats a page with a script like any other: its markup is final', () => {
    const result = inlineStylesheets(
      page('<p class="used">x</p>', '<script type="module" src="/e.js" async></script>'),
      (href) => css[href],
    );
    expect(result.dropped).toEqual(['/c.css', '/d.css']);
    expect(result.html).not.toContain('<link');
  });

  it('keeps links it cannot read and never lets CSS close the <style> element', () => {
    const result = inlineStylesheets(
      '<html><head><link rel="stylesheet" href="https://cdn.example/x.css"><link rel="stylesheet" href="/x.css"></head><body></body></html>',
      (href) =>
        href === '/x.css' ? sheet('/x.css', 'a::after{content:"</style><script>"}') : undefined,
    );
    expect(result.html).toContain('<link rel="stylesheet" href="https://cdn.example/x.css">');
    expect(result.html).not.toContain('</style><script>');
  });

  it('reads class attributes in any quoting', () => {
    expect([...usedClasses(`<a class="x y"></a><b class='z'></b><i class=w></i>`)].sort()).toEqual([
      'w',
      'x',
      'y',
      'z',
    ]);
  });

  it('never calls a global sheet unused', () => {
    expect(isUnused(sheet('/g.css', 'body{margin:0}'), new Set())).toBe(false);
  });
});

describe('pruneCustomProperties', () => {
  const page = (css: string, body = '') =>
    `<html><head><style>${css}</style></head><body>${body}</body></html>`;

  it('drops custom properties nothing reads, keeps those read directly, transitively, or from the markup', () => {
    const { html, removed } = pruneCustomProperties(
      page(
        ':root{--unused:1px;--a:var(--b);--b:red;--c:2px;--inline:3px;--last:4px}.x{color:var(--a);margin:var(--c, var(--fallback))}',
        '<p class="x" style="padding:var(--inline)">x</p>',
      ),
    );
    expect(html).toContain(':root{--a:var(--b);--b:red;--c:2px;--inline:3px;}');
    expect(html).not.toContain('--unused');
    expect(html).not.toContain('--last');
    expect(removed).toBe(2);
  });

  it('reads references across <style> elements (the inlined CSS and Mantine theme styles)', () => {
    const html =
      '<html><head><style>:root{--mantine-x:1px;--mantine-y:2px}</style><style>.a{top:var(--mantine-x)}</style></head><body></body></html>';
    const result = pruneCustomProperties(html).html;
    expect(result).toContain('--mantine-x:1px');
    expect(result).not.toContain('--mantine-y');
  });

  it('keeps declarations that only markup sets and CSS reads (style="--stagger-index: 2")', () => {
    const { html } = pruneCustomProperties(
      page(
        '.i{--stagger-index:0;animation-delay:calc(var(--stagger-index) * 50ms)}',
        '<li class="i" style="--stagger-index:2"></li>',
      ),
    );
    expect(html).toContain('--stagger-index:0;');
  });

  it('gives the same result from its memo (pages sharing their CSS) as computed page by page', () => {
    const css = ':root{--a:1px;--b:2px;--c:var(--d);--d:3px}.x{top:var(--a)}';
    const pages = [
      page(css, '<p class="x">1</p>'),
      page(css, '<p class="x" style="left:var(--b)">2</p>'),
      page(css, '<p class="x">3</p>'),
      page(css, '<p style="left:var(--c)">4</p>'),
    ];
    const memo = new Map<string, { styles: string[]; removed: number }>();
    for (const html of pages)
      expect(pruneCustomProperties(html, memo)).toEqual(pruneCustomProperties(html));
    expect(memo.size).toBe(3);
  });
});

describe('sitemap and robots', () => {
  const head = (canonical?: string, robots?: string) =>
    `<html><head>${canonical ? `<link rel="canonical" href="${canonical}"/>` : ''}${robots ? `<meta name="robots" content="${robots}"/>` : ''}</head><body></body></html>`;

  it('lists each indexable page once, at its canonical URL, home first', () => {
    const urls = sitemapUrls([
      { route: '/pricing', html: head('https://x.com/pricing') },
      { route: '/', html: head('https://x.com/') },
      { route: '/features', html: head('https://x.com/') },
      { route: '/404', html: head(undefined, 'noindex') },
      { route: '/draft', html: head('https://x.com/draft', 'noindex') },
      { route: '/_blocks', html: head('https://x.com/_blocks') },
    ]);
    expect(urls).toEqual(['https://x.com/', 'https://x.com/pricing']);
  });

  it('writes well-formed XML and a robots.txt that points at it', () => {
    expect(sitemapXml(['https://x.com/a?b=1&c=2'])).toContain(
      '<loc>https://x.com/a?b=1&amp;c=2</loc>',
    );
    expect(robotsTxt('https://x.com')).toMatch(
      /^User-agent: \*\nAllow: \/\nDisallow: \/_blocks\n\nSitemap: https:\/\/x\.com\/sitemap\.xml\n$/,
    );
  });
});

describe('flattenHtml', () => {
  it('moves route/index.html to route.html, keeping the home page and nested routes', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'flatten-'));
    for (const file of [
      'index.html',
      'pricing/index.html',
      'solutions/index.html',
      'solutions/hotels/index.html',
      'assets/x.css',
    ]) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), file);
    }
    expect(flattenHtml(dir)).toBe(3);
    const files = (readdirSync(dir, { recursive: true }) as string[])
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(files).toEqual([
      'assets',
      'assets/x.css',
      'index.html',
      'pricing.html',
      'solutions',
      'solutions.html',
      'solutions/hotels.html',
    ]);
    expect(readFileSync(path.join(dir, 'solutions/hotels.html'), 'utf8')).toBe(
      'solutions/hotels/index.html',
    );
    rmSync(dir, { recursive: true });
  });
});

describe('writeSiteFiles', () => {
  it('writes sitemap.xml, robots.txt and _headers from the config it is given, not the file on disk', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'site-files-'));
    const dir = path.join(root, 'out');
    try {
      mkdirSync(path.join(root, 'public'), { recursive: true });
      mkdirSync(dir);
      writeFileSync(
        path.join(root, 'public/_headers'),
        "/*\n  Content-Security-Policy: default-src 'self'\n",
      );
      writeFileSync(
        path.join(root, 'site.config.yaml'),
        'baseUrl: https://edited-since.example\nscheduler: { url: https://edited.example/x }\n',
      );
      const urls = writeSiteFiles(
        root,
        dir,
        ['https://checked.example/', 'https://checked.example/a'],
        {
          baseUrl: 'https://checked.example/',
          scheduler: { url: 'https://calendly.com/x' },
        },
      );
      expect(urls).toBe(2);
      const written = ['sitemap.xml', 'robots.txt', '_headers']
        .map((file) => readFileSync(path.join(dir, file), 'utf8'))
        .join('\n');
      expect(written).toContain('Sitemap: https://checked.example/sitemap.xml');
      expect(written).toContain('<loc>https://checked.example/a</loc>');
      expect(written).toContain('frame-src https://calendly.com');
      expect(written).not.toContain('edited');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
