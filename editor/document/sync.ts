import type { SyncEdit } from '../../engine/translation-sync.ts';
import { translationSyncEdits } from '../../engine/translation-sync.ts';
import { readYaml } from './read-yaml.ts';
import { deleteKey, insertItem, moveItem, removeItem, setValue } from './edit.ts';

/**
 * A translation's YAML with `edits` (engine/translation-sync.ts) applied through the same edits as
 * the page editor's form: lines that do not change keep their bytes, comments and style.
 */
export function applySyncEdits(text: string, edits: readonly SyncEdit[]): string {
  let out = text;
  for (const edit of edits) {
    switch (edit.op) {
      case 'set':
        out = setValue(out, edit.path, edit.value, edit.keyOrder);
        break;
      case 'delete':
        out = deleteKey(out, edit.path);
        break;
      case 'insert':
        out = insertItem(out, edit.path, edit.index, edit.value);
        break;
      case 'remove':
        out = removeItem(out, edit.path, edit.index);
        break;
      case 'move':
        out = moveItem(out, edit.path, edit.from, edit.to);
        break;
    }
  }
  return out;
}

/**
 * A translation's text brought in line with its source's text (engine/translation-sync.ts), or the
 * text as it is when it already matches or either file cannot be read as YAML.
 */
export function syncTranslationText(translationText: string, sourceText: string): string {
  const translation = readYaml(translationText);
  const source = readYaml(sourceText);
  if (!translation.ok || !source.ok) return translationText;
  return applySyncEdits(translationText, translationSyncEdits(translation.data, source.data));
}
