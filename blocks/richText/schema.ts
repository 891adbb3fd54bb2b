import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { textList } from '../../schema/primitives.ts';

export const richTextSchema = defineBlockSchema(
  'richText',
  'A heading with paragraphs and an optional bullet list (overviews, about sections).',
  {
    ...sectionFields({ eyebrow: 'Overview', heading: 'One system for the whole stay' }),
    paragraphs: textList('Paragraphs of plain text.', [
      'Reservations, folios and guest messages live in one place.',
    ]),
    bullets: textList('Optional bullet points after the paragraphs.', [
      'Real-time availability',
    ]).optional(),
  },
);
