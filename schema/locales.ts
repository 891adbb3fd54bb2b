import { z } from 'zod';
import { defineBlockRule, ruleIssue, withRules } from './block-rule.ts';
import { text } from './primitives.ts';

/**
 * The words the layout and the blocks show on every page besides the page's own text, one set per
 * language: a German page never shows an English word. Every key is required in every locale (a
 * missing one is an error at the locale in site.config.yaml).
 */
const wordFields = {
  skipLink: text('The skip link at the top of every page.', 'Skip to content'),
  backToTop: text('The footer link back to the top of the page.', 'Back to Top'),
  homeLink: text(
    "The logo link's name for screen readers; {name} is the site's name.",
    '{name}, home',
  ),
  mainMenu: text('Name of the header navigation, for screen readers.', 'Main'),
  mobileMenu: text('Name of the mobile navigation, for screen readers.', 'Mobile'),
  menuButton: text('Name of the mobile menu button, for screen readers.', 'Menu'),
  contactHeading: text("Heading of the footer's contact column.", 'Contact'),
  opensInNewTab: text(
    'Said to screen readers after a link that opens a new tab.',
    '(opens in a new tab)',
  ),
  languageMenu: text('Name of the language switcher, for screen readers.', 'Language'),
  untranslated: text(
    'Said in the language switcher next to a language this page is not translated into: its link leads to that language’s home page.',
    'this page is not translated yet: home page',
  ),
  learnMore: text('Default text of a card link.', 'Learn more'),
  step: text('Said to screen readers before a step number.', 'Step'),
  included: text('A tick in a comparison table, for screen readers.', 'Included'),
  notIncluded: text('A dash in a comparison table, for screen readers.', 'Not included'),
  feature: text('Heading of the first column of a comparison table.', 'Feature'),
  mostPopular: text('The badge on the highlighted plan of a pricing block.', 'Most popular'),
  whatsIncluded: text('Heading of the list of features of a plan.', 'What’s included'),
  contents: text('Heading of the table of contents of a legal text.', 'Contents'),
  highlights: text("Name of a hero's highlight chips, for screen readers.", 'Highlights'),
  breadcrumb: text('Name of the breadcrumb trail, for screen readers.', 'Breadcrumb'),
  pauseLogos: text('The button that stops the moving logos.', 'Pause logos'),
  videoComingSoon: text('Shown where a video will go.', 'Video coming soon'),
  schedulerTitle: text(
    "The booking calendar's name for screen readers; {name} is the site's name.",
    'Book a demo with {name}: scheduling calendar',
  ),
  schedulerLoading: text(
    'Shown while the booking calendar loads.',
    'Loading the booking calendar…',
  ),
  schedulerUnavailable: text(
    'Shown when the booking calendar cannot be loaded.',
    'The booking calendar could not be loaded here. You can still pick a time on the booking page.',
  ),
  schedulerOpen: text('Link to the booking page under the calendar.', 'Open the booking page'),
  schedulerRetry: text('Button that loads the booking calendar again.', 'Try again'),
  schedulerNotShowing: text(
    'Sentence before the link to the booking page.',
    'Calendar not showing?',
  ),
  contactEmail: text("Heading of the company's email address in a contact block.", 'Email'),
  contactPhone: text("Heading of the company's phone number in a contact block.", 'Phone'),
  contactOffice: text("Heading of the company's address in a contact block.", 'Office'),
  contactSocial: text("Heading of the company's social profile in a contact block.", 'Social'),
  socialProfile: text(
    "The link to the company's social profile in a contact block; {name} is the site's name, {network} the network's.",
    '{name} on {network}',
  ),
  lastUpdated: text(
    'The line above a legal text; {date} is its date of revision.',
    'Last updated: {date}',
  ),
  scrollableTable: text(
    "Name of a comparison table's scrolling area, for screen readers; {caption} is the table's name.",
    '{caption}, scrollable table',
  ),
  videoNote: text(
    'Shown under "Video coming soon" where a video will go.',
    'This walkthrough will be published here.',
  ),
  plannedLength: text(
    "The planned length of a video not yet published; {duration} is the block's length.",
    'Planned length: {duration}',
  ),
};

/** The English word of each key: the example of its field. */
const englishOf = (key: string): string =>
  (wordFields[key as keyof typeof wordFields].meta()?.examples as string[])[0]!;

/** The `{placeholders}` of a word, sorted (`Last updated: {date}` → `{date}`). */
const placeholdersOf = (word: string): string[] => (word.match(/\{\w+\}/g) ?? []).sort();

/**
 * A word keeps the places its block fills (`{date}`, `{name}`): without one the value is not shown,
 * and one no block fills is shown as written.
 */
