import { z } from 'zod';
import { blockSchemas } from './schemas.ts';
import { text } from '../schema/primitives.ts';
import { routePath } from '../schema/route.ts';

/**
 * Longest title and description search results show in full; longer ones get a warning
 * (engine/validate-page.ts).
 */
export const TITLE_MAX_LENGTH = 60;
export const DESCRIPTION_MAX_LENGTH = 160;

/**
 * The page fields without `blocks`; blocks are checked one by one against their own schema (see
 * engine/).
 */
const pageFields = {
  title: text(
    `Page title for the browser tab and search results (${TITLE_MAX_LENGTH} characters at most).`,
    'Hotel PMS & Channel Manager',
  ),
  description: text(
    `Meta description for search results and social cards (${DESCRIPTION_MAX_LENGTH} characters at most).`,
    'Run reservations, rates and guest messages from one screen.',
  ),
  socialImage: z
    .string()
    .regex(/^\/[^\s]*\.(png|jpe?g|webp)$/, 'a PNG, JPEG or WebP path into public/')
    .optional()
    .meta({
      description: 'Image for social cards (a file in public/).',
      examples: ['/social/default.png'],
    }),
  aliases: z
    .array(routePath)
    .optional()
    .meta({ description: 'Extra routes that show this same page.', examples: [['/features']] }),
  draft: z.boolean().optional().meta({
    description: 'true: shown by the dev server, left out of the production build and sitemap.',
  }),
  hideNavbar: z
    .boolean()
    .optional()
    .meta({ description: 'true: hide the navigation links in the header (logo stays).' }),
  translatedFrom: z
    .record(z.string(), z.string())
    .optional()
    .meta({
      description:
        'Translations only (pages/<language>/…): for each translated field (`blocks.0.title`), the source text it was translated from. The validator warns when the source has changed since; copying the new source text here marks the field reviewed.',
      examples: [{ title: 'Hotel Management Software', 'blocks.0.title': 'Run your hotel' }],
    }),
};

export const pageShellSchema = z.strictObject({
  ...pageFields,
  blocks: z
    .array(z.looseObject({ type: z.string() }))
    .min(1)
    .meta({ description: 'The sections of the page, top to bottom.' }),
});

const blockUnion = z.discriminatedUnion(
  'type',
  Object.values(blockSchemas) as unknown as [z.ZodObject, ...z.ZodObject[]],
);

/** The full page schema (used for JSON Schema generation and types). */
export const pageSchema = z
  .strictObject({
    ...pageFields,
    blocks: z
      .array(blockUnion)
      .min(1)
      .meta({ description: 'The sections of the page, top to bottom.' }),
  })
  .meta({ title: 'Page', description: 'One route of the site: pages/<route>.yaml' });

export type PageShell = z.infer<typeof pageShellSchema>;
