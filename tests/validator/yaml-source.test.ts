import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { listPageFiles } from '../../engine/load-site.ts';
import { YamlSource } from '../../engine/yaml-source.ts';
import { projectRoot } from './test-site.ts';

/**
 * The validator reads values with js-yaml (fast) and positions with `yaml` (only when a file has a
 * problem). Both must read every value the same way, or a position would point at the wrong thing.
 */
describe('YamlSource', () => {
  it('reads every page and site.config.yaml exactly as the `yaml` package does', () => {
    const files = [...listPageFiles(projectRoot), 'site.config.yaml'];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(path.join(projectRoot, file), 'utf8');
      expect(new YamlSource(file, text).data, file).toEqual(parse(text));
    }
  });

  it('reads the values authors trip over the same way (YAML 1.2: yes and no are text, dates are text)', () => {
    const text = [
      'a: yes',
      'b: no',
      'c: on',
      'd: 2024-03-01',
      'e: 1_000',
      'f: 0o17',
      'g: 012',
      'h: .5',
      'i: ~',
      'j: "quoted: text"',
      "k: 'it''s'",
      'l: >-',
      '  folded',
      '  text',
      'm: [a, "b, c", { x: 1 }]',
      'n: True',
      'o: 1e3',
      'p: .inf',
      'q: "#fragment"',
      'r: null',
      's: 0b1010',
      't: 1_000.5',
      'u: -.inf',
      'v: 0x1F',
      'w: +12',
      'x: 12:30',
      'y: 1.',
      'z: ""',
      'aa:',
    ].join('\n');
    expect(new YamlSource('x.yaml', text).data).toEqual(parse(text));
  });

  it('builds positions only when asked, and they point at the value', () => {
    const source = new YamlSource(
      'x.yaml',
      'title: Pricing\nblocks:\n  - type: hero\n    title: Plans\n',
    );
    expect(source.hasSyntaxErrors).toBe(false);
    expect(source.positionOf(['blocks', 0, 'title'])).toEqual({ line: 4, col: 12 });
    expect(source.positionOf(['blocks', 0, 'missing'])).toEqual({ line: 3, col: 5 });
  });

  it('falls back to `yaml` for the error and its position when the file is not valid YAML', () => {
    const source = new YamlSource('x.yaml', 'title: Pricing\ntitle: Again\n');
    expect(source.hasSyntaxErrors).toBe(true);
    expect(source.data).toBeUndefined();
    expect(source.syntaxErrors).toEqual([
      { line: 2, col: 1, message: 'Map keys must be unique', code: 'DUPLICATE_KEY', key: 'title' },
    ]);
  });
});
