import { reviewedEntries } from '../../../engine/translation-record.ts';
import type { EditOp } from '../schema-form/context.tsx';

/**
 * Marking fields of a translation reviewed, as edits of its file: the same rule as `npm run new-page
 * -- --reviewed` (engine/translation-record.ts), applied through the editor's own edits so that only
 * the `translatedFrom` lines change.
 */
export const reviewedEdits = (sourceData: unknown, keys: readonly string[]): EditOp[] =>
  reviewedEntries(sourceData, keys).map(([key, text]) => ({
    op: 'set',
    path: ['translatedFrom', key],
    value: text,
  }));

/** A field's key in `translatedFrom`: `['blocks', 0, 'title']` → `blocks.0.title`. */
export const recordKey = (path: ReadonlyArray<string | number>) => path.join('.');
