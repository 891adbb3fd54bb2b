import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configTexts } from '../../engine/check-locales-config.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { moveItem, removeItem } from './edit.ts';
import { labelsFollowText } from './labels-follow.ts';
import { yamlData } from './read-yaml.ts';

const config = readFileSync(path.resolve(import.meta.dirname, '../../site.config.yaml'), 'utf8');

interface Label {
  text: string;
  from: string;
}

/** Per language: the texts without a label, the labels of no text, the labels made from another. */
function labelFindings(text: string) {
  const data = yamlData(text) as SiteConfig;
  const texts = new Map(configTexts(data).map((entry) => [entry.key, entry.text]));
  return (data.locales?.list ?? [])
    .filter((locale) => locale.code !== data.locales?.default)
    .map((locale) => {
      const labels = (locale.labels ?? {}) as Record<string, Label>;
      return {
        code: locale.code,
        missing: [...texts.keys()].filter((key) => !(key in labels)),
        unused: Object.keys(labels).filter((key) => !texts.has(key)),
        stale: Object.entries(labels)
          .filter(([key, label]) => texts.has(key) && texts.get(key) !== label.from)
          .map(([key]) => key),
      };
    });
}

const clean = labelFindings(config);

describe('labels follow the site texts they translate', () => {
  it('the site starts with no missing, unused or stale label', () => {
    for (const found of clean)
      expect(found).toEqual({ ...found, missing: [], unused: [], stale: [] });
  });

  it('a menu entry moved: every language keeps its labels, under the new places', () => {
    const moved = moveItem(config, ['navigation', 'items'], 2, 0);
    expect(labelFindings(moved)).not.toEqual(clean);
    const followed = labelsFollowText(config, moved);
    expect(labelFindings(followed)).toEqual(clean);
    // Only keys were renamed: the German label of "Resources" is where it was in the file.
    const lines = (text: string) => text.split('\n');
    expect(lines(followed)).toHaveLength(lines(config).length);
    const germanResources = lines(followed).find((line) => line.includes('from: Resources }'));
    expect(germanResources).toMatch(/^ +navigation\.items\.0\.label: \{ text: \S/);
  });

  it('a menu entry removed: its labels go with it', () => {
    const removed = removeItem(config, ['navigation', 'items'], 0);
    const followed = labelsFollowText(config, removed);
    expect(labelFindings(followed)).toEqual(clean);
    const count = (text: string) => text.split('from: Platform }').length - 1;
    // One a language fewer: the footer's "Platform" keeps its own.
    expect(count(followed)).toBe(count(config) - 2);
  });

  it('a text edited in place keeps its label, out of date (a warning), and nothing else moves', () => {
    const edited = config.replace('  - label: Platform\n', '  - label: Product\n');
    expect(edited).not.toBe(config);
    expect(labelsFollowText(config, edited)).toBe(edited);
  });
});