const keepsPlaceholders = defineBlockRule<{
  word: string;
  example: string;
  missing: string[];
  unknown: string[];
}>({
  code: 'word-placeholder',
  message: ({ word, missing, unknown }) =>
    missing.length && unknown.length
      ? `"${word}" has ${unknown.join(' and ')} instead of ${missing.join(' and ')}: the page puts its value only at ${missing.join(' and ')}.`
      : missing.length
        ? `"${word}" leaves out ${missing.join(' and ')}: the page puts a value there, so without it the value is not shown.`
        : `"${word}" has ${unknown.join(' and ')}, which nothing fills: the page would show it as written.`,
  hint: ({ example, missing, unknown }) =>
    missing.length
      ? `Write ${missing.join(' and ')} where the value goes, as in "${example}".`
      : `Leave out ${unknown.join(' and ')}, or write the places as in "${example}".`,
});

const wordsSchema = withRules(
  z
    .strictObject(wordFields)
    .superRefine((words, context) => {
      for (const [key, word] of Object.entries(words)) {
        // A missing or unknown word is reported as such.
        if (typeof word !== 'string' || !Object.hasOwn(wordFields, key)) continue;
        const expected = placeholdersOf(englishOf(key));
        const found = placeholdersOf(word);
        const missing = expected.filter((place) => !found.includes(place));
        const unknown = found.filter((place) => !expected.includes(place));
        if (missing.length || unknown.length)
          context.addIssue(
            ruleIssue(keepsPlaceholders, [key], {
              word,
              example: englishOf(key),
              missing,
              unknown,
            }),
          );
      }
    })
    .meta({ description: 'The words the layout and the blocks show, in this language.' }),
  [keepsPlaceholders as never],
);

export type Words = z.infer<typeof wordsSchema>;

/**
 * A locale code: a language (`de`), optionally with a region (`pt-br`); lowercase, it is the first
 * part of the URL.
 */
const LOCALE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/;

const locale = z.strictObject({
  code: z
    .string()
    .regex(LOCALE_CODE, 'a language code such as de, ar or pt-br (lowercase)')
    .meta({
      description:
        'Language code (BCP 47, lowercase): `<html lang>`, hreflang, and the URL prefix /<code>/ of its pages.',
      examples: ['de'],
    }),
  label: text('The language’s name in the language itself, shown in the switcher.', 'Deutsch'),
  dir: z
    .enum(['ltr', 'rtl'])
    .meta({ description: 'Text direction: ltr (left to right) or rtl (Arabic, Hebrew).' }),
  ogLocale: z
    .string()
    .regex(/^[a-z]{2,3}_[A-Z]{2}$/, 'a language and country such as de_DE')
    .meta({ description: 'Open Graph locale of its pages.', examples: ['de_DE'] }),
  partial: z.boolean().optional().meta({
    description:
      'true: a translation may leave blocks untranslated (`untranslated: true`), shown in the default language and reported as warnings.',
  }),
  words: wordsSchema,
  labels: z
    .record(
      z.string(),
      z.strictObject({
        text: text('The text in this language.', 'Preise'),
        from: z.string().meta({
          description:
            'The text in the default language it was translated from: a different text there now makes this label out of date (a warning).',
          examples: ['Pricing'],
        }),
      }),
    )
    .optional()
    .meta({
      description:
        'The texts of this file (menus, footer, tagline, copyright) in this language, each by its place (`footer.copyright`, `navigation.items.0.label`) with the default-language text it was translated from. Every locale but the default has one per text; a missing one shows the default text (a warning).',
      examples: [{ 'navigation.items.3.label': { text: 'Preise', from: 'Pricing' } }],
    }),
});

export const localesSchema = z
  .strictObject({
    default: z.string().meta({
      description: 'Code of the default language: its pages keep URLs without a prefix.',
      examples: ['en'],
    }),
    staleInProduction: z.enum(['warning', 'error']).optional().meta({
      description:
        'How `npm run validate -- --production` reports a translation whose source changed since it was made (default: warning).',
    }),
    untranslatedInProduction: z.enum(['warning', 'error']).optional().meta({
      description:
        'How `npm run validate -- --production` reports what a translation leaves in the default language: a block or text not translated yet, a text of this file without its label (default: warning). Languages with `partial: true` may leave blocks untranslated either way.',
    }),
    list: z
      .array(locale)
      .min(1)
      .meta({ description: 'The languages of the site; the switcher lists them in this order.' }),
  })
  .meta({
    description:
      'The languages of the site. Pages of the default language are pages/<route>.yaml; a translation is pages/<code>/<route>.yaml.',
  });

export type LocaleConfig = z.infer<typeof locale>;
export type Locales = z.infer<typeof localesSchema>;

/** An Open Graph locale (`de_DE`) as a BCP 47 language tag (`de-DE`), for Intl. */
export const localeOf = (ogLocale: string): string => ogLocale.replace('_', '-');

/** The words of a site without `locales` (English). */
export const englishWords: Words = Object.fromEntries(
  Object.keys(wordFields).map((key) => [key, englishOf(key)]),
) as Words;
