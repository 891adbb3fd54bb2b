import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtPages } from '../../pipeline/budgets.ts';
import { parseHeadersFile, startServer } from '../../scripts/serve.ts';
import { assertBuilt, builtDocument, distDir } from '../helpers/built-site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const config = parse(readFileSync(path.join(root, 'site.config.yaml'), 'utf8')) as {
  baseUrl: string;
  scheduler: { url: string };
};
const schedulerOrigin = new URL(config.scheduler.url).origin;
const siteOrigin = new URL(config.baseUrl).origin;

let pages: Array<{ route: string; document: Document }>;
let headers: Record<string, string>;

function csp(): Map<string, string[]> {
  return new Map(
    headers['Content-Security-Policy']!.split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

beforeAll(() => {
  assertBuilt();
  pages = builtPages(distDir).map(({ route }) => ({ route, document: builtDocument(route) }));
  const rules = parseHeadersFile(readFileSync(path.join(distDir, '_headers'), 'utf8'));
  headers = rules.find((rule) => rule.pattern.test('/'))?.headers ?? {};
}, 120_000);

describe('security headers for static hosts (_headers)', () => {
  it('sends the security headers on every path', () => {
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(headers['Content-Security-Policy']).toBeTruthy();
    const rules = parseHeadersFile(readFileSync(path.join(distDir, '_headers'), 'utf8'));
    for (const route of ['/', '/pricing', '/solutions/hotels', '/no-such-page'])
      expect(
        rules.some((rule) => rule.pattern.test(route) && rule.headers['Content-Security-Policy']),
      ).toBe(true);
  });

  it('has a CSP that allows scripts from this origin only and frames from the scheduling provider only', () => {
    const policy = csp();
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual([schedulerOrigin]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toBeDefined();
    for (const [name, sources] of policy)
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('is applied by `npm run serve`, which also compresses like a static host', async () => {
    const server = await startServer(distDir, 0);
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/pricing`,
        { headers: { 'Accept-Encoding': 'gzip' } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(
        headers['Content-Security-Policy'],
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(await response.text()).toContain('<!DOCTYPE html>');
    } finally {
      server.close();
    }
  });
});

describe('the built pages need nothing the CSP blocks', () => {
  it('has no inline executable script, inline event handler or javascript: URL', () => {
    const problems: string[] = [];
    for (const { route, document } of pages) {
      for (const script of document.querySelectorAll('script:not([src])')) {
        const type = script.getAttribute('type');
        if (type !== 'application/json' && type !== 'application/ld+json')
          problems.push(`${route}: inline <script type="${type ?? ''}">`);
      }
      for (const element of document.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          if (/^on/i.test(attribute.name))
            problems.push(`${route}: ${element.tagName.toLowerCase()}[${attribute.name}]`);
          if (/^\s*javascript:/i.test(attribute.value))
            problems.push(`${route}: javascript: URL in ${attribute.name}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('loads scripts, styles and images from this origin only, and frames only from the scheduling provider', () => {
    const problems: string[] = [];
    const isExternal = (value: string | null) => !!value && /^(https?:)?\/\//i.test(value);
    for (const { route, document } of pages) {
      for (const element of document.querySelectorAll(
        'script[src], img[src], source[src], video[src], audio[src], link[rel="stylesheet"][href], link[rel="modulepreload"][href]',
      )) {
        const url = element.getAttribute('src') ?? element.getAttribute('href');
        if (isExternal(url))
          problems.push(`${route}: external ${element.tagName.toLowerCase()} ${url}`);
      }
      for (const frame of document.querySelectorAll('iframe')) {
        const src = frame.getAttribute('src');
        if (src && new URL(src, config.baseUrl).origin !== schedulerOrigin)
          problems.push(`${route}: iframe from ${src}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every external link rel="noopener"', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { route, document } of pages) {
      for (const link of document.querySelectorAll('a[href]')) {
        const href = link.getAttribute('href')!;
        if (!/^https?:\/\//i.test(href) || new URL(href).origin === siteOrigin) continue;
        checked++;
        if (!(link.getAttribute('rel') ?? '').split(/\s+/).includes('noopener'))
          problems.push(`${route}: ${href} without rel="noopener"`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked, 'no external link found: nothing was checked').toBeGreaterThan(0);
  });
});

describe('YAML text is never raw HTML', () => {
  /**
   * Files allowed to set HTML: +Head.tsx writes JSON-LD through serializeJsonLd (which escapes `<`,
   * so page text cannot end the <script> element) and Mantine's theme CSS (generated from theme.ts,
   * no page text).
   */
  const allowed = new Set(['renderer/+Head.tsx']);

  it('no rendering file injects markup from strings (dangerouslySetInnerHTML, innerHTML, insertAdjacentHTML)', () => {
    const files = ['renderer', 'blocks', 'ui']
      .flatMap((folder) =>
        (readdirSync(path.join(root, folder), { recursive: true }) as string[]).map(
          (file) => `${folder}/${file.split(path.sep).join('/')}`,
        ),
      )
      .filter((file) => /\.(tsx?|jsx?)$/.test(file) && !/\.test\.tsx?$/.test(file));
    const offenders = files.filter(
      (file) =>
        !allowed.has(file) &&
        /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(
          readFileSync(path.join(root, file), 'utf8'),
        ),
    );
    expect(offenders).toEqual([]);
    for (const file of allowed) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it('the allowed injections are JSON-LD with page text escaped, and Mantine’s theme CSS', () => {
    const injections = [
      ...readFileSync(path.join(root, 'renderer/+Head.tsx'), 'utf8').matchAll(/__html: ([^}]*)\}/g),
    ].map((match) => match[1]!.trim());
    expect(injections.sort()).toEqual(['serializeJsonLd(item)', 'style.css']);
  });
});
