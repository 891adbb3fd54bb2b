import { z } from 'zod';
import { localesSchema } from './locales.ts';
import { href, httpsUrl, image, text } from './primitives.ts';
import { teamSchema } from './team.ts';

const link = z.strictObject({
  label: text('Link text.', 'Pricing'),
  href,
  description: text(
    'A short line under the link in menus.',
    'Reservations, rates and folios',
  ).optional(),
});

const menuColumn = z.strictObject({
  heading: text('Column heading.', 'Hubs'),
  links: z.array(link).min(1).meta({ description: 'The links of this column, top to bottom.' }),
});

const navItem = z.union([
  z.strictObject({ label: text('Link text.', 'Platform'), href }).meta({ title: 'Link' }),
  z
    .strictObject({
      label: text('Menu name.', 'Solutions'),
      columns: z
        .array(menuColumn)
        .min(1)
        .meta({ description: 'The columns of the menu, left to right.' }),
    })
    .meta({ title: 'Menu with columns' }),
]);

export const siteConfigSchema = z
  .strictObject({
    name: text('Site and company name.', 'Staylix'),
    legalName: text(
      'Operating company, used in legal texts and the copyright line.',
      'Staylix Technologies Pvt. Ltd.',
    ),
    baseUrl: httpsUrl(
      'Public URL of the site (https://), without a trailing slash.',
      'https://www.example.com',
    ),
    tagline: text('One line about the company, shown in the footer.', 'The all-in-one hotel OS.'),
    logo: image.meta({
      description:
        'The logo in the header: a file in public/ (src) and its text alternative (alt).',
    }),
    contact: z
      .strictObject({
        email: z.email().meta({ description: 'Contact email.', examples: ['hello@example.com'] }),
        phone: text('Phone number as dialled, with country code.', '+91 80 4567 8910'),
        address: text('Postal address on one line.', '12 MG Road, Bengaluru 560001, India'),
        social: z
          .strictObject({ label: text('Name of the network.', 'LinkedIn'), href })
          .meta({ description: 'The social profile linked in the footer.' }),
      })
      .meta({
        description: 'How to reach the company, shown in the footer and on the contact page.',
      }),
    navigation: z
      .strictObject({
        items: z
          .array(navItem)
          .min(1)
          .meta({ description: 'Header links and menus, left to right.' }),
        actions: z
          .array(
            z.strictObject({
              label: text('Button text.', 'Book a Demo'),
              href,
              variant: z
                .enum(['primary', 'secondary'])
                .meta({ description: 'primary = filled, secondary = outlined.' }),
            }),
          )
          .max(2)
          .meta({ description: 'Up to two buttons at the right of the header.' }),
      })
      .meta({ description: 'The header: links, menus and buttons.' }),
    footer: z
      .strictObject({
        columns: z
          .array(
            z.strictObject({
              heading: text('Column heading.', 'Explore'),
              links: z
                .array(link)
                .min(1)
                .meta({ description: 'The links of this column, top to bottom.' }),
            }),
          )
          .min(1)
          .meta({ description: 'Link columns, left to right.' }),
        copyright: text(
          'Copyright line.',
          '© 2024 Staylix Technologies Pvt. Ltd. All rights reserved.',
        ),
      })
      .meta({ description: 'The footer: link columns and the copyright line.' }),
    scheduler: z
      .strictObject({
        url: httpsUrl(
          'Booking page of the scheduling provider (https://), embedded inline; the CSP frame-src of the build follows it.',
          'https://calendly.com/acme/demo',
        ),
        minWidth: z
          .number()
          .int()
          .positive()
          .meta({ description: 'Narrowest width of the widget, in pixels.', examples: [320] }),
        height: z
          .number()
          .int()
          .positive()
          .meta({ description: 'Height of the widget, in pixels.', examples: [700] }),
      })
      .meta({ description: 'The embedded scheduling widget of the demo and contact pages.' }),
    seo: z
      .strictObject({
        defaultSocialImage: z
          .string()
          .regex(/^\/[^\s]*\.(png|jpe?g|webp)$/, 'a PNG, JPEG or WebP path into public/')
          .meta({
            description:
              'Image for social cards of pages without their own socialImage (a file in public/).',
            examples: ['/social/default.png'],
          }),
        twitterHandle: text('Twitter/X handle for cards.', '@staylix').optional(),
        locale: text('Open Graph locale.', 'en_IN'),
      })
      .meta({ description: 'Search and social-card defaults.' }),
    publishing: z
      .strictObject({
        mode: z.enum(['direct', 'review']).default('direct').meta({
          description:
            "direct = the editor's Publish button puts changes live with the next deploy; review = each publish waits for a colleague's approval first.",
        }),
        placeholders: z.enum(['allowed', 'refused']).default('allowed').meta({
          description:
            'refused = the editor does not publish while a placeholder is left (as the deploy check); allowed = placeholders do not stop a publish.',
        }),
        requireReview: z.boolean().default(false).meta({
          description:
            'true = in the team editor nobody publishes their own change: a publisher approves it first.',
        }),
      })
      .optional()
      .meta({ description: "How the editor's Publish button sends changes (default: direct)." }),
    locales: localesSchema.optional(),
    team: teamSchema.optional(),
  })
  .meta({
    title: 'Site configuration',
    description:
      'site.config.yaml: name, contact, navigation, footer, scheduling widget, SEO defaults, languages.',
  });

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type NavItem = z.infer<typeof navItem>;
