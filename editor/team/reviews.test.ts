import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskReviewStore, isReviewId } from './reviews.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(path.join(os.tmpdir(), 'reviews-'));
  folders.push(made);
  return made;
};

const anna = { name: 'Anna Ruiz', email: 'anna@example.com' };
const request = {
  author: { ...anna, subject: 'anna' },
  commit: 'a'.repeat(40),
  base: 'b'.repeat(40),
  message: 'Pricing: new title',
  files: ['pages/pricing.yaml'],
  check: [],
};

describe('DiskReviewStore', () => {
  it('keeps a request across a restart (a new store on the same folder), newest first', () => {
    const dir = folder();
    let time = 1000;
    const store = new DiskReviewStore(dir, () => time);
    const first = store.create(request, anna);
    time = 2000;
    const second = store.create({ ...request, message: 'Second' }, anna);
    expect(isReviewId(first.id)).toBe(true);
    expect(first).toMatchObject({ status: 'waiting', createdAt: 1000, events: [{ kind: 'sent' }] });
    store.save({ ...first, status: 'changes-asked' });

    const again = new DiskReviewStore(dir, () => time);
    expect(again.list().map((r) => r.id)).toEqual([second.id, first.id]);
    expect(again.get(first.id)).toMatchObject({ status: 'changes-asked', updatedAt: 2000 });
  });

  it('leaves no temporary file behind and ignores what is not a request', () => {
    const dir = folder();
    const store = new DiskReviewStore(dir);
    const made = store.create(request, anna);
    writeFileSync(path.join(dir, 'notes.txt'), 'x');
    writeFileSync(path.join(dir, `${'c'.repeat(24)}.json`), '{ cut short');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(store.list().map((r) => r.id)).toEqual([made.id]);
  });

  it('answers nothing for an id that is not one (no path is ever made from it)', () => {
    const store = new DiskReviewStore(folder());
    for (const id of ['../sessions/x', '', 'A'.repeat(24), `${'a'.repeat(24)}/..`])
      expect(store.get(id)).toBeUndefined();
  });
});
