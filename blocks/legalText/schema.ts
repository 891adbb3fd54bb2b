import { defineBlockSchema } from '../../schema/block.ts';
import { itemList, optionalText, text, textList } from '../../schema/primitives.ts';

export const legalTextSchema = defineBlockSchema(
  'legalText',
  'Numbered sections of legal text (terms, policies).',
  {
    updated: optionalText(
      'Date of the last revision. Written as 2024-01-31, each language shows it in its own way (31 January 2024, 31. Januar 2024); any other text is shown as written.',
      '1 January 2024',
    ),
    sections: itemList('The sections, in order.', {
      heading: text('Section heading.', 'Governing law'),
      paragraphs: textList('Paragraphs of plain text.', [
        'These terms are governed by the laws of India.',
      ]),
    }),
  },
);
