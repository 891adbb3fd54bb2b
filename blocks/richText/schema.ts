import { defineBlockSchema } from '../../schema/block.ts';
import { optionalText, text, textList } from '../../schema/primitives.ts';

export const richTextSchema = defineBlockSchema('richText', 'A heading with paragraphs and an optional bullet list (overviews, about sections).', {
  eyebrow: optionalText('Small label above the heading.', 'Overview'),
  heading: text('Section heading.', 'One system for the whole stay'),
  paragraphs: textList('Paragraphs of plain text.', ['Reservations, folios and guest messages live in one place.']),
  bullets: textList('Optional bullet points after the paragraphs.', ['Real-time availability']).optional(),
});
