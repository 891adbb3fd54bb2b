import {
  deleteKey,
  duplicateItem,
  insertItem,
  moveItem,
  removeItem,
  setValue,
} from '../../document/index.ts';
import { yamlData } from '../../document/read-yaml.ts';
import type { FieldPath } from '../../shared/api.ts';
import type { EditOp } from '../schema-form/context.tsx';
import { valueAt } from '../../document/data-ops.ts';

function sameKeyOrder(a: string, b: string, objectPath: FieldPath): boolean {
  const keys = (text: string) =>
    Object.keys((valueAt(yamlData(text), objectPath) as object | null) ?? {}).join();
  return keys(a) === keys(b);
}

/**
 * Applies one form edit to the file's text through editor/document (the only place that writes
 * YAML). `before` is the value the edited field has in `text`.
 */
export function applyEdit(text: string, edit: EditOp, before?: unknown): string {
  switch (edit.op) {
    case 'set': {
      // An empty string can only be written quoted (`question: ""`); its quotes are not a style the
      // author chose, so a first value for it is written as a new key would be (plain when it reads
      // back the same).
      const last = edit.path[edit.path.length - 1];
      if (
        before === '' &&
        typeof last === 'string' &&
        typeof edit.value === 'string' &&
        edit.value !== ''
      ) {
        const fresh = setValue(deleteKey(text, edit.path), edit.path, edit.value, edit.keyOrder);
        // Only when the key lands where it was (it may not, e.g. the first key of a list item).
        if (sameKeyOrder(text, fresh, edit.path.slice(0, -1))) return fresh;
      }
      return setValue(text, edit.path, edit.value, edit.keyOrder);
    }
    case 'delete':
      return deleteKey(text, edit.path);
    case 'insert':
      return insertItem(text, edit.path, edit.index, edit.value);
    case 'remove':
      return removeItem(text, edit.path, edit.index);
    case 'move':
      return moveItem(text, edit.path, edit.from, edit.to);
    case 'duplicate':
      return duplicateItem(text, edit.path, edit.index);
  }
}
