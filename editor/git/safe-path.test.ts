import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDotGitSpelling, isPlainPath, pathProblem, UnsafePathError } from './safe-path.ts';
import { writeTreeFile } from './safe-path.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'safe-path-'));
  dirs.push(dir);
  return dir;
};

describe('isDotGitSpelling', () => {
  it('knows every spelling git treats as .git', () => {
    for (const name of [
      '.git',
      '.GIT',
      '.Git',
      '.git.',
      '.git. . ',
      'git~1',
      'GIT~1',
      '.git::$INDEX_ALLOCATION',
      '.g\u200cit',
      '\ufeff.git',
      '.gi\u200dt\u206a',
    ])
      expect(isDotGitSpelling(name), JSON.stringify(name)).toBe(true);
    for (const name of ['.github', '.gitignore', 'git', '.gitx', 'git~2', '_git', '.git-x'])
      expect(isDotGitSpelling(name), name).toBe(false);
  });

  it('makes a path with such a part, .. or a control character not plain', () => {
    expect(isPlainPath('pages/a.yaml')).toBe(true);
    for (const file of ['.git/hooks/x', 'pages/GIT~1/x', 'a/../b', '/etc', 'a//b', 'a\nb', '-x'])
      expect(isPlainPath(file), file).toBe(false);
  });
});

describe('pathProblem and writeTreeFile', () => {
  it('never writes through a folder that is a link, and says so', () => {
    const root = folder();
    const outside = folder();
    mkdirSync(path.join(root, 'public'));
    symlinkSync(outside, path.join(root, 'public', 'shared'));
    expect(pathProblem(root, 'public/shared/x.txt')).toBe('folder-link');
    expect(() => writeTreeFile(root, 'public/shared/x.txt', 'x', path.join(root, 'tmp'))).toThrow(
      UnsafePathError,
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(pathProblem(root, 'public/shared')).toBe('link');
  });

  it('makes way for a folder whose files are all removed, and not otherwise', () => {
    const root = folder();
    mkdirSync(path.join(root, 'public', 'extra'), { recursive: true });
    writeFileSync(path.join(root, 'public', 'extra', 'a.txt'), 'a');
    expect(pathProblem(root, 'public/extra')).toBe('in-the-way');
    expect(pathProblem(root, 'public/extra', new Set(['public/extra/a.txt']))).toBeUndefined();
    writeFileSync(path.join(root, 'public', 'file'), 'f');
    expect(pathProblem(root, 'public/file/inner.txt')).toBe('in-the-way');
    expect(pathProblem(root, 'public/file/inner.txt', new Set(['public/file']))).toBeUndefined();
  });

  it('writes under a temporary name elsewhere and removes folders left empty', () => {
    const root = folder();
    const temporary = path.join(root, '.git', 'editor', 'tmp');
    writeTreeFile(root, 'pages/a/b.yaml', 'title: x\n', temporary);
    expect(readdirSync(path.join(root, 'pages', 'a'))).toEqual(['b.yaml']);
    writeTreeFile(root, 'pages/a/b.yaml', undefined, temporary);
    expect(readdirSync(path.join(root, 'pages'))).toEqual([]);
  });
});
