/**
 * The names a form gives to fields whose key is a developer's word (`href`, `src`, `ogLocale`):
 * the page editor's labels, the Changes screen's lines and the catalogue's words for a form all
 * name a field this way, so that a marketer reads "Link", never "Href". Keys that are already
 * words (`title`, `linkLabel`) are not listed: they are shown humanized.
 */
const FORM_NAMES: Readonly<Record<string, string>> = {
  href: 'Link',
  src: 'Image',
  alt: 'Image description',
  id: 'Link target on this page',
  variant: 'Button style',
  dir: 'Writing direction',
  ogLocale: 'Language for social media',
  baseUrl: 'Site address',
  url: 'Address',
  cta: 'Button',
  seo: 'Search engines and social media',
  defaultSocialImage: 'Default image for social media',
  socialImage: 'Image for social media',
  twitterHandle: 'X (Twitter) account',
  hideNavbar: 'Hide the menu bar',
  headingLevel: 'Heading level',
  minWidth: 'Minimum width',
  locale: 'Language and region',
  locales: 'Languages',
  code: 'Language code',
  translatedFrom: 'Translated from',
  untranslated: 'Not translated yet',
  staleInProduction: 'Outdated translations when publishing',
  aliases: 'Other addresses',
  draft: 'Draft',
};

/** The form's name of a field whose key is a developer's word; undefined for any other key. */
export const formName = (key: string): string | undefined =>
  Object.hasOwn(FORM_NAMES, key) ? FORM_NAMES[key] : undefined;

/**
 * A field's or block's name in a form: `linkLabel` → `Link label`, `faq` → `FAQ`, `richText` →
 * `Rich text`, and a developer's word by its form name (`href` → `Link`).
 */
export function fieldWords(key: string): string {
  const named = formName(key);
  if (named) return named;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word) => (/^(cta|seo|url|id|faq)$/.test(word) ? word.toUpperCase() : word))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Values of a choice as a form shows them, where the value is a developer's word. */
const OPTION_NAMES: Readonly<Record<string, string>> = {
  primary: 'Filled',
  secondary: 'Outlined',
  ltr: 'Left to right',
  rtl: 'Right to left',
  direct: 'Publish directly',
  review: 'Send for review first',
};

/** A value of a choice (`primary`) as a form shows it (`Filled`); others capitalised. */
export const optionName = (value: string): string =>
  Object.hasOwn(OPTION_NAMES, value)
    ? OPTION_NAMES[value]!
    : value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The form's help for schema descriptions written for a file (they name keys, paths in public/,
 * `true:` values or commands, which a YAML editor's hover help needs and a form does not): keyed by
 * the schema's description, so the schemas keep one description each and the JSON Schema stays
 * as it is. editor/app/schema-form/form-words.test.ts fails on any description a form would show
 * with a developer's word and no entry here.
 */
