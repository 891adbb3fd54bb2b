import { z } from 'zod';
import { href, image, text } from './primitives.ts';

const link = z.strictObject({
  label: text('Link text.', 'Pricing'),
  href,
  description: text('A short line under the link in menus.', 'Reservations, rates and folios').optional(),
});

const menuColumn = z.strictObject({
  heading: text('Column heading.', 'Hubs'),
  links: z.array(link).min(1),
});

const navItem = z.union([
  z.strictObject({ label: text('Link text.', 'Platform'), href }),
  z.strictObject({ label: text('Menu name.', 'Solutions'), columns: z.array(menuColumn).min(1) }),
]);

export const siteConfigSchema = z
  .strictObject({
    name: text('Site and company name.', 'Staylix'),
    legalName: text('Operating company, used in legal texts and the copyright line.', 'Staylix Technologies Pvt. Ltd.'),
    baseUrl: z.url().meta({ description: 'Public URL of the site, without a trailing slash.', examples: ['https://www.example.com'] }),
    tagline: text('One line about the company, shown in the footer.', 'The all-in-one hotel OS.'),
    logo: image,
    contact: z.strictObject({
      email: z.email().meta({ description: 'Contact email.', examples: ['hello@example.com'] }),
      phone: text('Phone number as dialled, with country code.', '+91 80 4567 8910'),
      address: text('Postal address on one line.', '12 MG Road, Bengaluru 560001, India'),
      social: z.strictObject({ label: text('Name of the network.', 'LinkedIn'), href }),
    }),
    navigation: z.strictObject({
      items: z.array(navItem).min(1).meta({ description: 'Header links and menus, left to right.' }),
      actions: z.array(z.strictObject({ label: text('Button text.', 'Book a Demo'), href, variant: z.enum(['primary', 'secondary']) })).max(2),
    }),
    footer: z.strictObject({
      columns: z.array(z.strictObject({ heading: text('Column heading.', 'Explore'), links: z.array(link).min(1) })).min(1),
      copyright: text('Copyright line.', '© 2024 Staylix Technologies Pvt. Ltd. All rights reserved.'),
    }),
    scheduler: z.strictObject({
      url: z.url().meta({ description: 'Booking page of the scheduling provider, embedded inline.', examples: ['https://calendly.com/acme/demo'] }),
      minWidth: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
    seo: z.strictObject({
      defaultSocialImage: z.string().regex(/^\/[^\s]*\.(png|jpe?g|webp)$/),
      twitterHandle: text('Twitter/X handle for cards.', '@staylix').optional(),
      locale: text('Open Graph locale.', 'en_IN'),
    }),
  })
  .meta({ title: 'Site configuration', description: 'site.config.yaml: name, contact, navigation, footer, scheduling widget, SEO defaults.' });

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type NavItem = z.infer<typeof navItem>;
