import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PROBLEMS_PER_FILE } from '../../engine/collector.ts';
import { loadSite } from '../../engine/load-site.ts';
import { MAX_PAGE_BYTES } from '../../engine/read-page-file.ts';
import { MAX_ALIASES } from '../../engine/yaml-guard.ts';
import { createPage } from '../../engine/new-page.ts';

/**
 * Input written to hurt (or by accident): alias bombs, tags, bytes that are not UTF-8, links out of
 * the project, huge files and pages with thousands of mistakes. Each is an error (or a warning) at
 * file:line:col, quickly, and never a hang or a stack trace. The time limits are the tests' own
 * timeouts: before the guards, the alias bomb ran for minutes.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const fixture = readFileSync(
  path.join(projectRoot, 'tests/validator/fixtures/solution-page.yaml'),
  'utf8',
);
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'staylix-hostile-'));
  cpSync(path.join(projectRoot, 'site.config.yaml'), path.join(root, 'site.config.yaml'));
  mkdirSync(path.join(root, 'pages'));
  mkdirSync(path.join(root, 'public'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, content: string | Uint8Array) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
/** Problems of one file as `line:col severity code`, plus the messages. */
const problemsOf = (file: string) => loadSite({ root }).diagnostics.filter((d) => d.file === file);
const brief = (file: string) =>
  problemsOf(file).map((d) => `${d.line}:${d.col} ${d.severity} ${d.code}`);

/**
 * The "billion laughs" page of the issue: nine lines of nine aliases each, 9^9 "lol"s once
 * expanded, < 500 bytes.
 */
export function billionLaughs(): string {
  const lines = [
    'title: Laughs',
    'description: Nine times nine times nine…',
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ];
  const names = 'abcdefghi';
  for (let i = 1; i < names.length; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]`,
    );
  lines.push('blocks:', '  - type: richText', '    body: *i');
  return lines.join('\n') + '\n';
}

/** A valid page whose blocks are one anchored block repeated `count` times through aliases. */
function repeatedAnchor(count: number): string {
  const block = fixture
    .slice(fixture.indexOf('blocks:\n') + 'blocks:\n'.length)
    .split('\n  - ')[1]!;
  const lines =
    fixture.slice(0, fixture.indexOf('blocks:\n')) +
    'blocks:\n  - &block\n    ' +
    block.trimEnd() +
    '\n';
  return lines + '  - *block\n'.repeat(count);
}

describe('YAML aliases', () => {
  it('a billion-laughs page is an error at its first alias, in well under the time limit', () => {
    const text = billionLaughs();
    expect(text.length).toBeLessThan(500);
    write('pages/laughs.yaml', text);
    const problems = problemsOf('pages/laughs.yaml');
    expect(problems.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual([`4:8 alias-expansion`]);
    expect(problems[0]!.message).toMatch(/more than 100,000 values and characters/);
  }, 5_000);

  it('the same page with a tag is an error too, not an uncaught "Excessive alias count"', () => {
    write('pages/laughs.yaml', billionLaughs().replace('title: Laughs', 'title: !custom Laughs'));
    expect(brief('pages/laughs.yaml')).toEqual(['1:8 error yaml-tag', '4:8 error alias-expansion']);
  }, 5_000);

  it('a page repeating one large anchor 20,000 times is refused at the first alias over the limit', () => {
    const text = repeatedAnchor(20_000);
    expect(text.length).toBeGreaterThan(200_000);
    write('pages/repeated.yaml', text);
    const problems = problemsOf('pages/repeated.yaml');
    const firstAliasLine = text.split('\n').findIndex((line) => line === '  - *block') + 1;
    expect(problems.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual([
      `${firstAliasLine + MAX_ALIASES}:5 too-many-aliases`,
    ]);
    expect(problems[0]!.message).toContain('20000 times');
  }, 10_000);

  it('a few aliases of a small anchor are fine', () => {
    write('pages/solutions/few.yaml', repeatedAnchor(3));
    expect(
      problemsOf('pages/solutions/few.yaml').filter(
        (d) => d.code === 'too-many-aliases' || d.code === 'alias-expansion',
      ),
    ).toEqual([]);
  });
});

describe('YAML tags', () => {
  it.each([
    ['!!js/function', 'title: !!js/function "function () { return 1 }"'],
    ['!custom', 'title: !custom Hotels'],
    ['!!str', 'title: !!str 1234'],
    ['!<tag:yaml.org,2002:str>', 'title: !<tag:yaml.org,2002:str> Hotels'],
  ])('%s is an error at the tag', (tag, line) => {
    write('pages/tagged.yaml', fixture.replace(/^title: .*$/m, line));
    const problems = problemsOf('pages/tagged.yaml');
    expect(problems.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual(['1:8 yaml-tag']);
    expect(problems[0]!.message).toContain(`"${tag}"`);
  });
});

describe('files', () => {
  it('bytes that are not UTF-8 are an error at the bad byte, never published as U+FFFD', () => {
    const text = fixture.replace(/^description: (.*)$/m, 'description: Hôtel überall \u0000MARK$1');
    const [before, after] = text.split('\u0000MARK') as [string, string];
    write(
      'pages/latin1.yaml',
      Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)]),
    );
    const problems = problemsOf('pages/latin1.yaml');
    const line = before.split('\n').length;
    const col = before.split('\n').pop()!.length + 1;
    expect(problems.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual([
      `${line}:${col} invalid-utf8`,
    ]);
    expect(problems[0]!.message).toContain('0xE9');
  });

  it('a page or a public/ file linking out of the project is an error, and is not read', () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'staylix-outside-'));
    try {
      writeFileSync(
        path.join(outside, 'secret.yaml'),
        fixture.replace(/^title: .*$/m, 'title: SECRET FROM OUTSIDE'),
      );
      symlinkSync(path.join(outside, 'secret.yaml'), path.join(root, 'pages/leak.yaml'));
      symlinkSync(path.join(outside, 'secret.yaml'), path.join(root, 'public/leak.txt'));
      write('pages/solutions/real.yaml', fixture);
      symlinkSync(
        path.join(root, 'pages/solutions/real.yaml'),
        path.join(root, 'pages/solutions/alias.yaml'),
      );
      const site = loadSite({ root });
      const problems = site.diagnostics.filter((d) => d.code.includes('symlink'));
      expect(problems.map((d) => `${d.file}:${d.line}:${d.col} ${d.code}`)).toEqual([
        'pages/leak.yaml:1:1 symlink-outside',
        'public/leak.txt:1:1 symlink-outside',
      ]);
      expect(site.routes.has('/leak')).toBe(false);
      expect(JSON.stringify(site)).not.toContain('SECRET FROM OUTSIDE');
      // A link that stays inside the project is a page like any other.
      expect(site.routes.has('/solutions/alias')).toBe(true);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a page file the loader skips (.YAML, .yaml.txt) is a warning that names it', () => {
    write('pages/about.YAML', fixture);
    write('pages/solutions/spa.yaml.txt', fixture);
    write('pages/solutions/notes.md', 'not a page');
    write('pages/solutions/hotels.yaml~', fixture);
    const warnings = loadSite({ root }).diagnostics.filter((d) => d.code === 'not-a-page-file');
    expect(warnings.map((d) => `${d.file}:${d.line}:${d.col} ${d.severity}`)).toEqual([
      'pages/about.YAML:1:1 warning',
      'pages/solutions/spa.yaml.txt:1:1 warning',
    ]);
    expect(warnings[0]!.hint).toContain('pages/about.yaml');
  });

  it(`a page over ${MAX_PAGE_BYTES / 1024} KB is an error before it is parsed`, () => {
    write('pages/huge.yaml', fixture + `# ${'x'.repeat(MAX_PAGE_BYTES)}\n`);
    expect(brief('pages/huge.yaml')).toEqual(['1:1 error file-too-large']);
  });
});

