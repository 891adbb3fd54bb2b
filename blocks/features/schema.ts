import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { href, icon, optionalText, text, textList } from '../../schema/primitives.ts';

export const featuresSchema = defineBlockSchema('features', 'Feature cards with an icon, a description, bullet points and an optional link.', {
  eyebrow: optionalText('Small label above the heading.', 'Features'),
  heading: text('Section heading.', 'Everything you need to run your property'),
  intro: optionalText('Sentence under the heading.', 'Six modules, one login.'),
  items: z
    .array(
      z.strictObject({
        icon,
        title: text('Card title.', 'PMS & Channel Manager'),
        description: text('One sentence.', 'Smart reservations with dynamic pricing.'),
        bullets: textList('Up to three short bullet points.', ['Real-time availability']).max(3).optional(),
        href: href.optional(),
      }),
    )
    .min(1)
    .meta({ description: 'The feature cards.' }),
});
