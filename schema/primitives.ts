import { z } from 'zod';
import { translatable } from './translatable.ts';
import { urlProblem, type UrlRule } from './url-policy.ts';

/**
 * Building blocks shared by every block schema. Each carries a description and an example so the
 * generated JSON Schema gives editors hover help and autocompletion.
 */

/** A text an author writes, in the page's language: translatable (schema/translatable.ts). */
export const text = (description: string, example: string) =>
  translatable(
    z
      .string()
      .trim()
      .min(1)
      .meta({ description, examples: [example] }),
  );

export const optionalText = (description: string, example: string) =>
  text(description, example).optional();

export const textList = (description: string, example: string[]) =>
  z
    .array(translatable(z.string().trim().min(1)))
    .min(1)
    .meta({ description, examples: [example] });

/**
 * A list of at least one group of fields (cards, rows, questions); "The feature cards." also names
 * them in messages.
 */
export const itemList = <Shape extends z.ZodRawShape>(description: string, fields: Shape) =>
  z.array(z.strictObject(fields)).min(1).meta({ description });

/**
 * Anchor ids: lowercase words joined by dashes, e.g. `book-a-demo` (linked to as `/#book-a-demo`).
 */
export const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter')
  .meta({
    description: 'Anchor for links to this block: `/page#this-id`.',
    examples: ['features'],
  });

/**
 * Every link field is called `href`, so the validator can find and check every internal link.
 * Internal links start with `/` (a page, optionally `#anchor`) or `#` (an anchor on the same page).
 */
export const href = checkedUrl('link').meta({
  description:
    'Where the link goes: `/route`, `/route#anchor`, `#anchor`, `https://…`, `mailto:` or `tel:`.',
  examples: ['/book-demo'],
  // For the editor's JSON Schema only (refinements do not reach it); the validator applies
  // `urlProblem`.
  pattern: '^(?:/(?![/\\\\])|#|https?://|mailto:|tel:)[^\\s\\\\]*$',
  patternErrorMessage: 'Write a link starting with /, #, https://, mailto: or tel:.',
});

/**
 * An address the site embeds or is served from (baseUrl, the scheduler's booking page): https://
 * only.
 */
export const httpsUrl = (description: string, example: string) =>
  checkedUrl('https').meta({
    description,
    examples: [example],
    pattern: '^https://[^\\s\\\\]+$',
    patternErrorMessage: 'Write a full address starting with https://.',
  });

/**
 * A URL field checked by `urlProblem` (schema/url-policy.ts, shared with the browser's enhancement
 * scripts). The issue carries the problem and the rule; engine/zod-issues.ts turns it into the
 * catalogue's message.
 */
function checkedUrl(rule: UrlRule) {
  return z.string().superRefine((value, ctx) => {
    const problem = urlProblem(value, rule);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: `unsafe or invalid address (${problem})`,
        params: { urlProblem: problem, urlRule: rule },
      });
  });
}

/**
 * Image paths point into `public/`; `alt` is required so every image is described for screen
 * readers.
 */
export const image = z
  .strictObject({
    src: z
      .string()
      .regex(/^\/[^\s]*\.(svg|png|jpe?g|webp|avif)$/, 'a path into public/, like /logos/acme.svg')
      .meta({
        description: 'Path of a file in `public/`.',
        examples: ['/logos/harbor-hotels.svg'],
      }),
    alt: text('What the image shows, read aloud by screen readers.', 'Harbor Hotels logo'),
  })
  .meta({ description: 'An image: a file in public/ (src) and what it shows (alt).' });

export const iconNames = [
  'bed',
  'bell',
  'building',
  'calendar',
  'car',
  'card',
  'chart',
  'chat',
  'check',
  'checklist',
  'clock',
  'cog',
  'globe',
  'heart',
  'home',
  'key',
  'language',
  'layers',
  'link',
  'lock',
  'mail',
  'phone',
  'qr',
  'receipt',
  'rocket',
  'shield',
  'sparkles',
  'spa',
  'star',
  'tag',
  'trend',
  'users',
  'utensils',
  'wallet',
  'workflow',
  'box',
] as const;

export const icon = z
  .enum(iconNames)
  .meta({ description: 'Name of a built-in icon.', examples: ['calendar'] });

export const action = z
  .strictObject({
    label: text('Button text.', 'Book a Demo'),
    href,
    variant: z
      .enum(['primary', 'secondary'])
      .optional()
      .meta({ description: 'primary = filled, secondary = outlined.' }),
  })
  .meta({
    description: 'A button: its text (label), where it goes (href) and its style (variant).',
  });

export type IconName = z.infer<typeof icon>;
