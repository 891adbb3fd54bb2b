import { parseDocument, visit, type Document } from 'yaml';

/**
 * A YAML text's document and data, or the offset where they cannot be read: the first syntax error,
 * or an alias (`title: *note`) of no anchor or beyond yaml's alias limit, which yaml reports only
 * when it builds the data, by throwing. Every reader of an author's text in the editor goes through
 * this: a text typed by hand may hold either, and it must give a message, not stop the editor.
 */
export function readYaml(
  text: string,
  options: { keepSourceTokens?: boolean } = {},
): { ok: true; doc: Document; data: unknown } | { ok: false; doc: Document; offset: number } {
  const doc = parseDocument(text, options);
  if (doc.errors.length) return { ok: false, doc, offset: doc.errors[0]!.pos[0] };
  try {
    return { ok: true, doc, data: doc.toJS() };
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    return { ok: false, doc, offset: aliasOffset(doc) };
  }
}

/** The data of a YAML text, or undefined when it cannot be read (`readYaml`). */
export const yamlData = (text: string): unknown => {
  const read = readYaml(text);
  return read.ok ? read.data : undefined;
};

/** Where the first alias of no anchor is, else the first alias (one too many). */
function aliasOffset(doc: Document): number {
  let first: number | undefined;
  let unresolved: number | undefined;
  visit(doc, {
    Alias(_, alias) {
      const at = alias.range?.[0] ?? 0;
      first ??= at;
      if (alias.resolve(doc) === undefined) {
        unresolved = at;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return unresolved ?? first ?? 0;
}
