import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { itemList, text } from '../../schema/primitives.ts';

export const faqSchema = defineBlockSchema(
  'faq',
  'Questions and answers as an accordion: one answer open at a time.',
  {
    ...sectionFields({
      heading: 'Frequently asked questions',
      intro: 'Still unsure? Ask us anything.',
    }),
    items: itemList('The questions.', {
      question: text('The question.', 'How long does setup take?'),
      answer: text('The answer, plain text.', 'Most hotels go live within a week.'),
    }),
  },
);