const FORM_HELP: Readonly<Record<string, string>> = {
  'Anchor for links to this block: `/page#this-id`.':
    'A short name (lowercase words joined by dashes) that links can use to open the page right at this block.',
  'A button: its text (label), where it goes (href) and its style (variant).':
    'A button: its text, where it goes and its style.',
  'Where the link goes: `/route`, `/route#anchor`, `#anchor`, `https://…`, `mailto:` or `tel:`.':
    'Where the link goes: choose a page of the site, or paste a web address (https://…).',
  'primary = filled, secondary = outlined.': 'Filled (the main button) or outlined.',
  'A product screenshot or photo: under the headline (position: below, the default; at least 1040 px wide) or beside it (position: beside; at least 640 px wide). On a resource page, its cover.':
    'A product screenshot or photo, under the headline (at least 1040 px wide) or beside it (at least 640 px wide). On a resource page, its cover.',
  'Path of a file in `public/` (PNG, JPEG, WebP, AVIF or SVG). The build makes small AVIF and WebP copies of it.':
    'A picture of the site (PNG, JPEG, WebP, AVIF or SVG). Smaller copies are made for phones.',
  'below (the default): under the headline, full width; beside: to the right of the headline on wide screens.':
    'Below (the default): under the headline, full width. Beside: to the right of the headline on wide screens.',
  'Benefit cards; a card with `href` links to a related page.':
    'Benefit cards; a card with a link leads to a related page.',
  'The logos: an image path in public/ and alt text each.':
    'The logos: a picture and its description each.',
  'An image: a file in public/ (src) and what it shows (alt).':
    'A picture and a description of what it shows.',
  'Path of a file in `public/`.': 'A picture of the site.',
  'yes/no (true/false) or a level such as Basic.': 'Yes or no, or a level such as Basic.',
  'The embedded scheduling widget (URL from site.config.yaml), with a plain booking link as fallback.':
    'The booking calendar (its address is in the site settings), with a plain booking link in case it does not load.',
  "The company's email, phone, address and social profile, taken from site.config.yaml.":
    "The company's email, phone, address and social profile, taken from the site settings.",
  'One route of the site: pages/<route>.yaml': 'A page of the site.',
  'Image for social cards (a file in public/).':
    'The picture shown when the page is shared on social media.',
  'true: shown by the dev server, left out of the production build and sitemap.':
    'On: a draft. You see it here; visitors do not, even after Publish. Off: live once published.',
  'true: hide the navigation links in the header (logo stays).':
    'On: the menu links are hidden in the header (the logo stays).',
  'Translations only (pages/<language>/…): for each translated field (`blocks.0.title`), the source text it was translated from. The validator warns when the source has changed since; copying the new source text here marks the field reviewed.':
    'For each translated field, the text of the source it was translated from. A warning says when the source changes; marking the field reviewed updates it.',
  'site.config.yaml: name, contact, navigation, footer, scheduling widget, SEO defaults, languages.':
    'The name, contact details, menus, footer, booking calendar, search defaults and languages of the site.',
  'The logo in the header: a file in public/ (src) and its text alternative (alt).':
    'The logo in the header and its description.',
  'Image for social cards of pages without their own socialImage (a file in public/).':
    'The picture shown when a page without its own is shared on social media.',
  "direct = the editor's Publish button puts changes live with the next deploy; review = each publish waits for a colleague's approval first.":
    "Publish directly: changes go live with the next deploy. Send for review first: each publish waits for a colleague's approval.",
  'refused = the editor does not publish while a placeholder is left (as the deploy check); allowed = placeholders do not stop a publish.':
    'Refused: nothing is published while a placeholder is left. Allowed: placeholders do not stop a publish.',
  "How the editor's Publish button sends changes (default: direct).":
    'How Publish sends changes (directly, unless set otherwise).',
  'The languages of the site. Pages of the default language are pages/<route>.yaml; a translation is pages/<code>/<route>.yaml.':
    'The languages of the site.',
  'How `npm run validate -- --production` reports a translation whose source changed since it was made (default: warning).':
    'Whether a translation whose source changed since it was made gets a warning (the default) or stops a publish.',
  'Language code (BCP 47, lowercase): `<html lang>`, hreflang, and the URL prefix /<code>/ of its pages.':
    'The language’s short code (de, ar): its pages’ addresses start with it.',
  'Text direction: ltr (left to right) or rtl (Arabic, Hebrew).':
    'Left to right, or right to left (Arabic, Hebrew).',
  'true: a translation may leave blocks untranslated (`untranslated: true`), shown in the default language and reported as warnings.':
    'On: a translation may leave blocks untranslated; they are shown in the default language, with a warning.',
  'What the image shows, read aloud by screen readers. Write "" (empty quotes) if it only decorates and the text next to it says it all.':
    'What the image shows, read aloud by screen readers. Leave it empty if the image only decorates and the text next to it says it all.',
  'Open Graph locale of its pages.': 'The language and region social media show its pages in.',
  'Open Graph locale.': 'The language and region social media show the pages in.',
  'Twitter/X handle for cards.': 'The X (Twitter) account shown with shared pages.',
  'Booking page of the scheduling provider (https://), embedded inline; the CSP frame-src of the build follows it.':
    'The booking page of the scheduling service (https://…), shown inside the page.',
  'true = in the team editor nobody publishes their own change: a publisher approves it first.':
    'On: in the team editor nobody publishes their own change; a publisher approves it first.',
  'How `npm run validate -- --production` reports what a translation leaves in the default language: a block or text not translated yet, a text of this file without its label (default: warning). Languages with `partial: true` may leave blocks untranslated either way.':
    'Whether what a translation leaves in the default language (a block or text not translated yet, a site text without its translation) gets a warning (the default) or stops a publish. Languages that allow partial translations may leave blocks untranslated either way.',
  'The texts of this file (menus, footer, tagline, copyright) in this language, each by its place (`footer.copyright`, `navigation.items.0.label`) with the default-language text it was translated from. Every locale but the default has one per text; a missing one shows the default text (a warning).':
    'The site-wide texts (menus, footer, tagline, copyright) in this language, each with the default-language text it was translated from. A missing one shows the default text, with a warning.',
  'author = edit, save and send for review; publisher = also publish and approve; admin = also the site configuration and the team.':
    'Author: edits, saves and sends for review. Publisher: also publishes and approves. Admin: also changes the site settings and the team.',
  'The pages this entry may change, as route patterns (/de/** = /de and every page under it). Left out: every page.':
    'The pages this entry may change, as address patterns (/de/** is /de and every page under it). Left empty: every page.',
  'translatable = only the words a translation rewrites (a translator); all (the default) = every value.':
    'Only the words a translation rewrites (a translator), or every value (the default).',
  'Who may sign in to the team editor (npm run team) and what each may change. Someone in several entries gets what each allows.':
    'Who may sign in to the team editor and what each may change. Someone in several entries gets what each allows.',
};

/** A schema's description as the form shows it: its form words when it was written for a file. */
export const formHelp = (description: string): string =>
  Object.hasOwn(FORM_HELP, description) ? FORM_HELP[description]! : description;
