import { defineBlockSchema } from '../../schema/block.ts';
import { itemList, optionalText, text, textList } from '../../schema/primitives.ts';

export const legalTextSchema = defineBlockSchema(
  'legalText',
  'Numbered sections of legal text (terms, policies).',
  {
    updated: optionalText('Date of the last revision, as shown.', '1 January 2024'),
    sections: itemList('The sections, in order.', {
      heading: text('Section heading.', 'Governing law'),
      paragraphs: textList('Paragraphs of plain text.', [
        'These terms are governed by the laws of India.',
      ]),
    }),
  },
);
