import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadBlockExample } from '../../engine/block-docs.ts';
import { listPageFiles } from '../../engine/load-site.ts';
import { blockTypes } from '../../blocks/schemas.ts';
import {
  AUTHORING_FILE,
  CONFIG_SCHEMA_FILE,
  generatedFiles,
  PAGE_SCHEMA_FILE,
} from '../../pipeline/json-schema.ts';
import { checkJsonSchema } from './json-schema-check.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pageSchema = () => JSON.parse(read(PAGE_SCHEMA_FILE)) as Record<string, unknown>;
const configSchema = () => JSON.parse(read(CONFIG_SCHEMA_FILE)) as Record<string, unknown>;

type Node = {
  properties?: Record<string, Node>;
  items?: Node;
  oneOf?: Node[];
  anyOf?: Node[];
  description?: string;
  examples?: unknown[];
  definitions?: Record<string, Node>;
};

/** Every property in a JSON Schema, with its path. */
function properties(node: Node, at = '$', out: Array<[string, Node]> = []): Array<[string, Node]> {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    out.push([`${at}.${key}`, child]);
    properties(child, `${at}.${key}`, out);
  }
  if (node.items) properties(node.items, `${at}[]`, out);
  for (const option of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) properties(option, at, out);
  for (const [name, definition] of Object.entries(node.definitions ?? {}))
    properties(definition, `#${name}`, out);
  return out;
}

describe('generated files', () => {
  it('are up to date: run `npm run schema` after changing a schema or an example (npm run build does it too)', () => {
    const stale = [...generatedFiles(root)]
      .filter(([file, content]) => !existsSync(path.join(root, file)) || read(file) !== content)
      .map(([file]) => file);
    expect(stale).toEqual([]);
  });

  it('include the block reference of AUTHORING.md', () => {
    expect([...generatedFiles(root).keys()]).toEqual([
      PAGE_SCHEMA_FILE,
      CONFIG_SCHEMA_FILE,
      AUTHORING_FILE,
    ]);
    const authoring = read(AUTHORING_FILE);
    for (const type of blockTypes) expect(authoring, type).toContain(`### ${type}\n`);
  });
});

describe('editor schemas', () => {
  it('give every field a description and an example (hover help and completion in VS Code)', () => {
    const missing = [
      ...properties(pageSchema() as Node),
      ...properties(configSchema() as Node, 'config'),
    ].flatMap(([at, node]) => [
      ...(node.description ? [] : [`${at}: no description`]),
      ...(node.examples?.length ? [] : [`${at}: no example`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('offer every block as a snippet made from its example', () => {
    const blocks = (
      pageSchema().properties as Record<
        string,
        { items: { defaultSnippets: Array<{ label: string; body: unknown }> } }
      >
    ).blocks!;
    const snippets = blocks.items.defaultSnippets;
    expect(snippets.map((snippet) => snippet.label)).toEqual(
      blockTypes.map((type) => `${type} block`),
    );
    for (const type of blockTypes)
      expect(snippets.find((snippet) => snippet.label === `${type} block`)!.body).toEqual(
        loadBlockExample(root, type).data,
      );
  });

  it('accept every real page and site.config.yaml', () => {
    const problems = listPageFiles(root).flatMap((file) =>
      checkJsonSchema(pageSchema(), parse(read(file))).map((error) => `${file}: ${error}`),
    );
    problems.push(
      ...checkJsonSchema(configSchema(), parse(read('site.config.yaml'))).map(
        (error) => `site.config.yaml: ${error}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('reject what the validator rejects: unknown fields and block types, bad values, missing fields', () => {
    const page = parse(read('pages/solutions/hotels.yaml')) as {
      blocks: Array<Record<string, unknown>>;
      [key: string]: unknown;
    };
    const broken = (change: (copy: typeof page) => void) => {
      const copy = structuredClone(page);
      change(copy);
      return checkJsonSchema(pageSchema(), copy);
    };
    expect(broken((copy) => (copy.titel = 'x'))).toContain('$: unknown "titel"');
    expect(broken((copy) => delete copy.title)).toContain('$: missing "title"');
    expect(broken((copy) => (copy.blocks[0]!.type = 'heros')).length).toBeGreaterThan(0);
    expect(broken((copy) => (copy.blocks[0]!.subtitel = 'x')).join('\n')).toContain(
      '$.blocks[0]: unknown "subtitel"',
    );
    expect(broken((copy) => (copy.blocks[2]!.tone = 'mutted')).join('\n')).toContain(
      '$.blocks[2].tone: "mutted" not in enum',
    );
    expect(broken((copy) => (copy.blocks[0]!.actions = 'Book a Demo')).join('\n')).toContain(
      '$.blocks[0].actions: expected array, got string',
    );
  });

  it('turn each pattern into a message in words', () => {
    const text = read(PAGE_SCHEMA_FILE);
    expect(text).toContain(
      '"patternErrorMessage": "Write a link starting with /, #, https://, mailto: or tel:."',
    );
    expect(text.split('"pattern":').length).toBe(text.split('"patternErrorMessage":').length);
  });
});

describe('VS Code wiring', () => {
  it('maps pages/**/*.yaml to the page schema and recommends the YAML extension', () => {
    const settings = JSON.parse(read('.vscode/settings.json')) as {
      'yaml.schemas': Record<string, string[]>;
      '[yaml]': Record<string, unknown>;
    };
    expect(settings['yaml.schemas'][`./${PAGE_SCHEMA_FILE}`]).toContain('pages/**/*.yaml');
    expect(settings['yaml.schemas'][`./${CONFIG_SCHEMA_FILE}`]).toContain('site.config.yaml');
    expect(settings['[yaml]']['editor.insertSpaces']).toBe(true);
    expect(JSON.parse(read('.vscode/extensions.json'))).toEqual({
      recommendations: ['redhat.vscode-yaml'],
    });
  });

  it('site.config.yaml points at its schema with a modeline', () => {
    expect(read('site.config.yaml').split('\n')[0]).toBe(
      `# yaml-language-server: $schema=./${CONFIG_SCHEMA_FILE}`,
    );
  });
});
