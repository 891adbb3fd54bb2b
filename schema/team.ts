import { z } from 'zod';

/**
 * Who may use the team editor (`npm run team`) and what each may do: site.config.yaml › team.
 * Roles grow: an author edits, saves and sends for review; a publisher also publishes and approves
 * others' changes; an admin also changes the site configuration and the team.
 */
export const ROLES = ['author', 'publisher', 'admin'] as const;

/**
 * A route pattern: parts of a route, `*` (any one part) or `**` (any number of parts, none
 * included), separated by `/`. `/de/**` is /de and every page under it; `/resources/*` the pages
 * one level under /resources.
 */
const ROUTE_GLOB = /^\/(?:(?:[a-z0-9][a-z0-9-]*|\*\*?)(?:\/(?:[a-z0-9][a-z0-9-]*|\*\*?))*)?$/;

const role = z.enum(ROLES).meta({
  description:
    'author = edit, save and send for review; publisher = also publish and approve; admin = also the site configuration and the team.',
});

const pages = z
  .array(
    z
      .string()
      .regex(ROUTE_GLOB, 'a route like /pricing, or a pattern like /de/** or /resources/*')
      .meta({ examples: ['/de/**'] }),
  )
  .min(1)
  .optional()
  .meta({
    description:
      'The pages this entry may change, as route patterns (/de/** = /de and every page under it). Left out: every page.',
  });

const fields = z.enum(['all', 'translatable']).optional().meta({
  description:
    'translatable = only the words a translation rewrites (a translator); all (the default) = every value.',
});

const person = z.strictObject({
  email: z.email().meta({
    description: 'The e-mail address the company’s sign-in gives this person (any case).',
    examples: ['lena@example.com'],
  }),
  role,
  pages,
  fields,
});

const group = z.strictObject({
  group: z
    .string()
    .min(1)
    .meta({
      description: "A group name as the sign-in provider sends it in its 'groups' claim.",
      examples: ['marketing-leads'],
    }),
  role,
  pages,
  fields,
});

export const teamSchema = z
  .strictObject({
    people: z
      .array(person)
      .optional()
      .meta({ description: 'People by e-mail address, each with a role.' }),
    groups: z
      .array(group)
      .optional()
      .meta({ description: 'Groups of the sign-in provider, each with a role for its members.' }),
  })
  .meta({
    description:
      'Who may sign in to the team editor (npm run team) and what each may change. Someone in several entries gets what each allows.',
  });

export type Team = z.infer<typeof teamSchema>;
export type Role = (typeof ROLES)[number];
