import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collector } from '../../engine/collector.ts';
import { loadSite } from '../../engine/load-site.ts';
import { validatePage } from '../../engine/validate-page.ts';
import { urlProblem } from '../../schema/url-policy.ts';
import { headersFile } from '../../pipeline/headers-file.ts';
import { postbuild } from '../../pipeline/postbuild.ts';

/**
 * Stored XSS and open redirects through addresses: every URL field goes through
 * schema/url-policy.ts (the same function the scheduler's enhancement script uses in the browser),
 * and the validator says where and why.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const fixture = readFileSync(
  path.join(projectRoot, 'tests/validator/fixtures/solution-page.yaml'),
  'utf8',
);
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'staylix-urls-'));
  cpSync(path.join(projectRoot, 'site.config.yaml'), path.join(root, 'site.config.yaml'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The fixture page with its "See the platform" button pointing at `href`. */
function pageProblems(href: string) {
  writeFileSync(
    path.join(root, 'page.yaml'),
    fixture.replace('href: /platform,', `href: ${JSON.stringify(href)},`),
  );
  const collector = new Collector();
  validatePage(root, 'page.yaml', collector);
  return collector.diagnostics.map(({ line, col, code, message }) => ({
    at: `${line}:${col}`,
    code,
    message,
  }));
}

/** Where that href's value starts in the fixture: line:col. */
const BUTTON_HREF = (() => {
  const lines = fixture.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes('href: /platform,'));
  return `${line + 1}:${lines[line]!.indexOf('href: /platform,') + 'href: '.length + 1}`;
})();

const HOSTILE_LINKS: Array<[string, string, string]> = [
  ['javascript:alert(document.domain)//', 'url-scheme-not-allowed', 'starts with "javascript:"'],
  ['JavaScript:alert(1)', 'url-scheme-not-allowed', 'starts with "javascript:"'],
  ['data:text/html,<script>alert(1)</script>', 'url-scheme-not-allowed', 'starts with "data:"'],
  ['vbscript:msgbox(1)', 'url-scheme-not-allowed', 'starts with "vbscript:"'],
  ['java\tscript:alert(1)', 'url-hidden-character', 'contains a space, tab'],
  ['java\nscript:alert(1)', 'url-hidden-character', 'contains a space, tab'],
  [' javascript:alert(1)', 'url-hidden-character', 'contains a space, tab'],
  ['javascript\u0000:alert(1)', 'url-hidden-character', 'contains a space, tab'],
  ['/\\evil.example', 'url-hidden-character', 'backslash'],
  ['//evil.example/login', 'url-protocol-relative', 'starts with "//"'],
  ['www.example.com', 'url-not-an-address', 'neither a page of this site'],
  ['https://', 'url-malformed', 'not a valid web address'],
  ['https://user:secret@example.com/', 'url-malformed', 'not a valid web address'],
];

describe('links (href) in pages', () => {
  it.each(HOSTILE_LINKS)(
    'refuses %j at its line and column, with its own code and a hint',
    (href, code, words) => {
      const problems = pageProblems(href);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.at).toBe(BUTTON_HREF);
      expect(problems[0]!.code).toBe(code);
      expect(problems[0]!.message).toContain(words);
    },
  );

  it.each([
    '/pricing',
    '/pricing#plans',
    '#faq',
    '/',
    'https://www.example.com/a?b=c#d',
    'http://legacy.example.com',
    'mailto:hello@example.com',
    'tel:+918047182290',
  ])('accepts %j', (href) => {
    expect(pageProblems(href)).toEqual([]);
  });
});

