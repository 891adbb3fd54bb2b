import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { slotImage } from '../../schema/image-slots.ts';
import { itemList, text } from '../../schema/primitives.ts';

export const caseStudiesSchema = defineBlockSchema(
  'caseStudies',
  'Case study cards: a title, the headline result and a short summary.',
  {
    ...sectionFields({ heading: 'Case studies', intro: 'Results from properties like yours.' }),
    items: itemList('The case studies.', {
      title: text('Who and what.', 'City hotel automates upsells'),
      result: text('The headline result.', '+28% upsell revenue'),
      summary: text(
        'Two or three sentences.',
        'Pre-arrival offers on WhatsApp lifted add-on sales.',
      ),
      logo: slotImage(
        'logo',
        "The customer's logo above the result (SVG, or a picture at least 160 px wide).",
        'Harbor Hotels logo',
      ).optional(),
    }),
  },
);
