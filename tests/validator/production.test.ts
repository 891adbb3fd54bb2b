import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlaceholdersIn, placeholderDiagnostics } from '../../engine/placeholders.ts';
import { parseValidateArgs as parseArgs } from '../../engine/validate-args.ts';
import { makeTestSite, projectRoot, runValidateCli, type TestSite } from './test-site.ts';

/**
 * `npm run validate -- --production`, the deploy workflow's gate: every placeholder left in
 * site.config.yaml or a published page is an error at its file:line:col, until the company has
 * filled it in (AUTHORING.md, "Placeholders").
 */

let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
});
afterAll(() => site.cleanUp());

const cli = (...args: string[]) => runValidateCli(site.root, ...args);

/** line:col of the first occurrence of `needle` in a file of the test site. */
function positionOf(file: string, needle: string): string {
  const lines = site.read(file).split('\n');
  const line = lines.findIndex((text) => text.includes(needle));
  if (line < 0) throw new Error(`${needle} is not in ${file}`);
  return `${line + 1}:${lines[line]!.indexOf(needle) + 1}`;
}

describe('recognising placeholders', () => {
  it('finds text to confirm, example-domain addresses and all-zero phone numbers, and nothing else', () => {
    const kinds = (value: string) =>
      findPlaceholdersIn(value).map((match) => [match.kind, match.text]);
    expect(kinds('payable within [to confirm: 15 days] of the invoice')).toEqual([
      ['to-confirm', '[to confirm: 15 days]'],
    ]);
    expect(kinds('[To Confirm: city]')).toEqual([['to-confirm', '[To Confirm: city]']]);
    expect(kinds('write to hello@example.com.')).toEqual([['example-email', 'hello@example.com']]);
    expect(kinds('mailto:sales@mail.example.org')).toEqual([
      ['example-email', 'sales@mail.example.org'],
    ]);
    expect(kinds('https://scheduling.example.com/company/demo')).toEqual([
      ['example-url', 'https://scheduling.example.com/company/demo'],
    ]);
    expect(kinds('https://booking.example')).toEqual([['example-url', 'https://booking.example']]);
    expect(kinds('https://shop.test/x and https://x.invalid')).toEqual([
      ['example-url', 'https://shop.test/x'],
      ['example-url', 'https://x.invalid'],
    ]);
    expect(kinds('+91 00000 00000')).toEqual([['dummy-phone', '+91 00000 00000']]);
    expect(kinds('call +1 000-000-0000 now')).toEqual([['dummy-phone', '+1 000-000-0000']]);
    // Real-looking values are left alone.
    for (const value of [
      'hello@staylix.in',
      'https://example.community/x',
      'https://www.examples.com',
      'a@example.com.au',
      '+91 80 0000 0000',
      '+91 20 4000 0000',
      'to confirm the booking, click',
      'Pricing: 2024',
    ])
      expect(kinds(value), value).toEqual([]);
  });

  it('points at the placeholder itself, inside quoted and folded text', () => {
    const text = [
      'title: Terms',
      'blocks:',
      '  - type: legalText',
      '    updated: "[to confirm: date]"',
      '    sections:',
      '      - heading: Payment',
      '        paragraphs:',
      '          - >-',
      '            Invoices are payable within [to confirm:',
      '            15 days] of the invoice date. Write to billing@example.com.',
      '',
    ].join('\n');
    const found = placeholderDiagnostics('pages/terms.yaml', text).map(
      (d) => `${d.line}:${d.col} ${d.code} ${d.path?.join('.')}`,
    );
    expect(found).toEqual([
      '4:15 placeholder-to-confirm blocks.0.updated',
      '9:41 placeholder-to-confirm blocks.0.sections.0.paragraphs.0',
      '10:52 placeholder-example-email blocks.0.sections.0.paragraphs.0',
    ]);
  });
});

