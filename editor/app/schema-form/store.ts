import { useSyncExternalStore } from 'react';
import { readYaml } from '../../document/read-yaml.ts';
import { positionOf } from '../../document/text.ts';
import type { EditorDiagnostic, FieldPath } from '../../shared/api.ts';
import { isObject, valueAt } from '../../document/data-ops.ts';

/**
 * `next` with every part that equals the same part of `prev` replaced by `prev`'s object: after an
 * edit, only the values on the edited path are new objects, so only the fields showing them
 * re-render.
 */
export function share(prev: unknown, next: unknown): unknown {
  if (prev === next) return prev;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((item, i) => {
      const shared = share(prev[i], item);
      if (shared !== prev[i]) same = false;
      return shared;
    });
    return same ? prev : out;
  }
  if (isObject(prev) && isObject(next)) {
    const before = Object.keys(prev);
    const after = Object.keys(next);
    let same = before.length === after.length && before.every((key, i) => key === after[i]);
    const out: Record<string, unknown> = {};
    for (const key of after) {
      out[key] = share(prev[key], next[key]);
      if (out[key] !== prev[key]) same = false;
    }
    return same ? prev : out;
  }
  return Object.is(prev, next) ? prev : next;
}

export const pathKey = (path: FieldPath) => path.join('.');

/** A value for a quoted CSS attribute selector (`[data-testid="…"]`). */
export const quoted = (value: string) => value.replace(/["\\]/g, '\\$&');

const NONE: EditorDiagnostic[] = [];

/**
 * Where the first YAML syntax error of the text is (line and column from 1): the form cannot show
 * the file. What is wrong, in the author's words, comes from the validator's diagnostics like every
 * other problem.
 */
export interface SyntaxProblem {
  line: number;
  col: number;
}

/**
 * The form's data (parsed from the file's text) and the validator's diagnostics, outside React
 * state: each field subscribes to its own value, so a keystroke re-renders the field typed in, not
 * the whole form.
 */
export class FormStore {
  private text: string | null = null;
  private data: unknown = undefined;
  private syntaxError: SyntaxProblem | null = null;
  private byPath = new Map<string, EditorDiagnostic[]>();
  private all: EditorDiagnostic[] = NONE;
  private listeners = new Set<() => void>();

  setText(text: string) {
    if (text === this.text) return;
    this.text = text;
    const read = readYaml(text);
    if (!read.ok) this.syntaxError = positionOf(text, read.offset);
    else {
      this.syntaxError = null;
      this.data = share(this.data, read.data);
    }
    this.emit();
  }

  setDiagnostics(diagnostics: EditorDiagnostic[]) {
    const index = new Map<string, EditorDiagnostic[]>();
    for (const diagnostic of diagnostics) {
      const key = diagnostic.path ? pathKey(diagnostic.path) : '';
      index.set(key, [...(index.get(key) ?? []), diagnostic]);
    }
    // Unchanged lists keep their object, so their fields do not re-render.
    for (const [key, list] of index) {
      const old = this.byPath.get(key);
      if (old && JSON.stringify(old) === JSON.stringify(list)) index.set(key, old);
    }
    this.byPath = index;
    this.all = diagnostics.length ? diagnostics : NONE;
    this.emit();
  }

  getData = () => this.data;
  getSyntaxError = () => this.syntaxError;
  getDiagnostics = () => this.all;
  diagnosticsAt = (path: FieldPath) => this.byPath.get(pathKey(path)) ?? NONE;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export function useStoreValue(store: FormStore, path: FieldPath): unknown {
  const key = pathKey(path);
  return useSyncExternalStore(store.subscribe, () =>
    valueAt(store.getData(), key === '' ? [] : path),
  );
}

export function useStoreDiagnostics(store: FormStore, path: FieldPath): EditorDiagnostic[] {
  return useSyncExternalStore(store.subscribe, () => store.diagnosticsAt(path));
}

export function useAllDiagnostics(store: FormStore): EditorDiagnostic[] {
  return useSyncExternalStore(store.subscribe, store.getDiagnostics);
}

export function useSyntaxError(store: FormStore): SyntaxProblem | null {
  return useSyncExternalStore(store.subscribe, store.getSyntaxError);
}

/** How many problems sit at or under `path` (a block's badge). */
export function problemsUnder(
  diagnostics: EditorDiagnostic[],
  path: FieldPath,
): { errors: number; warnings: number } {
  const prefix = pathKey(path);
  const under = diagnostics.filter(
    (d) => d.path && (pathKey(d.path) === prefix || pathKey(d.path).startsWith(`${prefix}.`)),
  );
  return {
    errors: under.filter((d) => d.severity === 'error').length,
    warnings: under.filter((d) => d.severity === 'warning').length,
  };
}
