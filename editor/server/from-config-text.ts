import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../../engine/validate-page.ts';

/**
 * `compute` of a copy's site.config.yaml, kept for each copy with the text it was computed from
 * and computed again only when that text changed: saves and publishes each ask for a part of the
 * config, and it is a large file. `unreadable` answers when the file cannot be read.
 */
export function fromConfigText<T>(
  compute: (root: string, text: string) => T,
  unreadable: (root: string) => T,
): (root: string) => T {
  const kept = new Map<string, { text: string; value: T }>();
  return (root) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, CONFIG_FILE), 'utf8');
    } catch {
      return unreadable(root);
    }
    const known = kept.get(root);
    if (known?.text === text) return known.value;
    const value = compute(root, text);
    kept.set(root, { text, value });
    return value;
  };
}