describe('npm run validate -- --production', () => {
  it('fails on every placeholder of site.config.yaml and the published pages, each at its file:line:col', () => {
    site.writeFixture();
    const run = cli('--production');
    expect(run.status).toBe(1);
    const config = 'site.config.yaml';
    for (const [needle, message] of [
      [
        'https://www.example.com #',
        '"https://www.example.com" is a placeholder: addresses on example domains lead nowhere.',
      ],
      [
        'hello@example.com',
        '"hello@example.com" is a placeholder: addresses on example domains reach no one.',
      ],
      [
        '+91 00000 00000',
        '"+91 00000 00000" is a placeholder phone number (only zeros after the country code).',
      ],
      [
        'https://scheduling.example.com',
        '"https://scheduling.example.com/company/demo" is a placeholder: addresses on example domains lead nowhere.',
      ],
    ] as const) {
      expect(run.stdout).toContain(`${config}:${positionOf(config, needle)}  error  ${message}`);
    }
    expect(run.stdout).toContain(
      `pages/terms-conditions.yaml:${positionOf('pages/terms-conditions.yaml', '[to confirm: city, state]')}  error  "[to confirm: city, state]" is marked as still to be confirmed`,
    );
    expect(run.stdout).toContain(
      'hint: Replace the brackets with the wording the company has confirmed',
    );
    // Without --production the same site is fine: placeholders are expected while the site is being
    // written.
    expect(cli().status).toBe(0);
  });

  it('writes GitHub annotations on the lines of the placeholders', () => {
    site.writeFixture();
    const run = cli('--production', '--format', 'github');
    expect(run.status).toBe(1);
    const [line, col] = positionOf('site.config.yaml', 'hello@example.com').split(':');
    expect(run.stdout.split('\n')).toContain(
      `::error file=site.config.yaml,line=${line},col=${col},title=placeholder-example-email::"hello@example.com" is a placeholder: addresses on example domains reach no one. Write the company's real email address here before the site goes live. See "Placeholders" in AUTHORING.md; \`npm run validate -- --production\` checks again.`,
    );
  });

  it('leaves drafts alone (they are not published) and passes once every placeholder is filled in', () => {
    const filled = (text: string) =>
      text
        .replace(/\[to confirm:\s*([^\]]*)\]/g, '$1')
        .replace(/example\.com/g, 'staylix-hotel-os.in')
        .replace(/\+91 00000 00000/g, '+91 80 2345 6789');
    const files = [
      'site.config.yaml',
      'pages/terms-conditions.yaml',
      'pages/privacy-policy.yaml',
      'pages/service-delivery-policy.yaml',
      'pages/cancellation-refund-policy.yaml',
      // Their German versions keep the English legal text, placeholders included.
      'pages/de/terms-conditions.yaml',
      'pages/de/privacy-policy.yaml',
      'pages/de/service-delivery-policy.yaml',
      'pages/de/cancellation-refund-policy.yaml',
    ];
    const originals = files.map((file) => site.read(file));
    try {
      files.forEach((file, index) => site.write(file, filled(originals[index]!)));
      site.writeFixture([
        'title: Hotel Management Software for Independent Hotels',
        'draft: true\ntitle: "Hotels: [to confirm: name]"',
      ]);
      const run = cli('--production');
      expect(run.stdout).not.toContain('placeholder');
      expect(run.status).toBe(0);
      site.writeFixture([
        'title: Hotel Management Software for Independent Hotels',
        'title: "Hotels: [to confirm: name]"',
      ]);
      const published = cli('--production');
      expect(published.status).toBe(1);
      expect(published.stdout).toContain(
        'pages/solutions/fixture.yaml:1:17  error  "[to confirm: name]" is marked as still to be confirmed',
      );
    } finally {
      files.forEach((file, index) => site.write(file, originals[index]!));
    }
  });

  it('is an option of its own, which leaves drafts out as the build does', () => {
    expect(parseArgs(['--production'])).toMatchObject({ production: true, drafts: false });
    expect(parseArgs(['--production', '--drafts'])).toMatchObject({
      production: true,
      drafts: false,
    });
    expect(parseArgs([])).toMatchObject({ production: false });
  });

  it('site.config.yaml marks each placeholder for the people who fill it in', () => {
    const config = readFileSync(path.join(projectRoot, 'site.config.yaml'), 'utf8');
    for (const line of config
      .split('\n')
      .filter((text) => findPlaceholdersIn(text).length && !text.trimStart().startsWith('#')))
      expect(line, line).toMatch(/# placeholder: /);
  });
});
