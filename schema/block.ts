import { z } from 'zod';
import { anchor } from './primitives.ts';

/** Fields every block accepts besides its own. */
const commonFields = {
  id: anchor.optional(),
  tone: z
    .enum(['default', 'muted', 'dark'])
    .optional()
    .meta({ description: 'Background of the section: default (white), muted (soft grey) or dark.' }),
};

/**
 * Declares a block's schema: `type: <name>` plus its own fields, strict so unknown keys are errors.
 * `description` is shown in editors and in the block catalogue.
 */
export function defineBlockSchema<const Type extends string, Shape extends z.ZodRawShape>(
  type: Type,
  description: string,
  shape: Shape,
) {
  return z
    .strictObject({ type: z.literal(type), ...commonFields, ...shape })
    .meta({ title: type, description });
}

export type AnyBlockSchema = ReturnType<typeof defineBlockSchema<string, z.ZodRawShape>>;
