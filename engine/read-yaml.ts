import type { z } from 'zod';
import type { Collector } from './collector.ts';
import { authorErrors, type Root } from './errors.ts';
import { checkPageText, readPageFile } from './read-page-file.ts';
import { YamlSource, type YamlPath } from './yaml-source.ts';
import { translateIssues } from './zod-issues.ts';

/**
 * The one way the validator reads an author's YAML file (a page, site.config.yaml, a block's
 * example.yaml) and checks it against a schema, reporting into a Collector with positions.
 */

/**
 * Reads `file` (or `text`, the page editor's unsaved text) as YAML. Undefined when it cannot be
 * read, is not valid YAML, or holds what the validator refuses (tags, exploding aliases); the
 * collector then says why.
 */
export function readYaml(
  root: string,
  file: string,
  collector: Collector,
  text?: string,
): YamlSource | undefined {
  const read = text === undefined ? readPageFile(root, file) : checkPageText(text);
  if ('error' in read) {
    collector.addToFile(file, read.error, 'error', { line: read.line, col: read.col });
    return undefined;
  }
  const source = new YamlSource(file, read.text);
  if (source.hasSyntaxErrors) {
    // After the first syntax error the parser is lost and what follows is mostly noise: report that
    // one, plus every duplicate key (those never confuse the parser).
    source.syntaxErrors
      .filter((error, index) => index === 0 || error.code === 'DUPLICATE_KEY')
      .forEach((error) => {
        const author =
          error.code === 'DUPLICATE_KEY' && error.key
            ? authorErrors.duplicateKey(error.key)
            : authorErrors.yamlSyntax(error.code, error.message);
        collector.add(source, author, { line: error.line, col: error.col });
      });
    return undefined;
  }
  if (source.refusals.length) {
    for (const refusal of source.refusals)
      collector.add(source, refusal.error, source.position(refusal.offset));
    return undefined;
  }
  return source;
}

/** readYaml for a file that must be a set of fields (a page, site.config.yaml). */
export function readYamlMapping(
  root: string,
  file: string,
  collector: Collector,
  text?: string,
): YamlSource | undefined {
  const source = readYaml(root, file, collector, text);
  if (!source) return undefined;
  const data = source.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    collector.add(
      source,
      authorErrors.notAMapping(
        data === null || data === undefined ? 'empty' : Array.isArray(data) ? 'list' : 'text',
      ),
      { line: 1, col: 1 },
    );
    return undefined;
  }
  return source;
}

/**
 * `value` (found at `prefix` in the file) checked against `schema`: the parsed value, or undefined
 * and diagnostics.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  source: YamlSource,
  value: unknown,
  prefix: YamlPath,
  collector: Collector,
  root: Root = 'page',
): z.infer<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  collector.addLocated(
    source,
    translateIssues(result.error.issues, schema, source.data, prefix, root),
  );
  return undefined;
}
