import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { git, makeTeam, type Team } from '../../tests/publishing/git-fixture.ts';
import { applyPlan, recoverUnfinished, type Plan } from './journal.ts';

let team: Team | undefined;
afterEach(() => {
  team?.cleanup();
  team = undefined;
});

const PAGE = 'pages/index.yaml';
function storeText(root: string, text: string) {
  const file = path.join(root, '.git', 'blob-input');
  writeFileSync(file, text);
  return git(root, 'hash-object', '-w', file).trim();
}

/** A journal as a killed editor (a process that is gone) leaves it. */
function leaveJournal(root: string, plan: Plan) {
  mkdirSync(path.join(root, '.git', 'editor'), { recursive: true });
  writeFileSync(
    path.join(root, '.git', 'editor', 'journal.json'),
    JSON.stringify({ ...plan, pid: 2 ** 22 + 12345 }),
  );
}

describe('recoverUnfinished', () => {
  it('undoes the files of an operation killed before HEAD moved', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const before = a.read(PAGE);
    const head = a.git('rev-parse', 'HEAD').trim();
    const next = a.git('commit-tree', `${head}^{tree}`, '-p', head, '-m', 'next').trim();
    const beforeSha = a.git('rev-parse', `HEAD:${PAGE}`).trim();
    const afterSha = storeText(a.root, 'title: theirs\n');
    // Killed after the page was written, before the conflict record, the index and HEAD.
    a.write(PAGE, 'title: theirs\n');
    leaveJournal(a.root, {
      op: 'latest',
      head: { from: head, to: next },
      writes: [
        {
          file: PAGE,
          author: true,
          before: { mode: '100644', sha: beforeSha },
          after: { mode: '100644', sha: afterSha },
        },
        {
          file: 'pages/new.yaml',
          author: true,
          before: null,
          after: { mode: '100644', sha: afterSha },
        },
      ],
      conflicts: { before: [], after: [] },
      index: [],
    });
    expect(await recoverUnfinished(a.root)).toEqual({
      kind: 'rolled-back',
      op: 'latest',
      files: [PAGE],
    });
    expect(a.read(PAGE)).toBe(before);
    expect(existsSync(path.join(a.root, 'pages/new.yaml'))).toBe(false);
    expect(a.git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(a.git('status', '--porcelain')).toBe('');
    expect(existsSync(path.join(a.root, '.git', 'editor', 'journal.json'))).toBe(false);
  });

  it('only removes the journal when HEAD had moved (every step before it was done)', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const head = a.git('rev-parse', 'HEAD').trim();
    const next = a.git('commit-tree', `${head}^{tree}`, '-p', head, '-m', 'next').trim();
    a.git('update-ref', 'HEAD', next);
    a.write(PAGE, 'title: merged\n');
    const afterSha = storeText(a.root, 'title: merged\n');
    leaveJournal(a.root, {
      op: 'latest',
      head: { from: head, to: next },
      writes: [
        { file: PAGE, author: true, before: null, after: { mode: '100644', sha: afterSha } },
      ],
      index: [],
    });
    expect((await recoverUnfinished(a.root)).kind).toBe('completed');
    expect(a.read(PAGE)).toBe('title: merged\n');
    expect(await recoverUnfinished(a.root)).toEqual({ kind: 'none' });
  });

  it('refuses before any change while .git/index.lock exists, and undoes a failed write', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const before = a.read(PAGE);
    const head = a.git('rev-parse', 'HEAD').trim();
    const beforeSha = a.git('rev-parse', `HEAD:${PAGE}`).trim();
    const afterSha = storeText(a.root, 'title: new\n');
    const plan: Plan = {
      op: 'latest',
      head: { from: head, to: head },
      writes: [
        {
          file: PAGE,
          author: true,
          before: { mode: '100644', sha: beforeSha },
          after: { mode: '100644', sha: afterSha },
        },
      ],
      index: [
        {
          file: PAGE,
          before: { mode: '100644', sha: beforeSha },
          after: { mode: '100644', sha: afterSha },
        },
      ],
    };
    writeFileSync(path.join(a.root, '.git', 'index.lock'), '');
    expect(await applyPlan(a.root, plan)).toEqual({ ok: false, reason: 'index-locked' });
    expect(a.read(PAGE)).toBe(before);
    // The second write cannot be made (a file where its folder goes): the first is undone.
    a.write('public/blocker', 'x');
    const failing: Plan = {
      ...plan,
      writes: [
        ...plan.writes,
        {
          file: 'public/blocker/inner.txt',
          author: true,
          before: null,
          after: { mode: '100644', sha: afterSha },
        },
      ],
      index: [],
    };
    expect(await applyPlan(a.root, failing)).toEqual({ ok: false, reason: 'write-failed' });
    expect(a.read(PAGE)).toBe(before);
    expect(existsSync(path.join(a.root, '.git', 'editor', 'journal.json'))).toBe(false);
  });

  it('undoes a code file git wrote with its own line endings (an eol attribute)', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const CODE = 'renderer/code.ts';
    // The copy's attributes make git write code files with CRLF line endings.
    a.write('.gitattributes', '*.ts text eol=crlf\n');
    a.git('rm', '-q', '--cached', CODE);
    a.git('checkout', 'HEAD', '--', CODE);
    const before = a.read(CODE);
    expect(before).toBe('export const answer = 42;\r\n');
    const head = a.git('rev-parse', 'HEAD').trim();
    const next = a.git('commit-tree', `${head}^{tree}`, '-p', head, '-m', 'next').trim();
    const beforeSha = a.git('rev-parse', `HEAD:${CODE}`).trim();
    const afterSha = storeText(a.root, 'export const answer = 43;\n');
    // Killed after git wrote the new code file (converted, as checkout-index does), before HEAD.
    a.write(CODE, 'export const answer = 43;\r\n');
    leaveJournal(a.root, {
      op: 'latest',
      head: { from: head, to: next },
      writes: [
        {
          file: CODE,
          author: false,
          before: { mode: '100644', sha: beforeSha },
          after: { mode: '100644', sha: afterSha },
        },
      ],
      index: [],
    });
    expect((await recoverUnfinished(a.root)).kind).toBe('rolled-back');
    expect(a.read(CODE)).toBe(before);
    expect(a.git('status', '--porcelain', '--', CODE)).toBe('');
  });
});
