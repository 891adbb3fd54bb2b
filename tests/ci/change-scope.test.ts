import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFiles, scopeOf } from '../../scripts/change-scope.ts';

/**
 * CI's choice of path (scripts/change-scope.ts), on a real git repository: content only, or code.
 */
let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
function commit(files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
  git('add', '-A');
  git('commit', '-qm', 'change');
  return git('rev-parse', 'HEAD');
}

beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'change-scope-'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'author@example.com');
  git('config', 'user.name', 'Author');
  commit({ 'pages/index.yaml': 'title: Home\n', 'engine/x.ts': 'export {};\n' });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('change scope', () => {
  it('a page, an image or the site config alone is content; the changed page files are listed', () => {
    const base = git('rev-parse', 'HEAD');
    const head = commit({
      'pages/solutions/hotels.yaml': 'title: Hotels\n',
      'public/images/a.jpg': 'jpeg',
      'site.config.yaml': 'name: X\n',
    });
    const changed = changedFiles(repo, base, head)!;
    expect(changed.sort()).toEqual([
      'pages/solutions/hotels.yaml',
      'public/images/a.jpg',
      'site.config.yaml',
    ]);
    expect(scopeOf(changed)).toBe('content');
  });

  it('any other file makes it code, even beside content', () => {
    const base = git('rev-parse', 'HEAD');
    const head = commit({
      'pages/index.yaml': 'title: Home 2\n',
      'engine/x.ts': 'export {}; // \n',
    });
    expect(scopeOf(changedFiles(repo, base, head)!)).toBe('code');
    expect(scopeOf(['package-lock.json'])).toBe('code');
    expect(scopeOf(['pages.yaml'])).toBe('code');
    expect(scopeOf(['site.config.yaml.bak'])).toBe('code');
  });

  it('an unknown or missing base (new branch, force push) and an empty change are code: nothing skipped in doubt', () => {
    expect(changedFiles(repo, '0000000000000000000000000000000000000000', 'HEAD')).toBeUndefined();
    expect(changedFiles(repo, '', 'HEAD')).toBeUndefined();
    expect(changedFiles(repo, 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef', 'HEAD')).toBeUndefined();
    expect(scopeOf([])).toBe('code');
  });
});
