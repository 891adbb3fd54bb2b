import { expect, it } from 'vitest';
import { serialQueue } from './serial-queue.ts';

it('runs one piece of work at a time, in order, and goes on after one that fails', async () => {
  const serial = serialQueue();
  const seen: string[] = [];
  const step = (name: string, ms: number, fail = false) =>
    serial(async () => {
      seen.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      seen.push(`${name} ends`);
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([step('a', 20), step('b', 1, true), step('c', 1)]);
  expect(seen).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(results[2]).toEqual({ status: 'fulfilled', value: 'c' });
});
