import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blockSchemas, blockTypes } from '../../../blocks/schemas.ts';
import { pageShellSchema } from '../../../blocks/page-schema.ts';
import { optionName } from '../../../schema/form-words.ts';
import { siteConfigSchema } from '../../../schema/site-config.ts';
import { humanize, unwrap } from '../../shared/schema-fields.ts';
import { fieldKind, variantLabel } from './inspect.ts';

/**
 * Every label, help text and choice the page editor's forms show, for every block, the page and
 * the site config, as the form builds them (Field.tsx: `humanize`, the unwrapped `description`,
 * `optionName`): a marketer reads none of a developer's words there.
 */

/**
 * An npm command, a backtick, a place in a file, an address scheme to type (`mailto:`), a YAML
 * `key: value`, a field's key in parentheses (`(src)`), a file of the project, or true/false as a
 * setting's value.
 */
const DEVELOPER_WORDS =
  /\bnpm\b|`|\S+\.ya?ml\b|\bmailto:|\btel:|\b[a-z]+[A-Z]\w*\b|\b(href|src|alt|variant)\b|\b(position|type): |\b(true|false)\b|\bpublic\/|=|""/;

interface Shown {
  where: string;
  text: string;
}

/** The words a form shows for a schema reached at `key`, and every field inside it. */
function shownWords(
  schema: z.ZodType,
  key: string | number | undefined,
  where: string,
  seen: Set<z.ZodType>,
): Shown[] {
  const { schema: inner, meta } = unwrap(schema);
  const here = key === undefined ? where : `${where} › ${humanize(key)}`;
  const out: Shown[] = [];
  if (typeof key === 'string') out.push({ where: here, text: humanize(key) });
  if (meta.description) out.push({ where: `${here} (help)`, text: meta.description });
  if (seen.has(inner)) return out;
  seen.add(inner);
  const kind = fieldKind(inner, key);
  switch (kind.kind) {
    case 'object':
      for (const [name, field] of Object.entries(kind.shape))
        if (name !== 'type') out.push(...shownWords(field, name, here, seen));
      break;
    case 'list':
      out.push(...shownWords(kind.element, undefined, here, seen));
      break;
    case 'record':
      out.push(...shownWords(kind.value, undefined, here, seen));
      break;
    case 'union':
      kind.options.forEach((option, index) => {
        out.push({ where: `${here} (choice)`, text: variantLabel(kind.options, index) });
        out.push(...shownWords(option, undefined, here, seen));
      });
      break;
    case 'enum':
      for (const option of kind.options)
        out.push({ where: `${here} (option)`, text: optionName(option) });
      break;
    default:
  }
  return out;
}

const everyForm = (): Shown[] => [
  ...blockTypes.flatMap((type) =>
    shownWords(blockSchemas[type] as unknown as z.ZodType, undefined, humanize(type), new Set()),
  ),
  // The page's own fields (its blocks are the blocks above, each in its own form).
  ...shownWords(pageShellSchema as unknown as z.ZodType, undefined, 'Page', new Set()),
  ...shownWords(siteConfigSchema as unknown as z.ZodType, undefined, 'Site settings', new Set()),
];

describe('the words of every form', () => {
  const shown = everyForm();

  it('reaches every block, the page and the site config (hundreds of labels and help texts)', () => {
    expect(shown.length).toBeGreaterThan(300);
    expect(shown.map((s) => s.text)).toContain('Link');
  });

  it('never shows a developer’s word: no command, key, file, backtick or mailto: to type', () => {
    const offending = shown
      .filter((s) => DEVELOPER_WORDS.test(s.text))
      .map((s) => `${s.where}: ${s.text}`);
    expect([...new Set(offending)]).toEqual([]);
  });

  it('names fields and choices as the issue’s marketer read them', () => {
    const texts = shown.map((s) => s.text);
    for (const word of ['Link', 'Image', 'Link target on this page', 'Button style', 'Filled'])
      expect(texts).toContain(word);
    for (const word of ['Href', 'Src', 'ID', 'Variant', 'primary', 'Primary'])
      expect(texts).not.toContain(word);
  });
});
