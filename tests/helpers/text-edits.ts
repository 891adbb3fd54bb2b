import { expect } from 'vitest';

/** `text` with each [from, to] replaced once; fails when `from` is not there. */
export function edit(text: string, ...changes: Array<[string, string]>): string {
  let out = text;
  for (const [from, to] of changes) {
    expect(out, `"${from}" is in the text`).toContain(from);
    out = out.replace(from, to);
  }
  return out;
}