describe('a page with thousands of broken blocks', () => {
  // 2,000 blocks keep the suite fast; where the report is cut does not depend on the count.
  it(`lists the first ${MAX_PROBLEMS_PER_FILE} problems and counts the rest in one line`, () => {
    write(
      'pages/many.yaml',
      'title: Many\ndescription: Many broken blocks\nblocks:\n' +
        '  - type: hero\n    titel: x\n    subtitle: 3\n'.repeat(2_000),
    );
    const problems = problemsOf('pages/many.yaml');
    expect(problems).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    const last = problems.find((d) => d.code === 'more-problems')!;
    expect(last.message).toMatch(
      /^3900 more problems in this file are not shown \(the first 100 are listed\)/,
    );
    expect(`${last.line}:${last.col}`).toBe('156:15'); // the first problem left out: block 51's "subtitle"
  }, 15_000);
});

describe('npm run validate on all of it at once', () => {
  it('exits 1 with positions and no stack trace', () => {
    write('pages/laughs.yaml', billionLaughs());
    write('pages/tagged.yaml', billionLaughs().replace('title: Laughs', 'title: !custom Laughs'));
    write(
      'pages/function.yaml',
      fixture.replace(/^title: .*$/m, 'title: !!js/function "function () {}"'),
    );
    write('pages/repeated.yaml', repeatedAnchor(20_000));
    const result = spawnSync(
      process.execPath,
      [
        path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'),
        path.join(projectRoot, 'scripts/validate.ts'),
        '--root',
        root,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        timeout: 30_000,
      },
    );
    const output = result.stdout + result.stderr;
    expect(result.status, output).toBe(1);
    for (const file of ['laughs', 'tagged', 'function', 'repeated'])
      expect(output).toMatch(new RegExp(`pages/${file}\\.yaml:\\d+:\\d+\\s+error\\s+`));
    expect(output).not.toMatch(/ReferenceError|RangeError|\n\s+at .+:\d+:\d+\)?\n/);
  }, 40_000);
});

describe('npm run new-page', () => {
  it('refuses a 300-character part of the route with a message (no ENAMETOOLONG), and creates nothing', () => {
    const result = createPage({
      root,
      route: `/solutions/${'a'.repeat(300)}`,
      template: 'solution',
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.message).toMatch(/300 characters long; at most 100 are allowed/);
    expect(loadSite({ root }).pages).toEqual([]);
  });

  it('turns a file system refusal into a message', () => {
    writeFileSync(path.join(root, 'pages/solutions'), 'a file where the folder should be');
    const result = createPage({ root, route: '/solutions/resorts', template: 'solution' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('cannot-write');
  });
});
