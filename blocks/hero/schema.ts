import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { slotImage } from '../../schema/image-slots.ts';
import { action, optionalText, text, textList } from '../../schema/primitives.ts';

const heroStat = z.strictObject({
  value: z
    .number()
    .int()
    .min(0)
    .meta({
      description: 'Target figure, a whole number; it counts up from 0 when the page loads.',
      examples: [35],
    }),
  prefix: optionalText('Shown before the figure.', '+'),
  suffix: optionalText('Shown after the figure.', '%'),
  label: text('What the figure measures.', 'Revenue Uplift'),
});

export const heroSchema = defineBlockSchema(
  'hero',
  'The top of a page: badge, headline, subtitle, buttons, an optional image and optional animated stats.',
  {
    badge: optionalText('Small label above the headline.', 'Your All-in-One Hotel OS'),
    title: text(
      'The page headline (the only h1 of the page).',
      'The AI-Powered PMS That Talks to Your Guests',
    ),
    subtitle: optionalText(
      'One or two sentences under the headline.',
      'Built for fast-growing independent hotels.',
    ),
    chips: textList('Short highlight chips under the subtitle.', [
      'Bookings',
      'AI Upsells',
      'Guest Chat',
    ]).optional(),
    actions: z.array(action).min(1).max(3).optional().meta({ description: 'Up to three buttons.' }),
    notes: textList('Reassurance lines under the buttons.', ['No credit card required']).optional(),
    stats: z
      .array(heroStat)
      .min(1)
      .max(4)
      .optional()
      .meta({ description: 'Up to four animated figures.' }),
    media: slotImage(
      'heroBelow',
      '',
      "The Staylix dashboard: today's arrivals, occupancy and guest messages",
    )
      .extend({
        position: z.enum(['below', 'beside']).optional().meta({
          description:
            'below (the default): under the headline, full width; beside: to the right of the headline on wide screens.',
        }),
      })
      .meta({
        description:
          'A product screenshot or photo: under the headline (position: below, the default; at least 1040 px wide) or beside it (position: beside; at least 640 px wide). On a resource page, its cover.',
      })
      .optional(),
  },
);
