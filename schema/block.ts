import { z } from 'zod';
import { anchor, optionalText, text } from './primitives.ts';

const tone = z.enum(['default', 'muted', 'dark']);

/** A section's background. */
export type Tone = z.infer<typeof tone>;

/** Fields every block accepts besides its own. */
const commonFields = {
  id: anchor.optional(),
  tone: tone.optional().meta({
    description: 'Background of the section: default (white), muted (soft grey) or dark.',
  }),
};

/**
 * The header of a section, the same in every block that has one; each field is present when given
 * an example.
 */
interface SectionExamples {
  eyebrow?: string;
  heading?: string;
  intro?: string;
}

type SectionShape<E extends SectionExamples> = {
  [K in keyof E]: K extends 'heading' ? ReturnType<typeof text> : ReturnType<typeof optionalText>;
};

/**
 * A block's eyebrow, heading and intro (the ones it has an example for), in that order: what
 * `Section` (ui/Section.tsx) shows above the block's content. The heading is required, the others
 * optional.
 */
export function sectionFields<const E extends SectionExamples>(examples: E): SectionShape<E> {
  const fields: Record<string, z.ZodType> = {};
  if (examples.eyebrow !== undefined)
    fields.eyebrow = optionalText('Small label above the heading.', examples.eyebrow);
  if (examples.heading !== undefined) fields.heading = text('Section heading.', examples.heading);
  if (examples.intro !== undefined)
    fields.intro = optionalText('Sentence under the heading.', examples.intro);
  return fields as SectionShape<E>;
}

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

/**
 * Zod's `when` for a rule across a block's fields (a `superRefine` in its schema.ts): it runs once
 * every field is valid on its own, so it reads typed data and its problem never adds to one the
 * author must fix first. The rule reports `ruleIssue(rule, path, data)` at the field to point at
 * (schema/block-rule.ts): the block's own words for it travel with the issue, so a new rule needs
 * no edit outside the block's folder.
 */
export const whenFieldsAreValid = {
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
};
