import { defineBlockSchema } from '../../schema/block.ts';
import { optionalText, text } from '../../schema/primitives.ts';

export const contactDetailsSchema = defineBlockSchema('contactDetails', "The company's email, phone, address and social profile, taken from site.config.yaml.", {
  heading: text('Section heading.', 'Get in touch'),
  intro: optionalText('Sentence under the heading.', 'We answer within one business day.'),
});
