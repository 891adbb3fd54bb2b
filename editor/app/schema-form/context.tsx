import { createContext, useContext } from 'react';
import type { FieldPath, SiteResponse, UploadedImage } from '../../shared/api.ts';
import { pathKey, useStoreDiagnostics, useStoreValue, type FormStore } from './store.ts';

/**
 * One change to the document, applied by editor/document's operations to the file's text (never by
 * hand).
 */
export type EditOp =
  | {
      op: 'set';
      path: FieldPath;
      value: unknown;
      keyOrder?: readonly string[];
      /** typing in one field coalesces */ group?: string;
    }
  | { op: 'delete'; path: FieldPath }
  | { op: 'insert'; path: FieldPath; index: number; value: unknown }
  | { op: 'remove'; path: FieldPath; index: number }
  | { op: 'move'; path: FieldPath; from: number; to: number }
  | { op: 'duplicate'; path: FieldPath; index: number };

export interface FormContextValue {
  store: FormStore;
  /** Stable across renders. */
  edit: (op: EditOp) => void;
  site?: SiteResponse;
  /** Adds an image from the author's computer (absent: image fields offer only public/'s files). */
  uploadImage?: (file: File, formats: readonly string[]) => Promise<UploadedImage>;
  /** The language of the page's words: its fields are written in its direction (Arabic: rtl). */
  language?: { lang: string; dir: 'ltr' | 'rtl' };
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('Form fields need a <FormContext.Provider>.');
  return value;
}

/** The value at `path`; the component re-renders only when that value changes. */
export const useValue = (path: FieldPath) => useStoreValue(useForm().store, path);

/** The validator's messages about the field at `path`. */
export const useDiagnostics = (path: FieldPath) => useStoreDiagnostics(useForm().store, path);

export { pathKey };
export { problemsUnder } from './store.ts';

/** A DOM id for a field path. */
export const fieldId = (path: FieldPath) =>
  `field-${pathKey(path).replace(/[^a-zA-Z0-9_.-]/g, '_')}`;

/**
 * Props of memoised field components are equal when they name the same field of the same schema.
 */
export function sameField<P extends { path: FieldPath; keyOrder?: readonly string[] }>(
  a: P,
  b: P,
): boolean {
  for (const key of Object.keys(a) as Array<keyof P>) {
    if (key === 'path') {
      if (pathKey(a.path) !== pathKey(b.path)) return false;
    } else if (key === 'keyOrder') {
      if ((a.keyOrder ?? []).join() !== (b.keyOrder ?? []).join()) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}
