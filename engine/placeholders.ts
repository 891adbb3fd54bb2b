import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isScalar } from 'yaml';
import type { Diagnostic } from './diagnostic.ts';
import { diagnosticWords, placeholderErrors } from './errors.ts';
import { listPageFiles } from './load-site.ts';
import { YamlSource, type YamlPath } from './yaml-source.ts';

/**
 * Placeholders: values the company must fill in or confirm before the site goes live (AUTHORING.md,
 * "Placeholders"). They are recognised by their form alone, so authors see them in the YAML and on
 * the preview, and no marker has to be remembered or removed separately:
 * - text to confirm:     `[to confirm: 15 days]`, anywhere in a text;
 * - an example address:  an email or web address on a domain reserved for examples, which reaches no one
 *                        (example.com, example.org, example.net and their subdomains; names ending in .example,
 *                        .test or .invalid);
 * - a dummy phone number: a country code followed by zeros only (`+91 00000 00000`).
 * `npm run validate -- --production` (the deploy workflow) reports each one as an error at its file:line:col.
 */
type PlaceholderKind = 'to-confirm' | 'example-email' | 'example-url' | 'dummy-phone';

export interface PlaceholderMatch {
  kind: PlaceholderKind;
  /** The placeholder as written, e.g. `hello@example.com` or `[to confirm: 15 days]`. */
  text: string;
  /** Where it starts in the value. */
  index: number;
}

/**
 * A host name under a domain reserved for examples (RFC 2606), not followed by more of a name
 * (example.community).
 */
const RESERVED_HOST = String.raw`(?:[a-z0-9-]+\.)*(?:example\.(?:com|org|net)|[a-z0-9-]+\.(?:example|test|invalid))(?![\w-]|\.\w)`;
const PATTERNS: Array<[PlaceholderKind, RegExp]> = [
  ['to-confirm', /\[\s*to\s+confirm\b[^\]]*\]?/gi],
  ['example-email', new RegExp(String.raw`[\w.+-]+@${RESERVED_HOST}`, 'gi')],
  ['example-url', new RegExp(String.raw`\bhttps?://${RESERVED_HOST}[^\s"'<>)]*`, 'gi')],
  // A country code, then nothing but zeros (at least six), spaces and dashes.
  ['dummy-phone', /\+\d{1,3}(?:[\s-]*0){6,}(?![\s-]*\d)/g],
];
/** One cheap test per file before any parsing: almost every file has no placeholder at all. */
const ANY = new RegExp(PATTERNS.map(([, pattern]) => pattern.source).join('|'), 'i');

/** Every placeholder in one text value, in order. */
export function findPlaceholdersIn(value: string): PlaceholderMatch[] {
  if (!ANY.test(value)) return [];
  const found: PlaceholderMatch[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const match of value.matchAll(pattern)) {
      // An example email's domain is not reported a second time as a web address.
      if (
        !found.some(
          (other) => match.index >= other.index && match.index < other.index + other.text.length,
        )
      )
        found.push({ kind, text: match[0], index: match.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

function* strings(data: unknown, at: Array<string | number> = []): Generator<[YamlPath, string]> {
  if (typeof data === 'string') yield [[...at], data];
  else if (Array.isArray(data))
    for (let index = 0; index < data.length; index++) yield* strings(data[index], [...at, index]);
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) yield* strings(value, [...at, key]);
}

/**
 * Where a placeholder is written: inside the value's source text when it can be found there (any
 * quoting or folding that keeps it on one line), otherwise where the value starts.
 */
function positionOf(
  source: YamlSource,
  at: YamlPath,
  match: PlaceholderMatch,
): { line: number; col: number } {
  const node = source.doc.getIn(at as Array<string | number>, true);
  if (isScalar(node) && node.range) {
    const raw = source.text.slice(node.range[0], node.range[1]);
    // Folding may have joined lines: any run of spaces and line breaks in the source stands for one
    // space.
    const words = match.text
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const found = new RegExp(words.join(String.raw`\s+`), 'i').exec(raw);
    return source.position(node.range[0] + (found?.index ?? 0));
  }
  return source.positionOf(at);
}

/**
 * The placeholders of one file, as errors of the production check; none in a draft page when
 * `skipDrafts`.
 */
export function placeholderDiagnostics(
  file: string,
  text: string,
  { skipDrafts = false } = {},
): Diagnostic[] {
  if (!ANY.test(text)) return [];
  const source = new YamlSource(file, text);
  if (skipDrafts && (source.data as { draft?: unknown } | null)?.draft === true) return [];
  const diagnostics: Diagnostic[] = [];
  for (const [at, value] of strings(source.data)) {
    for (const match of findPlaceholdersIn(value)) {
      const error = placeholderErrors.placeholder(match.kind, match.text);
      diagnostics.push({
        file,
        ...positionOf(source, at, match),
        severity: 'error',
        ...diagnosticWords(error),
        path: [...at],
      });
    }
  }
  return diagnostics;
}

/**
 * The production check: every placeholder left in site.config.yaml and in the published pages
 * (drafts are not published, so theirs wait until they are). Files that cannot be read are skipped:
 * the validator reports them.
 */
export function findPlaceholders(root: string): Diagnostic[] {
  const files = ['site.config.yaml', ...listPageFiles(root)];
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      return [];
    }
    return placeholderDiagnostics(file, text, { skipDrafts: true });
  });
}