describe('URL fields of site.config.yaml', () => {
  const configProblems = (from: string, to: string) => {
    const text = readFileSync(path.join(projectRoot, 'site.config.yaml'), 'utf8');
    if (!text.includes(from)) throw new Error(`site.config.yaml has no ${from}`);
    writeFileSync(path.join(root, 'site.config.yaml'), text.replace(from, to));
    const lines = text.split('\n');
    const line = lines.findIndex((candidate) => candidate.includes(from)) + 1;
    const col = lines[line - 1]!.indexOf(from) + 1;
    const found = loadSite({ root }).diagnostics.filter(
      (d) => d.file === 'site.config.yaml' && /url/.test(d.code),
    );
    return { found, line, col };
  };
  const schedulerUrl = () =>
    /^\s+url:\s*(\S+)/m.exec(readFileSync(path.join(projectRoot, 'site.config.yaml'), 'utf8'))![1]!;
  const baseUrl = () =>
    /^baseUrl:\s*(\S+)/m.exec(
      readFileSync(path.join(projectRoot, 'site.config.yaml'), 'utf8'),
    )![1]!;

  it.each([
    ['"javascript:alert(document.domain)//"', 'starts with "javascript:"'],
    ['http://calendly.com/acme/demo', 'starts with "http:"'],
    ['"data:text/html,<script>alert(1)</script>"', 'starts with "data:"'],
    ['//calendly.com/acme/demo', 'not a full web address'],
  ])('scheduler.url %s is refused at its position', (value, words) => {
    const { found, line, col } = configProblems(schedulerUrl(), value);
    expect(found.map((d) => `${d.line}:${d.col}`)).toEqual([`${line}:${col}`]);
    expect(found[0]!.message).toContain(words);
    expect(found[0]!.hint).toContain('https://');
  });

  it.each(['"javascript:alert(1)//"', 'http://www.example.com', 'ftp://www.example.com'])(
    'baseUrl %s is refused at its position',
    (value) => {
      const { found, line, col } = configProblems(baseUrl(), value);
      expect(found.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual([
        `${line}:${col} url-scheme-not-allowed`,
      ]);
    },
  );
});

describe('the shared rule (schema/url-policy.ts)', () => {
  it('allows only https:// for embedded frames', () => {
    expect(urlProblem('https://cal.com/acme/demo', 'https')).toBeUndefined();
    for (const value of [
      'http://cal.com/acme',
      'javascript:alert(1)',
      '/book-demo',
      'https:cal.com',
      ' https://cal.com',
    ])
      expect(urlProblem(value, 'https'), value).toBeDefined();
  });
});

describe('_headers of the build', () => {
  const template = readFileSync(path.join(projectRoot, 'public/_headers'), 'utf8');
  const frameSrc = (text: string) => /frame-src ([^;\n]*)/.exec(text)?.[1];

  it('allows frames from the configured scheduling provider only', () => {
    expect(frameSrc(headersFile(template, 'https://cal.com/acme/30min'))).toBe('https://cal.com');
    expect(frameSrc(headersFile(template, 'https://calendly.com/acme/demo?x=1'))).toBe(
      'https://calendly.com',
    );
    expect(frameSrc(headersFile(template, 'https://booking.example.com:8443/a'))).toBe(
      'https://booking.example.com:8443',
    );
  });

  it('leaves everything else of public/_headers as it is', () => {
    const built = headersFile(template, 'https://cal.com/acme/30min');
    expect(built.replace(/frame-src [^;\n]*/, '')).toBe(template.replace(/frame-src [^;\n]*/, ''));
  });

  it('adds frame-src to a policy that has none, and refuses an address that is not https', () => {
    expect(
      headersFile("/*\n  Content-Security-Policy: default-src 'self'\n", 'https://cal.com/a'),
    ).toBe("/*\n  Content-Security-Policy: default-src 'self'; frame-src https://cal.com\n");
    expect(() => headersFile(template, 'javascript:alert(1)')).toThrow(/https/);
  });

  it("is written by the build's postbuild step from site.config.yaml", () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'staylix-headers-'));
    try {
      const config = readFileSync(path.join(projectRoot, 'site.config.yaml'), 'utf8').replace(
        /^(\s+url:\s*)\S+/m,
        '$1https://cal.com/staylix/demo',
      );
      writeFileSync(path.join(site, 'site.config.yaml'), config);
      mkdirSync(path.join(site, 'public'));
      writeFileSync(path.join(site, 'public/_headers'), template);
      const dir = path.join(site, 'dist');
      mkdirSync(dir);
      writeFileSync(path.join(dir, '_headers'), template); // what Vite copies from public/
      writeFileSync(
        path.join(dir, 'index.html'),
        '<!DOCTYPE html><html><head><link rel="canonical" href="https://www.example.com/"></head><body></body></html>',
      );
      postbuild(site, dir);
      expect(frameSrc(readFileSync(path.join(dir, '_headers'), 'utf8'))).toBe('https://cal.com');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
