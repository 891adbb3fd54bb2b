import type { Diagnostic } from './diagnostic.ts';
import { diagnosticWords, inputErrors, type AuthorError } from './errors.ts';
import type { YamlPath } from './yaml-source.ts';
import type { LocatedError } from './zod-issues.ts';

/**
 * Problems listed per file; the rest are counted in one line, so 20,000 broken blocks give a short,
 * fast report.
 */
export const MAX_PROBLEMS_PER_FILE = 100;

type Position = { line: number; col: number };

/**
 * What a problem is reported against: a file that can say where a YAML path is (a YamlSource, or
 * one read lazily).
 */
export interface Locator {
  readonly file: string;
  /** The file's parsed data (a lazy locator reads the file again on first use). */
  readonly data: unknown;
  positionOf(path: YamlPath): Position;
  keyPosition(path: YamlPath, key: string): Position;
}

/**
 * One file's problems as a Collector holds them, so that a validation cache can keep them and give
 * them back.
 */
export interface FileProblems {
  shown: Diagnostic[];
  overflow?: { hidden: number; errors: number; at: Position };
}

/**
 * Where the checks after phase 1 report a problem (a Collector, or one made only once there is a
 * problem).
 */
export type Reporter = Pick<Collector, 'add'>;

/** Gathers the diagnostics of a validation run, at most MAX_PROBLEMS_PER_FILE per file. */
export class Collector {
  private readonly shown: Diagnostic[] = [];
  private readonly perFile = new Map<string, number>();
  private readonly overflow = new Map<string, { hidden: number; errors: number; at: Position }>();
  /**
   * The problems found, at most MAX_PROBLEMS_PER_FILE per file, plus one line per file counting
   * those left out.
   */
  get diagnostics(): Diagnostic[] {
    const counted = [...this.overflow].map(([file, { hidden, errors, at }]): Diagnostic => {
      const error = inputErrors.moreProblems(hidden, MAX_PROBLEMS_PER_FILE);
      return {
        file,
        ...at,
        severity: errors ? 'error' : 'warning',
        ...diagnosticWords(error),
      };
    });
    return counted.length ? [...this.shown, ...counted] : this.shown;
  }
  add(
    source: { readonly file: string },
    error: AuthorError,
    at: Position,
    severity: Diagnostic['severity'] = 'error',
    fieldPath?: YamlPath,
  ) {
    if (this.isFull(source.file)) return this.hide(source.file, severity, () => at);
    this.perFile.set(source.file, (this.perFile.get(source.file) ?? 0) + 1);
    this.shown.push({
      file: source.file,
      ...at,
      severity,
      ...diagnosticWords(error),
      ...(fieldPath ? { path: [...fieldPath] } : {}),
    });
  }
  /**
   * A problem with a file as a whole (a link out of the project, a file the loader skips), at its
   * line 1.
   */
  addToFile(
    file: string,
    error: AuthorError,
    severity: Diagnostic['severity'] = 'error',
    at: Position = { line: 1, col: 1 },
  ) {
    if (this.isFull(file)) return this.hide(file, severity, () => at);
    this.perFile.set(file, (this.perFile.get(file) ?? 0) + 1);
    this.shown.push({
      file,
      ...at,
      severity,
      ...diagnosticWords(error),
    });
  }
  /**
   * Translated zod issues, each at the position of its path (or of its key, for unknown fields).
   */
  addLocated(source: Locator, errors: LocatedError[]) {
    for (const error of errors) {
      const at = () =>
        error.key !== undefined
          ? source.keyPosition(error.path, error.key)
          : source.positionOf(error.path);
      if (this.isFull(source.file)) this.hide(source.file, 'error', at);
      else
        this.add(
          source,
          error,
          at(),
          'error',
          error.key !== undefined ? [...error.path, error.key] : error.path,
        );
    }
  }
  /** The problems of `file` (the only file this collector was given, for a validation cache). */
  problemsOf(file: string): FileProblems {
    const overflow = this.overflow.get(file);
    return {
      shown: this.shown.filter((d) => d.file === file),
      ...(overflow ? { overflow: { ...overflow } } : {}),
    };
  }
  /** Takes one file's problems found earlier (problemsOf), as if they had been added now. */
  absorb(file: string, problems: FileProblems) {
    if (!problems.shown.length && !problems.overflow) return;
    this.shown.push(...problems.shown);
    this.perFile.set(file, (this.perFile.get(file) ?? 0) + problems.shown.length);
    if (problems.overflow) this.overflow.set(file, { ...problems.overflow });
  }
  private isFull(file: string): boolean {
    return (this.perFile.get(file) ?? 0) >= MAX_PROBLEMS_PER_FILE;
  }
  /**
   * Counts a problem left out; only the first one's position is looked up (positions are the costly
   * part).
   */
  private hide(file: string, severity: Diagnostic['severity'], at: () => Position) {
    const entry = this.overflow.get(file) ?? { hidden: 0, errors: 0, at: at() };
    entry.hidden++;
    if (severity === 'error') entry.errors++;
    this.overflow.set(file, entry);
  }
}
