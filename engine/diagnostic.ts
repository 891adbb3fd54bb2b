/** One problem found in an author's file, at a precise position. Lines and columns start at 1. */
export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  severity: 'error' | 'warning';
  /** Stable identifier from the error catalogue, e.g. `unknown-block-type`. */
  code: string;
  message: string;
  hint?: string;
  /**
   * The page editor's words for it, when they differ from the file's (engine/errors.ts,
   * `wordingFor`).
   */
  form?: { message?: string; hint: string };
  /**
   * The YAML path of the field the problem is about, when the validator knows it (the page editor
   * shows it there).
   */
  path?: Array<string | number>;
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
}

export const countErrors = (list: Diagnostic[]) =>
  list.filter((d) => d.severity === 'error').length;
