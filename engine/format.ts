import type { Diagnostic } from './diagnostic.ts';

export type OutputFormat = 'pretty' | 'github' | 'json';

const useColor = () => Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

/**
 * `pages/x.yaml:12:5 error message` then an indented hint line; coloured on a terminal unless
 * NO_COLOR is set.
 */
export function formatPretty(list: Diagnostic[], options: { color?: boolean } = {}): string {
  const color = options.color ?? useColor();
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  return list
    .map((d) => {
      const head = `${d.file}:${d.line}:${d.col}  ${d.severity === 'error' ? paint(31, 'error') : paint(33, 'warning')}  ${d.message}`;
      return d.hint ? `${head}\n    ${paint(36, 'hint:')} ${d.hint}` : head;
    })
    .join('\n');
}

const escapeData = (text: string) =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub Actions workflow commands, shown as annotations on the pull request. */
export function formatGithub(list: Diagnostic[]): string {
  return list
    .map(
      (d) =>
        `::${d.severity} file=${escapeProperty(d.file)},line=${d.line},col=${d.col},title=${escapeProperty(d.code)}::${escapeData(d.hint ? `${d.message} ${d.hint}` : d.message)}`,
    )
    .join('\n');
}

function formatJson(list: Diagnostic[]): string {
  return JSON.stringify(
    {
      errors: list.filter((d) => d.severity === 'error').length,
      warnings: list.filter((d) => d.severity === 'warning').length,
      // The file's words only: the form's (for the page editor) are no concern of a terminal or CI.
      diagnostics: list.map(({ form: _form, ...d }) => d),
    },
    null,
    2,
  );
}

export function formatDiagnostics(list: Diagnostic[], format: OutputFormat): string {
  return format === 'github'
    ? formatGithub(list)
    : format === 'json'
      ? formatJson(list)
      : formatPretty(list);
}
