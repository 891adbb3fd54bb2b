import { defineBlockSchema, sectionFields } from '../../schema/block.ts';

export const contactDetailsSchema = defineBlockSchema(
  'contactDetails',
  "The company's email, phone, address and social profile, taken from site.config.yaml.",
  {
    ...sectionFields({ heading: 'Get in touch', intro: 'We answer within one business day.' }),
  },
);
