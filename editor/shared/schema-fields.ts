import { z } from 'zod';
import { fieldWords, formHelp } from '../../schema/form-words.ts';

/**
 * Naming and unwrapping of zod schema fields, shared by the editor's server side (editor/changes/)
 * and its app (editor/app/schema-form/): both describe fields in the same words.
 */

interface FieldMeta {
  description?: string;
  title?: string;
  examples?: unknown[];
}

export interface Unwrapped {
  /** The schema under `.optional()`, `.nullable()`, `.default()` and pipes. */
  schema: z.ZodType;
  optional: boolean;
  /**
   * `.meta()` of every layer, the outermost winning (`z.array(…).optional().meta(…)` puts it on the
   * outside).
   */
  meta: FieldMeta;
}

/**
 * The one unwrap helper: strips optional / nullable / default / pipe layers and gathers their
 * metadata.
 */
export function unwrap(schema: z.ZodType): Unwrapped {
  let current: z.ZodType = schema;
  let optional = false;
  const meta: FieldMeta = {};
  for (;;) {
    const layer = z.globalRegistry.get(current) as FieldMeta | undefined;
    if (layer) {
      for (const key of ['description', 'title', 'examples'] as const)
        if (meta[key] === undefined && layer[key] !== undefined)
          (meta as Record<string, unknown>)[key] = layer[key];
    }
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault) {
      optional = true;
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else break;
  }
  // The editor shows a form: a description written for a file gets the form's words.
  if (meta.description !== undefined) meta.description = formHelp(meta.description);
  return { schema: current, optional, meta };
}

/**
 * A field's name in a form: `linkLabel` → `Link label`, `faq` → `FAQ`, and a developer's word by
 * its form name (`href` → `Link`, schema/form-words.ts).
 */
export function humanize(key: string | number): string {
  return typeof key === 'number' ? `Item ${key + 1}` : fieldWords(key);
}
