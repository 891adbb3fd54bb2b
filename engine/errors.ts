/**
 * The catalogue of every message an author can see, in one place so the wording stays consistent.
 * Each entry returns a stable `code`, a `message` saying what is wrong, and a `hint` saying how to
 * fix it. Messages are written for people who edit YAML and never open TypeScript: name things in
 * words, quote what they wrote, and always say what to do next.
 */
import { plural } from '../schema/block-rule.ts';
import { fieldWords, formHelp, formName } from '../schema/form-words.ts';

export interface AuthorError {
  code: string;
  /**
   * The words for a file (`npm run validate`, the dev server): they may speak of lines, colons and
   * indentation.
   */
  message: string;
  hint: string;
  /** The words for the page editor's form (see FormWording). */
  form: FormWording;
}

/**
 * Where an author reads a message: a YAML file (the terminal, the dev server) or the page editor's
 * form.
 */
export type Context = 'file' | 'form';

/**
 * A message's words in the page editor's form, which has fields, not lines, colons, indentation,
 * quotes or YAML syntax. An object: the form's own hint (and message, when the file's would not
 * do). `'same'`: the file's words say nothing a form lacks. `'text-only'`: a problem of the YAML
 * text itself (syntax, tags, aliases, encoding), which the editor shows where the author edits the
 * text, so the file's words are the right ones there too. engine/errors-wording.test.ts renders
 * every code in both contexts.
 */
type FormWording = { message?: string; hint: string } | 'same' | 'text-only';

/** The message and hint of `error` as `context` words them. */
export function wordingFor(
  error: Pick<AuthorError, 'message' | 'hint' | 'form'>,
  context: Context,
): { message: string; hint: string } {
  if (context === 'file' || typeof error.form === 'string')
    return { message: error.message, hint: error.hint };
  return { message: error.form.message ?? error.message, hint: error.form.hint };
}

/** What a diagnostic keeps of the form's words: only words that differ from the file's. */
const formWordsOf = (error: Pick<AuthorError, 'form'>) =>
  typeof error.form === 'object' ? { form: error.form } : {};

/**
 * The fields of a diagnostic that come from the catalogue: code, the file's words and the form's
 * when they differ.
 */
export const diagnosticWords = (error: AuthorError) => ({
  code: error.code,
  message: error.message,
  hint: error.hint,
  ...formWordsOf(error),
});

const quote = (value: string) => `"${value}"`;
const list = (values: readonly unknown[], max = 12) =>
  values.length > max
    ? `${values.slice(0, max).map(String).join(', ')}, … (${values.length} in all)`
    : values.map(String).join(', ');
const suggestion = (guess: string | undefined, fallback: string) =>
  (guess ? `Did you mean ${quote(guess)}? ` : '') + fallback;
/**
 * Upper-cases the first letter, for labels that start a sentence (`item 2 of "items"` → `Item 2 of
 * "items"`).
 */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/*
 * What the validator's parts pass to the catalogue: data, never sentences. Only the catalogue words
 * it.
 */

/** The file a problem is in, as a whole: a page, site.config.yaml, or a block's example.yaml. */
export type Root = 'page' | 'site-config' | { example: string };

/** The value or object a message is about. */
export type Subject =
  | { kind: 'root'; root: Root }
  | { kind: 'field'; name: string }
  | { kind: 'item'; index: number; list: string | undefined }
  | { kind: 'block'; index: number; type: string | undefined };

/**
 * A kind of value a field takes. `noun` says what a list holds; `suchAs` names an object's required
 * fields.
 */
export type ValueKind =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'whole-number' }
  | { kind: 'boolean' }
  | { kind: 'list'; noun?: string }
  | { kind: 'fields'; suchAs?: readonly string[] }
  | { kind: 'image' }
  | { kind: 'other'; name?: string };

export type Expected = ValueKind | { kind: 'one-of'; options: readonly ValueKind[] };

/** What the author wrote, by kind. */
export type Found =
  | { kind: 'empty' }
  | { kind: 'list'; length: number }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'fields' }
  | { kind: 'other'; name: string };

/** One form a value may take where several are allowed (a union). */
export type Shape =
  | { kind: 'object'; keys: readonly string[] }
  | { kind: 'values'; values: readonly string[] }
  | ValueKind;

/**
 * How a text field's value must look: a known format, the schema's own words, or only the format's
 * name.
 */
export type Format =
  | { kind: 'url' }
  | { kind: 'email' }
  | { kind: 'described'; words: string }
  | { kind: 'named'; name: string };

const rootWords = (root: Root) =>
  root === 'page'
    ? 'the page'
    : root === 'site-config'
      ? 'the site configuration'
      : `the ${quote(root.example)} example`;

/** Names a value: `"title"`, `item 2 of "items"`, `block 3`, `the page`. */
function label(subject: Subject): string {
  switch (subject.kind) {
    case 'root':
      return rootWords(subject.root);
    case 'field':
      return quote(subject.name);
    case 'item':
      return `item ${subject.index + 1} of ${subject.list === undefined ? 'the list' : quote(subject.list)}`;
    case 'block':
      return `block ${subject.index + 1}`;
  }
}

/**
 * Names a value in the form, where a message is read beside its field or after the field's name
 * (a refused publish: `Page /pricing › Hero › Title`): `this field`, `this item`, `this block`.
 */
function formLabel(subject: Subject): string {
  switch (subject.kind) {
    case 'root':
      return subject.root === 'site-config' ? 'the site settings' : rootWords(subject.root);
    case 'field':
      return 'this field';
    case 'item':
      return 'this item';
    case 'block':
      return 'this block';
  }
}

/** Names an object that holds fields: as `label`, but a block is `the "hero" block (block 1)`. */
function place(subject: Subject): string {
  return subject.kind === 'block'
    ? `the ${subject.type === undefined ? '' : `${quote(subject.type)} `}block (block ${subject.index + 1})`
    : label(subject);
}

function valueKindWords(value: ValueKind, context: Context = 'file'): string {
  switch (value.kind) {
    case 'text':
      return 'text';
    case 'number':
      return 'a number';
    case 'whole-number':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'list':
      return value.noun === undefined ? 'a list' : `a list of ${value.noun}`;
    case 'fields': {
      const keys = value.suchAs ?? [];
      if (!keys.length)
        return context === 'form' ? 'a group of fields' : 'a group of fields (key: value lines)';
      return `a group of fields such as ${keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`}`;
    }
    case 'image':
      return context === 'form' ? 'an image' : 'an image (a group of fields with "src" and "alt")';
    case 'other':
      return value.name ?? 'another value';
  }
}

const expectedWords = (expected: Expected, context: Context = 'file') =>
  expected.kind === 'one-of'
    ? [...new Set(expected.options.map((option) => valueKindWords(option, context)))].join(', or ')
    : valueKindWords(expected, context);

function foundWords(found: Found): string {
  switch (found.kind) {
    case 'empty':
      return 'empty';
    case 'list':
      return found.length ? `a list of ${found.length}` : 'an empty list';
    case 'text':
      return `text ("${found.value.length > 40 ? found.value.slice(0, 40) + '…' : found.value}")`;
    case 'number':
      return `a number (${found.value})`;
    case 'boolean':
      return String(found.value);
    case 'fields':
      return 'a group of fields';
    case 'other':
      return found.name;
  }
}

function shapeWords(shapes: readonly Shape[] | undefined, context: Context = 'file'): string {
  if (!shapes?.length) return 'the form shown in the example';
  return shapes
    .map((shape) =>
      shape.kind === 'object'
        ? `fields ${shape.keys.join(', ')}`
        : shape.kind === 'values'
          ? shape.values.join(', ')
          : valueKindWords(shape, context),
    )
    .join(' or ');
}

const formatWords = (format: Format) =>
  format.kind === 'url'
    ? 'a full web address starting with https://'
    : format.kind === 'email'
      ? 'an email address such as hello@example.com'
      : format.kind === 'described'
        ? format.words
        : `a valid ${format.name}`;

/** What the YAML parser reported, by its error code, reworded for authors. */
const yamlProblems: Record<string, { message: string; hint: string }> = {
  TAB_AS_INDENT: {
    message: 'This line is indented with a tab.',
    hint: 'Indent with spaces only: two spaces per level, lined up with the fields above.',
  },
  BLOCK_AS_IMPLICIT_KEY: {
    message: 'YAML read this text as a new field because it contains ": " (a colon and a space).',
    hint: 'Put the whole text in quotes, e.g. title: "Pricing: simple and fair". If the next line is meant to be a new field, line it up with the fields above it.',
  },
  MULTILINE_IMPLICIT_KEY: {
    message: 'YAML could not read a "field: value" line here.',
    hint: 'Put a space after the colon (title: Pricing). Text that runs over several lines must start with ">-" on the field line, or be in quotes.',
  },
  MISSING_CHAR_QUOTE: {
    message: 'A quoted text is never closed.',
    hint: 'Add the closing quote mark at the end of the text, or remove the opening one.',
  },
  MISSING_CHAR_DASH: {
    message: 'This line is indented like a list item but does not start with "- ".',
    hint: 'Line it up with the fields above it, or start it with "- " if it begins a new item.',
  },
  UNEXPECTED_TOKEN: {
    message: 'There is more text after a quoted text on this line.',
    hint: 'If the text starts with a quote mark, put the whole text in the other kind of quotes, e.g. title: \'"Best" hotel software\'.',
  },
  BAD_INDENT: {
    message: 'The indentation of this line does not match the lines around it.',
    hint: 'Indent with two spaces per level, and close every [ with ] on the same line.',
  },
};

export const authorErrors = {
  yamlSyntax: (yamlCode: string, detail: string): AuthorError => {
    const known = yamlProblems[yamlCode];
    return {
      code: known ? `yaml-${yamlCode.toLowerCase().replace(/_/g, '-')}` : 'yaml-syntax',
      form: 'text-only',
      message: known ? known.message : `This is not valid YAML: ${detail.replace(/\.?$/, '.')}`,
      hint: known
        ? known.hint
        : 'Check the indentation (spaces, not tabs) and that every "key: value" has a space after the colon. Quote text that contains ": " or starts with a special character.',
    };
  },
  duplicateKey: (key: string): AuthorError => ({
    code: 'duplicate-key',
    form: 'text-only',
    message: `The field ${quote(key)} is written twice in the same place.`,
    hint: 'Keep one of them and delete the other.',
  }),
  notAMapping: (found: 'empty' | 'list' | 'text'): AuthorError => ({
    code: 'not-a-mapping',
    form: 'text-only',
    message: `The file must be a set of fields (key: value lines), but it is ${found === 'list' ? 'a list' : found === 'text' ? 'plain text' : 'empty'}.`,
    hint: 'Start the file with "title:", "description:" and "blocks:" (npm run new-page creates one for you).',
  }),
  unknownBlockType: (
    type: string,
    guess: string | undefined,
    known: readonly string[],
  ): AuthorError => ({
    code: 'unknown-block-type',
    form: 'same',
    message: `Unknown block type ${quote(type)}.`,
    hint: suggestion(guess, `Block types: ${list(known, 40)}. Each one is shown at /_blocks.`),
  }),
  blockNotAMapping: (index: number, found: Found, typeGuess: string | undefined): AuthorError => ({
    code: 'block-not-a-mapping',
    form: {
      message: `Block ${index + 1} has no fields: it is ${foundWords(found)}.`,
      hint: 'Delete this block and add it again from the list of blocks.',
    },
    message: `Block ${index + 1} should be a group of fields starting with "type:", but it is ${foundWords(found)}.`,
    hint: typeGuess
      ? `Write "- type: ${typeGuess}", then the block's fields on the lines below, lined up with "type".`
      : 'Start the block with "- type: …" (a block type), then its fields on the lines below, lined up with "type".',
  }),
  missingBlockType: (known: readonly string[]): AuthorError => ({
    code: 'missing-block-type',
    form: {
      hint: `Delete this block and add it again from the list of blocks (${list(known, 40)}).`,
    },
    message: 'This block has no "type".',
    hint: `Add "type:" as the first line of the block, one of: ${list(known, 40)}.`,
  }),
  unknownField: (
    field: string,
    where: Subject,
    guess: string | undefined,
    allowed: readonly string[],
  ): AuthorError => ({
    code: 'unknown-field',
    form: 'same',
    message: `Unknown field ${quote(field)} in ${place(where)}.`,
    hint: suggestion(
      guess,
      allowed.length ? `Fields allowed here: ${list(allowed, 20)}.` : 'Remove it.',
    ),
  }),
  /** `description` is the field's own description from the schema, e.g. "Section heading." */
  missingField: (field: string, where: Subject, description: string | undefined): AuthorError => ({
    code: 'missing-field',
    form: {
      message: `${sentence(place(where))} is missing the required field ${quote(formName(field) ?? field)}.`,
      hint: `Fill in ${quote(formName(field) ?? field)} in ${place(where)}.${description ? ` ${sentence(formHelp(description)).replace(/([^.!?])$/, '$1.')}` : ''}`,
    },
    message: `${sentence(place(where))} is missing the required field ${quote(field)}.`,
    hint: `Add a line "${field}: …" to ${place(where)}.${description ? ` ${sentence(description).replace(/([^.!?])$/, '$1.')}` : ''}`,
  }),
  missingAltText: (src: string | undefined, where: Subject): AuthorError => ({
    code: 'missing-alt-text',
    form: {
      message: `The image ${src ? `${quote(src)} ` : ''}in ${place(where)} has no description.`,
      hint: 'Fill in "Image description" with what the image shows (for a logo, the company name and "logo"). Screen readers read it aloud.',
    },
    message: `The image ${src ? `${quote(src)} ` : ''}in ${place(where)} has no alt text: "alt" is required.`,
    hint: 'Add a line "alt: …" saying what the image shows (for a logo, the company name and "logo"). Screen readers read it aloud.',
  }),
  emptyAltText: (src: string | undefined): AuthorError => ({
    code: 'empty-alt-text',
    form: {
      message: `The image ${src ? `${quote(src)} ` : ''}has an empty description.`,
      hint: 'Write what the image shows in "Image description". Screen readers read it aloud.',
    },
    message: `The image ${src ? `${quote(src)} ` : ''}has empty alt text: "alt" is required.`,
    hint: 'Write what the image shows after "alt:". Screen readers read it aloud.',
  }),
  wrongType: (subject: Subject, expected: Expected, found: Found): AuthorError => ({
    code: 'wrong-type',
    form: {
      message: `${sentence(formLabel(subject))} should be ${expectedWords(expected, 'form')}, but it is ${foundWords(found)}.`,
      hint: expectedFormHint(expected),
    },
    message: `${sentence(label(subject))} should be ${expectedWords(expected)}, but it is ${foundWords(found)}.`,
    hint:
      expected.kind === 'text' && found.kind === 'fields'
        ? 'If the text contains ": " (a colon and a space), YAML reads it as a field: put the whole text in quotes.'
        : expectedHint(expected),
  }),
  badEnumValue: (
    field: string,
    value: unknown,
    guess: string | undefined,
    allowed: readonly unknown[],
  ): AuthorError => ({
    code: 'bad-value',
    form: 'same',
    message: `${typeof value === 'string' ? quote(value) : String(value)} is not an allowed value for ${quote(field)}.`,
    hint: suggestion(guess, `Allowed values: ${list(allowed, 40)}.`),
  }),
  emptyText: (subject: Subject): AuthorError => ({
    code: 'empty-text',
    form: {
      message: `${sentence(formLabel(subject))} is empty.`,
      hint: 'Write the text in this field.',
    },
    message: `${sentence(label(subject))} is empty.`,
    hint: 'Write the text after the colon, or delete the line if the field is optional.',
  }),
  tooFew: (subject: Subject, minimum: number, unit: 'item' | 'character'): AuthorError => ({
    code: 'too-few',
    form: {
      message: `${sentence(formLabel(subject))} needs at least ${plural(minimum, unit)}.`,
      hint:
        unit === 'item'
          ? `Add items until there are at least ${minimum}.`
          : `Make it at least ${plural(minimum, unit)} long.`,
    },
    message: `${sentence(label(subject))} needs at least ${plural(minimum, unit)}.`,
    hint:
      unit === 'item'
        ? 'Add items, each on its own line starting with "- ".'
        : `Make it at least ${plural(minimum, unit)} long.`,
  }),
  tooMany: (
    subject: Subject,
    maximum: number,
    unit: 'item' | 'character',
    got: number | undefined,
  ): AuthorError => ({
    code: 'too-many',
    form: {
      message:
        got === undefined
          ? `${sentence(formLabel(subject))} has more than ${plural(maximum, unit)}.`
          : `${sentence(formLabel(subject))} has ${plural(got, unit)}; at most ${maximum} ${maximum === 1 ? 'is' : 'are'} allowed.`,
      hint:
        unit === 'item'
          ? `Keep at most ${plural(maximum, unit)} and delete the others.`
          : `Shorten it to ${plural(maximum, unit)} or fewer.`,
    },
    message:
      got === undefined
        ? `${sentence(label(subject))} has more than ${plural(maximum, unit)}.`
        : `${sentence(label(subject))} has ${plural(got, unit)}; at most ${maximum} ${maximum === 1 ? 'is' : 'are'} allowed.`,
    hint:
      unit === 'item'
        ? `Keep at most ${plural(maximum, unit)} and delete the others.`
        : `Shorten it to ${plural(maximum, unit)} or fewer.`,
  }),
  badFormat: (field: string, value: string, expected: Format): AuthorError => ({
    code: 'bad-format',
    form: {
      message: `${quote(value)} is not a valid ${(formName(field) ?? field).toLowerCase()}.`,
      hint: `Write ${formatWords(expected)}.`,
    },
    message: `${quote(value)} is not a valid ${quote(field)}.`,
    hint: `Write ${formatWords(expected)}.`,
  }),
  /** `shapes` undefined: the allowed forms are not known (the message points at the example). */
  noMatchingShape: (subject: Subject, shapes: readonly Shape[] | undefined): AuthorError => ({
    code: 'no-matching-shape',
    form: {
      message: `${sentence(formLabel(subject))} does not match any of the forms allowed here.`,
      hint: `Use one of: ${shapeWords(shapes, 'form')}.`,
    },
    message: `${sentence(label(subject))} does not match any of the forms allowed here.`,
    hint: `Use one of: ${shapeWords(shapes)}.`,
  }),
  numberOutOfRange: (
    subject: Subject,
    bound: number,
    side: 'at least' | 'at most',
    value: unknown,
  ): AuthorError => ({
    code: 'out-of-range',
    form: {
      message: `${sentence(formLabel(subject))} should be ${side} ${bound}, but it is ${String(value)}.`,
      hint: `Write a number ${side} ${bound}.`,
    },
    message: `${sentence(label(subject))} should be ${side} ${bound}, but it is ${String(value)}.`,
    hint: `Write a number ${side} ${bound}.`,
  }),
  /** `detail` is zod's own message, for a check the catalogue has no entry for. */
  invalidValue: (subject: Subject, detail: string): AuthorError => ({
    code: 'invalid',
    form: {
      message: `${sentence(formLabel(subject))} is not valid: ${detail}.`,
      hint: 'Compare it with the example of this block at /_blocks.',
    },
    message: `${sentence(label(subject))} is not valid: ${detail}.`,
    hint: 'Compare it with the example of this block at /_blocks.',
  }),
  brokenLink: (target: string, guess: string | undefined): AuthorError => ({
    code: 'broken-link',
    form: {
      message: `Link to ${quote(target)} goes nowhere: the site has no page at that address.`,
      hint: suggestion(guess, 'Create that page (New page in the page list) or fix the link.'),
    },
    message: `Link to ${quote(target)} goes nowhere: no page or alias has that route.`,
    hint: suggestion(
      guess,
      `Create the page (npm run new-page -- ${target.split('#')[0]}) or fix the link.`,
    ),
  }),
  brokenAnchor: (
    target: string,
    anchorName: string,
    route: string,
    guess: string | undefined,
    anchors: readonly string[],
  ): AuthorError => ({
    code: 'broken-anchor',
    form: {
      hint: suggestion(
        guess,
        anchors.length
          ? `Anchors on ${route}: ${list(anchors, 20)}.`
          : `Give a block of ${route} the id "${anchorName}".`,
      ),
    },
    message: `Link to ${quote(target)}: the page ${route} has no block with id ${quote(anchorName)}.`,
    hint: suggestion(
      guess,
      anchors.length
        ? `Anchors on ${route}: ${list(anchors, 20)}.`
        : `Add "id: ${anchorName}" to a block of ${route}.`,
    ),
  }),
  linkToDraft: (target: string): AuthorError => ({
    code: 'link-to-draft',
    form: { hint: 'Publish that page (it is marked as a draft) or remove the link.' },
    message: `Link to ${quote(target)} points at a draft page, which is left out of the production build.`,
    hint: 'Publish that page (delete the line "draft: true") or remove the link.',
  }),
  /** Two files that map to the same route, e.g. pages/x.yaml and pages/x/index.yaml. */
  duplicateRoute: (route: string, otherFile: string): AuthorError => ({
    code: 'duplicate-route',
    form: 'same',
    message: `The route ${route} of this file is also the route of ${otherFile}.`,
    hint: 'Each route can belong to one page only: rename or delete one of the two files.',
  }),
  aliasIsAPage: (alias: string, otherFile: string): AuthorError => ({
    code: 'alias-is-a-route',
    form: 'same',
    message: `The alias ${alias} is already the route of ${otherFile}.`,
    hint: `Remove the alias, or delete ${otherFile} if this page should replace it.`,
  }),
  aliasTaken: (alias: string, otherFile: string): AuthorError => ({
    code: 'alias-taken',
    form: 'same',
    message: `The alias ${alias} is also an alias of ${otherFile}.`,
    hint: 'An alias can show one page only: remove it from one of the two files.',
  }),
  aliasListedTwice: (alias: string): AuthorError => ({
    code: 'alias-listed-twice',
    form: 'same',
    message: `The alias ${alias} is listed twice.`,
    hint: 'Keep one of them.',
  }),
  aliasIsOwnRoute: (alias: string): AuthorError => ({
    code: 'alias-is-own-route',
    form: 'same',
    message: `The alias ${alias} is the route of this page itself.`,
    hint: 'Remove it: a page always has its own route.',
  }),
  duplicateAnchor: (anchorName: string, firstLine: number): AuthorError => ({
    code: 'duplicate-anchor',
    form: {
      message: `The anchor id ${quote(anchorName)} is already used by another block on this page.`,
      hint: `Give each block a different id, so that links to #${anchorName} land on one place.`,
    },
    message: `The anchor id ${quote(anchorName)} is already used on this page (line ${firstLine}).`,
    hint: `Give each block a different id, so that links to #${anchorName} land on one place.`,
  }),
  reservedAnchor: (anchorName: string): AuthorError => ({
    code: 'reserved-anchor',
    form: 'same',
    message: `The anchor id ${quote(anchorName)} is reserved by the page layout.`,
    hint: `Choose another id: "${anchorName}" is already used by the ${anchorName === 'main' ? 'skip link target' : 'Back to Top target'}.`,
  }),
  missingImage: (src: string, guess: string | undefined): AuthorError => ({
    code: 'missing-image',
    form: 'same',
    message: `Image ${quote(src)} does not exist in public/.`,
    hint: suggestion(guess, `Add the file as public${src} or fix the path.`),
  }),
  imagePathTraversal: (src: string): AuthorError => ({
    code: 'image-path-outside',
    form: 'same',
    message: `Image ${quote(src)} contains "..": an image must be a file inside public/.`,
    hint: 'Write the path from the public/ folder without "..": public/images/photo.jpg is /images/photo.jpg.',
  }),
  imageUnsupported: (src: string): AuthorError => ({
    code: 'image-unsupported',
    form: 'same',
    message: `public${src} is not a PNG, JPEG, WebP, AVIF or SVG image.`,
    hint: 'Open it in an image editor and export it as JPEG (photos) or PNG (screenshots), then point src at the new file.',
  }),
  imageUnreadable: (src: string): AuthorError => ({
    code: 'image-unreadable',
    form: 'same',
    message: `public${src} cannot be read as an image: the file is damaged or cut short.`,
    hint: 'Copy the original image into public/ again, or export it anew as JPEG or PNG.',
  }),
  svgWithoutSize: (src: string): AuthorError => ({
    code: 'svg-without-size',
    form: 'same',
    message: `The SVG public${src} has no size: its <svg> element has neither width and height nor a viewBox.`,
    hint: 'Add a viewBox (e.g. viewBox="0 0 640 360") to the <svg> element, so the page can keep its space while it loads.',
  }),
  imageTooSmall: (src: string, width: number, needed: number, slot: string): AuthorError => ({
    code: 'image-too-small',
    form: 'same',
    message: `Image ${quote(src)} is ${width} px wide; ${slot} needs at least ${needed} px, or it looks blurred.`,
    hint: `Use a larger version of the image (${needed} px wide or more; twice that is sharp on phones and retina screens).`,
  }),
  imageTooHeavy: (src: string, megabytes: string, width: number, height: number): AuthorError => ({
    code: 'image-too-heavy',
    form: 'same',
    message: `Image ${quote(src)} is ${megabytes} MB (${width} × ${height} px). Visitors get small copies, but every build and clone of the site carries the original.`,
    hint: 'Save it at most 2400 px wide as a JPEG of quality 80 (a few hundred KB): it looks the same on the site.',
  }),
  titleTooLong: (length: number, max: number): AuthorError => ({
    code: 'title-too-long',
    form: 'same',
    message: `The title is ${length} characters long; search results cut it after about ${max}.`,
    hint: `Shorten it to ${max} characters or fewer.`,
  }),
  /** A text past its kind's length guide (schema/text-lengths.ts): a warning, never an error. */
  textTooLong: (length: number, kind: string, max: number): AuthorError => ({
    code: 'text-too-long',
    form: 'same',
    message: `This text is ${length.toLocaleString('en')} characters long; ${kind} reads best in ${max} or fewer.`,
    hint: `Shorten it to ${max} characters or fewer, or it may crowd the layout, on phones most of all.`,
  }),
  descriptionTooLong: (length: number, max: number): AuthorError => ({
    code: 'description-too-long',
    form: 'same',
    message: `The description is ${length} characters long; search results cut it after about ${max}.`,
    hint: `Shorten it to ${max} characters or fewer.`,
  }),
  missingConfig: (): AuthorError => ({
    code: 'missing-config',
    form: 'same',
    message: 'site.config.yaml is missing: the site has no name, navigation or footer.',
    hint: 'Restore site.config.yaml at the top of the project (git checkout site.config.yaml).',
  }),
  badPagePath: (file: string): AuthorError => ({
    code: 'bad-page-path',
    form: 'same',
    message: `The file name ${quote(file)} cannot become a route.`,
    hint: 'Use lowercase letters, digits and dashes in folder and file names, ending in .yaml (e.g. pages/solutions/resorts.yaml).',
  }),
} as const;

/**
 * Hostile or broken input: unsafe addresses, YAML that would explode, files the validator must not
 * read.
 */
export const inputErrors = {
  /** `problem` and `rule` come from schema/url-policy.ts. */
  badUrl: (field: string, value: string, problem: string, rule: string): AuthorError => {
    const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
    const example =
      field === 'baseUrl' ? 'https://www.example.com' : 'https://calendly.com/acme/demo';
    /** The words of each problem, for a field named `name` and the addresses `allowed` there. */
    const words = (name: string, allowed: string, context: Context) => {
      const where = rule === 'link' ? `The link ${shown}` : `${name} (${shown})`;
      switch (problem) {
        case 'hidden-character':
          return {
            code: 'url-hidden-character',
            message: `${where} contains a space, ${context === 'form' ? 'an invisible character or a' : 'tab, line break, control character or'} backslash; browsers drop or rewrite these, which can turn an address into another one.`,
            hint: `Remove it (write a space inside an address as %20). ${allowed}`,
          };
        case 'protocol-relative':
          return {
            code: 'url-protocol-relative',
            message: `${where} starts with "//", which browsers read as an address on another site.`,
            hint: 'For a page of this site write a single slash (/pricing); for another site write the full address with https://.',
          };
        case 'scheme':
          return {
            code: 'url-scheme-not-allowed',
            message: `${where} starts with "${scheme}:", which is not allowed here${rule === 'https' ? ': only https:// addresses are' : ''}.`,
            hint:
              scheme === 'http'
                ? `${allowed} The site is served over https: browsers block http:// frames inside it, and visitors would see it as not secure.`
                : `${allowed} Addresses such as javascript:, data: or vbscript: run code in the visitor's browser.`,
          };
        case 'no-scheme':
          return {
            code: 'url-not-an-address',
            message:
              rule === 'link'
                ? `${where} is neither a page of this site (starting with /) nor a full address.`
                : `${where} is not a full web address.`,
            hint: allowed,
          };
        default:
          return {
            code: 'url-malformed',
            message: `${where} is not a valid web address: it needs a host name after "//" and no user name or password.`,
            hint: allowed,
          };
      }
    };
    const file = words(
      quote(field),
      rule === 'link'
        ? 'Write a page of the site (/pricing), an anchor (#faq), a web address (https://…), mailto:… or tel:….'
        : `Write a full address starting with https://, e.g. ${example}.`,
      'file',
    );
    const form = words(
      quote(formName(field) ?? field),
      rule === 'link'
        ? 'Choose a page of the site, or write a web address starting with https://.'
        : `Write a full address starting with https://, e.g. ${example}.`,
      'form',
    );
    const fileWords = { message: file.message, hint: file.hint };
    const formWords = { message: form.message, hint: form.hint };
    return {
      code: file.code,
      form: JSON.stringify(formWords) === JSON.stringify(fileWords) ? 'same' : formWords,
      ...fileWords,
    };
  },
  tooManyAliases: (count: number, limit: number): AuthorError => ({
    code: 'too-many-aliases',
    form: 'text-only',
    message: `This file repeats anchored values with aliases (*name) ${count} times; at most ${limit} are allowed.`,
    hint: 'Write the repeated fields out where they are needed (copy them), or repeat fewer values. Aliases can make a small file expand into an enormous page.',
  }),
  aliasExpansion: (limit: number): AuthorError => ({
    code: 'alias-expansion',
    form: 'text-only',
    message: `The aliases (*name) of this file, starting here, repeat so much that they would add more than ${limit.toLocaleString('en')} values and characters to it.`,
    hint: 'An alias repeats everything its anchor (&name) holds, aliases inside it included: write the values out instead, or alias smaller parts.',
  }),
  yamlTag: (tag: string): AuthorError => ({
    code: 'yaml-tag',
    form: 'text-only',
    message: `The YAML tag ${quote(tag)} is not allowed: pages are plain text, numbers, true/false, lists and fields.`,
    hint: `Remove ${quote(tag)}. To keep a value as text, put it in quotes instead.`,
  }),
  invalidUtf8: (byte: number): AuthorError => ({
    code: 'invalid-utf8',
    form: 'text-only',
    message: `This file is not valid UTF-8: byte 0x${byte.toString(16).padStart(2, '0').toUpperCase()} here is not part of any character.`,
    hint: 'Save the file as UTF-8 in your editor (the status bar shows the encoding), then retype the character at this position.',
  }),
  fileTooLarge: (bytes: number, limit: number): AuthorError => ({
    code: 'file-too-large',
    form: 'same',
    message: `This file is ${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 0 })} KB; a page may be at most ${limit / 1024} KB (the largest page of the site is under 20 KB).`,
    hint: 'Split the content into several pages, or move long lists out of it. Was a large file saved here by mistake?',
  }),
  symlinkOutside: (file: string, target: string): AuthorError => ({
    code: 'symlink-outside',
    form: 'same',
    message: `${file} is a symbolic link to ${target}, outside the project: it is not read and not published.`,
    hint: 'Copy the file into the project instead of linking to it, or delete the link.',
  }),
  brokenSymlink: (file: string): AuthorError => ({
    code: 'broken-symlink',
    form: 'same',
    message: `${file} is a symbolic link that leads nowhere.`,
    hint: 'Delete the link, or put a real file at its place.',
  }),
  skippedPageFile: (file: string, rename: string | undefined): AuthorError => ({
    code: 'not-a-page-file',
    form: 'same',
    message: `${file} is not read: only files ending in .yaml (lowercase) are pages.`,
    hint: rename
      ? `Rename it to ${rename} if it is a page; move it out of pages/ if it is not.`
      : 'Move it out of pages/ if it is not a page.',
  }),
  moreProblems: (hidden: number, shown: number): AuthorError => ({
    code: 'more-problems',
    form: 'same',
    message: `${plural(hidden, 'more problem')} in this file ${hidden === 1 ? 'is' : 'are'} not shown (the first ${shown} are listed).`,
    hint: 'Fix the problems above and validate again. So many problems often come from one repeated mistake, or from a file that is not a page.',
  }),
} as const;

/**
 * `npm run validate -- --production`: values still to be filled in or confirmed
 * (engine/placeholders.ts).
 */
export const placeholderErrors = {
  placeholder: (
    kind: 'to-confirm' | 'example-email' | 'example-url' | 'dummy-phone',
    text: string,
  ): AuthorError => {
    const shown = quote(text.length > 80 ? `${text.slice(0, 80)}…` : text);
    const after =
      'See "Placeholders" in AUTHORING.md; `npm run validate -- --production` checks again.';
    /** The file's words: the advice, then where to read more and the command that checks. */
    const words = (code: string, message: string, advice: string): AuthorError => ({
      code,
      form: { hint: advice },
      message,
      hint: `${advice} ${after}`,
    });
    switch (kind) {
      case 'to-confirm':
        return words(
          'placeholder-to-confirm',
          `${shown} is marked as still to be confirmed: the site cannot go live with it.`,
          'Replace the brackets with the wording the company has confirmed, or reword the sentence so that it promises nothing that is not agreed.',
        );
      case 'example-email':
        return words(
          'placeholder-example-email',
          `${shown} is a placeholder: addresses on example domains reach no one.`,
          "Write the company's real email address here before the site goes live.",
        );
      case 'example-url':
        return words(
          'placeholder-example-url',
          `${shown} is a placeholder: addresses on example domains lead nowhere.`,
          "Write the company's real address (https://…) here before the site goes live.",
        );
      case 'dummy-phone':
        return words(
          'placeholder-dummy-phone',
          `${shown} is a placeholder phone number (only zeros after the country code).`,
          "Write the company's real number, with its country code, before the site goes live.",
        );
    }
  },
} as const;

/** Messages of `npm run validate`, the dev server overlay and the block examples. */
export const validatorMessages = {
  summary: (pages: number, routes: number, ms: number, errors: number, warnings: number): string =>
    `${pages} pages, ${routes} routes checked in ${ms} ms: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`,
  watching:
    'Watching pages/, public/ and site.config.yaml (drafts included). Press Ctrl+C to stop.',
  buildStopped:
    'Build stopped: nothing was built. Fix the errors above (`npm run validate` checks again), then build.',
  buildLocked: (pid: number, lockFile: string): string =>
    `Another build (process ${pid}) is writing this site: wait for it to finish, then build again. dist/ is unchanged. If no build is running, delete ${lockFile}.`,
  buildInterrupted: (signal: string): string =>
    `Build interrupted (${signal}): dist/ is unchanged, still the previous build.`,
  buildFailed: 'Build failed: dist/ is unchanged, still the previous build. The error is above.',
  renderWorkerOutOfMemory: (limitMb: number, url: string | undefined): string =>
    `A render worker ran out of memory (${limitMb} MB)${url ? ` while rendering ${url}` : ''}. A page that needs that much is far larger than any page of this site: look for a very long list or text in that page's YAML; if the page is right, raise RENDER_WORKER_MEMORY_MB in pipeline/prerender.ts.`,
  pageChangedWhileBuilding: (file: string): string =>
    `${file} changed while the site was being built (or is no longer valid): build again once it is saved.`,
  codeChangedWhileBundling:
    'The code, public/ or package-lock.json changed while the site was being bundled: build again once the change is saved.',
  translationsFixed: (files: readonly string[]): string =>
    files.length === 0
      ? 'Every translation is in line with its source page: no file changed.'
      : `Brought ${plural(files.length, 'translation')} in line with its source page (new blocks untranslated until translated):\n${files.map((file) => `  ${file}`).join('\n')}`,
  unknownFormat: (format: string): string =>
    `Unknown --format "${format}". Use pretty, github or json.`,
  overlayTitle: (count: number): string =>
    `${count === 1 ? '1 problem' : `${count} problems`} in the site's YAML. Fix and save: this message goes away by itself.`,
  missingExample: (type: string, file: string): AuthorError => ({
    code: 'missing-example',
    form: 'same',
    message: `The "${type}" block has no example.`,
    hint: `Add ${file}: one realistic block, starting with "type: ${type}". The catalogue and the block's tests use it.`,
  }),
} as const;

/**
 * What every command says about a command line it cannot follow (engine/command-line.ts); its help
 * follows.
 */
export const commandLineMessages = {
  unknownOption: (option: string): string => `Unknown option "${option}".`,
  /** `detail` is parseArgs' own message, e.g. "Option '--port <value>' argument missing". */
  badValue: (detail: string): string => detail.replace(/\.?$/, '.'),
  unexpectedArgument: (argument: string): string => `Unexpected argument "${argument}".`,
  notANumber: (option: string, value: string): string =>
    `--${option} takes a number, not "${value}".`,
} as const;

/** Messages of the new-page command. */
export const newPageMessages = {
  unknownLanguage: (code: string, codes: readonly string[]): AuthorError => ({
    code: 'unknown-language',
    form: 'same',
    message: `${quote(code)} is not a language of the site to translate into.`,
    hint: `Use one of the languages in site.config.yaml › locales other than the default: ${list(codes)}.`,
  }),
  notATranslation: (file: string): AuthorError => ({
    code: 'not-a-translation',
    form: 'same',
    message: `${file} is not a translation with a source page (pages/<language>/<route>.yaml).`,
    hint: 'Give the path of a translation file, e.g. pages/de/pricing.yaml.',
  }),
  translationCreated: (file: string): string =>
    `Created ${file}: translate its texts (the structure, links and icons stay as they are); "translatedFrom" at the end records the source texts.`,
  reviewed: (file: string): string =>
    `Recorded the source texts in ${file}: its fields count as reviewed.`,
  badRoute: (route: string): AuthorError => ({
    code: 'bad-route',
    form: 'same',
    message: `${quote(route)} is not a route a page can have.`,
    hint: 'Write it like /solutions/resorts: starting with /, lowercase words joined by dashes, separated by /.',
  }),
  routeExists: (route: string, file: string, isAlias: boolean): AuthorError => ({
    code: 'route-exists',
    form: 'same',
    message: isAlias
      ? `The route ${route} already exists: it is an alias of ${file}.`
      : `The route ${route} already exists: ${file}.`,
    hint: isAlias
      ? `Remove the alias from ${file} first, or choose another route.`
      : `Edit ${file}, or choose another route.`,
  }),
  unknownTemplate: (
    name: string,
    guess: string | undefined,
    known: readonly string[],
  ): AuthorError => ({
    code: 'unknown-template',
    form: 'same',
    message: `Unknown template ${quote(name)}.`,
    hint: suggestion(guess, `Templates: ${list(known)}.`),
  }),
  noTemplateFor: (route: string, known: readonly string[]): AuthorError => ({
    code: 'choose-template',
    form: { hint: `Choose one of the templates: ${list(known)}.` },
    message: `Which template should ${route} use?`,
    hint: `Add --template with one of: ${list(known)}.`,
  }),
  created: (file: string, route: string, draft: boolean): string =>
    [
      `Created ${file} for ${route}.`,
      draft
        ? `It is a draft: \`npm run dev\` shows it at ${route}; the live site leaves it out until you delete the line "draft: true".`
        : 'It is not a draft: the next `npm run build` publishes it, so replace the template text first.',
      'Next: change the words after each colon, then run `npm run validate` (or keep `npm run dev` open: problems appear in the browser).',
    ].join('\n'),
  segmentTooLong: (segment: string, max: number): AuthorError => ({
    code: 'route-part-too-long',
    form: 'same',
    message: `The part "${segment.slice(0, 40)}…" of the route is ${segment.length} characters long; at most ${max} are allowed.`,
    hint: 'Use a few words joined by dashes (e.g. /solutions/resorts): the route is the page address and its file name.',
  }),
  routeTooLong: (length: number, max: number): AuthorError => ({
    code: 'route-too-long',
    form: 'same',
    message: `The route is ${length} characters long; at most ${max} are allowed.`,
    hint: 'Use fewer or shorter parts, e.g. /solutions/resorts.',
  }),
  cannotWrite: (file: string, reason: string): AuthorError => ({
    code: 'cannot-write',
    form: 'same',
    message: `${file} could not be written: ${reason}.`,
    hint: 'Check that the folder exists and is writable, and that the route is not too long for the file system; nothing was created.',
  }),
  cancelled: 'Cancelled: no page was created.',
  createdWithProblems: (file: string): string =>
    `Created ${file}, but the site now reports problems in it (above). Fix them before publishing.`,
} as const;

/** What the page editor (`npm run edit`) answers when it refuses a request. */
/** A value from a request, cut short when quoted back: an answer stays short whatever was sent. */
const echo = (value: string, max = 80) =>
  quote(value.length > max ? `${value.slice(0, max)}…` : value);

export const editorMessages = {
  missingPath: (): AuthorError => ({
    code: 'missing-path',
    form: 'same',
    message: 'The request names no file.',
    hint: 'Give the file as a path inside the project, e.g. pages/solutions/hotels.yaml.',
  }),
  absolutePath: (given: string): AuthorError => ({
    code: 'absolute-path',
    form: 'same',
    message: `${echo(given)} is an absolute path; the editor only works with paths inside the project.`,
    hint: 'Give the path from the project folder, e.g. pages/solutions/hotels.yaml.',
  }),
  traversal: (given: string): AuthorError => ({
    code: 'path-traversal',
    form: 'same',
    message: `${echo(given)} contains "..": the editor never leaves the project folder.`,
    hint: 'Give the path from the project folder without "..", e.g. pages/solutions/hotels.yaml.',
  }),
  notWritable: (given: string): AuthorError => ({
    code: 'not-writable',
    form: 'same',
    message: `The editor does not read or write ${echo(given)}: only pages/*.yaml, site.config.yaml and files in public/.`,
    hint: 'Edit other files with a code editor.',
  }),
  symlinkOut: (file: string): AuthorError => ({
    code: 'symlink-outside',
    form: 'same',
    message: `${file} is (or is inside) a symbolic link that leads out of the project; the editor does not follow it.`,
    hint: 'Replace the link with a real file or folder inside the project.',
  }),
  noSuchFile: (file: string): AuthorError => ({
    code: 'no-such-file',
    form: 'same',
    message: `${file} does not exist.`,
    hint: 'It may have been renamed or deleted on disk; reload the page list.',
  }),
  conflict: (file: string): AuthorError => ({
    code: 'changed-on-disk',
    form: 'same',
    message: `${file} changed on disk since you opened it; nothing was saved.`,
    hint: 'Compare your version with the one on disk, then keep yours, take theirs or merge them by hand.',
  }),
  badToken: (): AuthorError => ({
    code: 'bad-token',
    form: {
      hint: 'Open the editor from the address you were given to start it (it ends with ?token=…).',
    },
    message: 'This request has no valid editor session token.',
    hint: 'Open the editor with the URL that `npm run edit` printed (it ends with ?token=…).',
  }),
  /** The page shown instead of the editor when its address has no valid key (a browser's tab). */
  noSession: (): AuthorError => ({
    code: 'no-session',
    form: 'same',
    message:
      'The page editor opens only from the address it printed when it started: that address ends with its key (?token=…), and this one has none or an old one.',
    hint: 'Open the address shown in the window where the editor was started. If the editor is not running any more, start it again and open the new address it shows.',
  }),
  /** An open tab whose key the editor refuses: the editor was restarted with a new key. */
  sessionEnded: (): AuthorError => ({
    code: 'session-ended',
    form: 'same',
    message: "The editor was restarted, so this tab's session has ended.",
    hint: 'Open the new address shown in the window where the editor was started. Edits you had not saved are kept in this browser and offered back when you open their page.',
  }),
  /** An open tab that cannot reach the editor at all. */
  unreachable: (): AuthorError => ({
    code: 'editor-unreachable',
    form: 'same',
    message: 'The editor is not answering: it may have been stopped.',
    hint: 'Start it again if it was stopped; this tab notices when it is back. Unsaved edits stay in this browser.',
  }),
  badHost: (host: string): AuthorError => ({
    code: 'bad-host',
    form: { hint: 'Open the editor from the address you were given to start it.' },
    message: `Refused a request for host ${echo(host)}: the editor answers only to its own address.`,
    hint: 'Open the editor with the URL that `npm run edit` printed.',
  }),
  badOrigin: (origin: string): AuthorError => ({
    code: 'bad-origin',
    form: { hint: 'Use the editor in its own tab, at the address you were given to start it.' },
    message: `Refused a request from ${echo(origin)}: only the editor's own pages may call it.`,
    hint: 'Use the editor in its own tab, at the URL that `npm run edit` printed.',
  }),
  badRequest: (what: string): AuthorError => ({
    code: 'bad-request',
    form: 'same',
    message: `The request is missing ${what}.`,
    hint: 'This is a bug in the editor app; reload the page.',
  }),
  notFound: (url: string): AuthorError => ({
    code: 'not-found',
    form: { hint: 'Open the editor from the address you were given to start it.' },
    message: `Nothing at ${echo(url)}.`,
    hint: 'Open the editor with the URL that `npm run edit` printed.',
  }),
  nameTooLong: (given: string, max: number): AuthorError => ({
    code: 'name-too-long',
    form: 'same',
    message: `${echo(given)} is too long: each name in a path may have at most ${max} bytes.`,
    hint: 'Choose a shorter file name (the route of a page is its file name).',
  }),
  cannotWrite: (file: string, reason: string): AuthorError => ({
    code: 'cannot-write',
    form: 'same',
    message: `${echo(file)} could not be written: ${reason}. Nothing was changed.`,
    hint: 'Choose another name, or fix the file or folder on disk with a file manager.',
  }),
  bodyTooLarge: (maxBytes: number): AuthorError => ({
    code: 'body-too-large',
    form: 'same',
    message: `The request is larger than ${maxBytes / (1024 * 1024)} MB, the most the editor accepts.`,
    hint: 'A page this large is better split into several pages.',
  }),
  internal: (): AuthorError => ({
    code: 'internal',
    form: {
      message: 'The editor failed to answer this request.',
      hint: 'Try again; if it keeps failing, ask whoever started the editor to restart it.',
    },
    message:
      'The editor failed to answer this request; the terminal running `npm run edit` says why.',
    hint: 'Try again; if it keeps failing, restart `npm run edit`.',
  }),
  notAPage: (file: string): AuthorError => ({
    code: 'not-a-page',
    form: 'same',
    message: `${file} is not a page: only files in pages/ can be deleted from the editor.`,
    hint: 'Delete other files with a code editor.',
  }),
  invalidDocument: (detail: string): AuthorError => ({
    code: 'not-editable',
    form: 'text-only',
    message: `The file cannot be edited field by field: ${detail}`,
    hint: 'Fix the YAML in the text view first (the problems list says where).',
  }),
  started: (url: string): string =>
    [
      `Page editor running at ${url}`,
      "Open that URL (it holds this session's token); press Ctrl+C to stop. Pages are saved to pages/ as you click Save.",
    ].join('\n'),
} as const;

/**
 * The page editor's language switch and its view of a translation beside its source (editor/app/
 * translation/). The author's words: source, translation, reviewed.
 */
export const translationEditorWords = {
  viewTitle: 'Source and translation',
  summary: (fields: number, source: string): string =>
    `${fields} ${fields === 1 ? 'field' : 'fields'} changed in the ${source} page since ${fields === 1 ? 'it was' : 'they were'} translated.`,
  intro: (source: string): string =>
    `Each field shows the ${source} text it was translated from, the ${source} text now and the translation. Update the translation where the meaning changed, then mark the field reviewed.`,
  changesLegend: 'Words taken out of the source are struck through; words put in are underlined.',
  open: 'Compare with the source',
  close: 'Back to the preview',
  before: (source: string): string => `${source} when translated`,
  now: (source: string): string => `${source} now`,
  translation: (language: string): string => `Translation (${language})`,
  edit: 'Edit the translation',
  markReviewed: 'Mark reviewed',
  markAllReviewed: 'Mark all reviewed',
  marked: (fields: number): string =>
    `${fields} ${fields === 1 ? 'field' : 'fields'} marked reviewed. Save to keep it.`,
  upToDate: 'Every field is reviewed: the translation matches its source.',
  unfollowed: (problems: number, source: string): string =>
    `${problems} ${problems === 1 ? 'problem comes' : 'problems come'} from changes to the ${source} page (blocks or links added, moved or removed). The translation can follow them: your translated texts stay, new blocks show in ${source} until you translate them.`,
  follow: 'Follow the original page',
  translationsFollowed: (languages: string, count: number): string =>
    `The ${languages} ${count === 1 ? 'page follows' : 'pages follow'} your changes: moved blocks moved there too, new ones show in this page's language until translated.`,
  followed: 'The translation follows the original page again. Save to keep it.',
  switchLabel: (language: string): string =>
    `Language: ${language}. Open this page in another language`,
  states: {
    source: 'original',
    translated: 'translated',
    stale: 'out of date',
    partial: 'partly translated',
    problems: 'has errors',
    untranslated: 'not translated',
  },
  create: (language: string): string => `Create the ${language} translation`,
  createFailed: (language: string): string => `Could not start the ${language} translation`,
} as const;

/** expectedHint in a form's words: what to fill in, not how to type it. */
function expectedFormHint(expected: Expected): string {
  const options = expected.kind === 'one-of' ? expected.options : [expected];
  const first = options[0];
  if (options.length === 1 && first?.kind === 'list') return 'Add the items one by one.';
  if (options.length === 1 && first?.kind === 'boolean') return 'Choose yes or no.';
  if (options.length === 1 && first?.kind === 'fields') return 'Fill in its fields.';
  return `Enter ${expectedWords(expected, 'form')}, like the example of this block at /_blocks.`;
}

/**
 * The editor's Publish, Get latest, Changes, Versions and In review (editor/git/,
 * editor/server/publishing.ts). The words are the author's: publish, get the latest, changes,
 * versions, in review; never git's.
 */
/** Why two versions of a file are not combined field by field: the author chooses a whole file. */
export type WholeFileReason =
  | 'too-large'
  | 'not-utf8'
  | 'not-yaml'
  | 'removed'
  | 'added-twice'
  | 'not-text'
  | 'not-field-by-field'
  | 'too-slow';

export const publishMessages = {
  unavailable: (
    why:
      | 'no-git'
      | 'git-missing'
      | 'not-top'
      | 'busy'
      | 'detached'
      | 'no-commit'
      | 'odd-branch'
      | 'no-remote'
      | 'not-published',
  ): AuthorError => {
    const reasons: Record<typeof why, [string, string]> = {
      'no-git': [
        'This project is not kept in git, so the editor cannot publish it.',
        'Your saves go to the files on disk as before. Ask a developer to put the project in git with a remote to publish from here.',
      ],
      'git-missing': [
        'git is not installed on this computer, so the editor cannot publish.',
        'Your saves go to the files on disk as before. Ask a developer to install git.',
      ],
      'not-top': [
        'The project is a folder inside a larger git repository; the editor publishes only a project at the top of its repository.',
        'Your saves go to the files on disk as before. Ask a developer to publish them.',
      ],
      busy: [
        'A developer is in the middle of combining versions in this copy of the project (a git operation is unfinished), so the editor does not publish now.',
        'Your saves go to the files on disk as before. Ask the developer to finish, then publish again.',
      ],
      detached: [
        'This copy of the project is showing an old version rather than following the published one, so the editor does not publish from it.',
        'Your saves go to the files on disk as before. Ask a developer to switch the copy back to its branch.',
      ],
      'no-commit': [
        'Nothing of this project has been recorded in git yet, so there is no published version to compare with.',
        'Your saves go to the files on disk as before. Ask a developer to record and publish the project once.',
      ],
      'odd-branch': [
        'This copy of the project follows a version whose name the editor does not handle (unusual characters).',
        'Your saves go to the files on disk as before. Ask a developer to rename it.',
      ],
      'no-remote': [
        'This project has no place to publish to (no remote repository is set up).',
        'Your saves go to the files on disk as before. Ask a developer to connect the project to its repository.',
      ],
      'not-published': [
        'The published version of this project could not be found on its repository.',
        'Check your network, then try Get latest again; if it persists, ask a developer to publish the project once.',
      ],
    };
    const [message, hint] = reasons[why];
    return { code: `publish-unavailable-${why}`, form: 'same', message, hint };
  },
  badInput: (field: 'name' | 'email' | 'message'): AuthorError =>
    (
      ({
        name: {
          code: 'publish-bad-name',
          form: 'same',
          message: 'Your name is needed for the record of who published what, without < or >.',
          hint: 'Write your name as colleagues know it, e.g. Priya Sharma.',
        },
        email: {
          code: 'publish-bad-email',
          form: 'same',
          message: 'Your e-mail address is needed for the record of who published what.',
          hint: 'Write your work address, e.g. priya@company.com.',
        },
        message: {
          code: 'publish-bad-message',
          form: 'same',
          message: 'A publish needs a short description of what changed.',
          hint: 'Keep the prefilled description or write a sentence about your change.',
        },
      }) satisfies Record<string, AuthorError>
    )[field],
  refused: (count: number): AuthorError => ({
    code: 'publish-refused',
    form: 'same',
    message: `Nothing was published: the site has ${count === 1 ? 'a problem' : `${count} problems`} that would stop it from going live.`,
    hint: 'Open each problem below, fix it, then publish again.',
  }),
  conflicts: (files: number): AuthorError => ({
    code: 'publish-conflicts',
    form: 'same',
    message: `A colleague changed the same ${files === 1 ? 'field' : 'fields'} as you; nothing was published yet.`,
    hint: 'Choose which version to keep on the conflict screen, then publish again.',
  }),
  blocked: (files: readonly string[]): AuthorError => ({
    code: 'publish-code-conflict',
    form: 'same',
    message: `The latest version has changes to the site's code that clash with code changes in this copy (${list(files, 5)}).`,
    hint: 'Your pages are saved on disk. Ask a developer to bring the code together, then publish again.',
  }),
  unrelated: (): AuthorError => ({
    code: 'publish-unrelated',
    form: 'same',
    message:
      'The published version was replaced by one that has nothing in common with this copy of the project, so the editor neither brings it in nor publishes over it.',
    hint: 'Your pages stay as they are on this computer and you can go on editing them. Ask a developer to bring the two versions together; then publish again.',
  }),
  listChanged: (): AuthorError => ({
    code: 'publish-list-changed',
    form: 'same',
    message:
      'The list of changes is different from what you saw (a file changed meanwhile); nothing was published.',
    hint: 'Look at the Changes list again, then publish.',
  }),
  nothing: (): AuthorError => ({
    code: 'publish-nothing',
    form: 'same',
    message: 'There is nothing to publish: every page is the same as the published version.',
    hint: 'Make a change and save it first.',
  }),
  savedLocally: (
    problem: 'offline' | 'denied' | 'stale' | 'refused' | 'timeout' | 'other',
  ): AuthorError => {
    const why: Record<typeof problem, [string, string]> = {
      offline: [
        'The repository could not be reached (no network, or its address is wrong).',
        'Check your connection and press Publish again: it sends what is waiting.',
      ],
      timeout: [
        'The repository took too long to answer.',
        'Press Publish again in a moment: it sends what is waiting.',
      ],
      denied: [
        'The repository refused this computer: its sign-in is missing or has no right to publish.',
        'Ask a developer to give this computer access, then press Publish again.',
      ],
      refused: [
        'The repository refused the change (the published version may be protected).',
        'Ask a developer whether this site publishes through review, then press Publish again.',
      ],
      stale: [
        'Colleagues kept publishing at the same moment, several times in a row.',
        'Press Publish again: it brings their changes in and sends yours.',
      ],
      other: [
        'The repository did not accept the change.',
        'Press Publish again; if it persists, ask a developer (the editor log has the details).',
      ],
    };
    const [reason, hint] = why[problem];
    return {
      code: `publish-saved-locally-${problem}`,
      form: 'same',
      message: `Your change is saved on this computer but not published yet. ${reason}`,
      hint,
    };
  },
  latestUnreachable: (
    problem: 'offline' | 'denied' | 'stale' | 'refused' | 'timeout' | 'other',
  ): AuthorError => ({
    code: `latest-unreachable-${problem}`,
    form: 'same',
    message:
      problem === 'denied'
        ? 'The repository refused this computer, so the latest version could not be fetched; nothing changed here.'
        : problem === 'offline' || problem === 'timeout'
          ? 'The latest version could not be fetched (no network, or the repository did not answer); nothing changed here.'
          : 'The repository answered, but the latest version could not be fetched from it; nothing changed here.',
    hint:
      problem === 'denied'
        ? 'Ask a developer to give this computer access, then try Get latest again.'
        : problem === 'offline' || problem === 'timeout'
          ? 'Check your connection and try Get latest again.'
          : 'Try Get latest again. If it keeps happening, ask a developer (the terminal where the editor runs has the details).',
  }),
  upToDate: (): string => 'You have the latest version.',
  gotLatest: (files: number): string =>
    `Got the latest version (${files === 1 ? 'one file' : `${files} files`} updated).`,
  latestConflicts: (files: number): string =>
    `Got the latest version. A colleague changed the same ${files === 1 ? 'field' : 'fields'} as you: choose which version to keep.`,
  latestWaits: (files: number): string =>
    `Choose what to keep in the ${files === 1 ? 'file' : `${files} files`} with a conflict first; then Get latest brings in what colleagues published since.`,
  published: (files: number): string =>
    `Published ${files === 1 ? 'one file' : `${files} files`}. The site updates once the deploy has run.`,
  inReview: (): string =>
    'Sent for review. A colleague approves it; then it goes live. Open the review page to ask for it.',
  unknownConflict: (file: string): AuthorError => ({
    code: 'publish-no-conflict',
    form: 'same',
    message: `There is no conflict to resolve in ${file} (it may have been resolved already).`,
    hint: 'Reload the Changes screen.',
  }),
  choiceMissing: (file: string): AuthorError => ({
    code: 'publish-choice-missing',
    form: 'same',
    message: `Choose a version for every conflict in ${file} first.`,
    hint: 'Pick "Keep mine", "Take theirs" or edit the value for each one.',
  }),
  changedSinceConflict: (file: string): AuthorError => ({
    code: 'publish-changed-since-conflict',
    form: 'same',
    message: `${file} changed after the conflict was found, and your choices could not be combined with those changes (it may have a mistake that stops it from being read). Nothing was changed.`,
    hint: 'Open the page, fix the problem it shows, then choose again.',
  }),
  /**
   * An operation that stopped part way (Get latest, Publish, restoring a version, discarding a
   * change): undone, the copy is as it was before it.
   */
  interrupted: (reason: 'index-locked' | 'branch-moved' | 'write-failed'): AuthorError => {
    const why: Record<typeof reason, [string, string]> = {
      'index-locked': [
        'Another program is working on this copy of the project right now (a developer tool, or one that stopped without tidying up), so the editor stopped. Nothing was changed.',
        'Wait a minute and try again. If this keeps happening, ask a developer to check the project: a program left its work unfinished.',
      ],
      'branch-moved': [
        'Someone changed this copy of the project outside the editor while it was working, so it stopped. Nothing was changed.',
        'Try again; the editor starts from the copy as it is now.',
      ],
      'write-failed': [
        'A file could not be written, so the editor stopped and put everything back as it was. Nothing was changed.',
        'Check that the disk is not full and that no other program has the files open, then try again.',
      ],
    };
    const [message, hint] = why[reason];
    return { code: `publish-interrupted-${reason}`, form: 'same', message, hint };
  },
  /** A git command that failed for a reason the editor has no words of its own for. */
  failed: (): AuthorError => ({
    code: 'publish-failed',
    form: 'same',
    message:
      'The editor could not finish this. Your pages are saved on this computer; nothing was published.',
    hint: 'Try again. If it happens again, ask a developer (the terminal where the editor runs has the details).',
  }),
  /** Taking too long (a slow disk or a very large project). */
  tooSlow: (): AuthorError => ({
    code: 'publish-too-slow',
    form: 'same',
    message: 'This took too long, so the editor stopped it. Your pages are saved on this computer.',
    hint: 'Try again in a moment.',
  }),
  /**
   * Shown once the editor finished or undid an operation the editor's last run left unfinished.
   */
  recovered: (
    op: 'latest' | 'publish' | 'restore' | 'discard' | 'resolve',
    /** Finished (true), undone (false), or either (undefined). */
    done: boolean | undefined,
  ): string => {
    const what = {
      latest: 'Get latest',
      publish: 'Publish',
      restore: 'restoring a version',
      discard: 'discarding a change',
      resolve: 'choosing between two versions',
    }[op];
    if (done === undefined)
      return `The editor stopped during ${what} last time; it has now finished or undone it, so your pages are whole. Check the Changes list, and try it again if it is not done.`;
    return done
      ? `The editor stopped during ${what} last time; it has now finished it. Your pages are as they should be.`
      : `The editor stopped during ${what} last time; it has now put everything back as it was before. Try it again if you still want it.`;
  },
  /** A file of the project the editor leaves alone (Changes lists it, never publishes it). */
  waitingFile: (
    why: 'link' | 'name' | 'folder-link' | 'not-a-file' | 'in-the-way',
  ): { label: string; detail: string } =>
    why === 'link' || why === 'folder-link'
      ? {
          label: 'A link the editor does not edit',
          detail:
            'A colleague set this up as a link to another file. The editor neither changes nor publishes it; it stays as published.',
        }
      : {
          label: 'Waiting: cannot be opened here',
          detail:
            why === 'name'
              ? 'Its name has characters the editor does not handle. It stays as published; a developer can rename it.'
              : 'It is not a page or a file the editor can open. It stays as published; a developer can look at it.',
        },
  /** Restoring a version refused: nothing was changed. */
  restoreRefused: (
    file: string,
    reason: 'not-a-version' | 'no-such-file-there' | 'cannot-open-here',
  ): AuthorError => ({
    code: `publish-restore-${reason}`,
    form: 'same',
    message:
      reason === 'no-such-file-there'
        ? `${file} did not exist in that version, so there is nothing to restore. Your page is unchanged.`
        : reason === 'cannot-open-here'
          ? `${file} cannot be opened in the editor, so it is not restored. Nothing was changed.`
          : `That version of ${file} was not found. Nothing was changed.`,
    hint: 'Reload the Versions list and choose another version.',
  }),
  /** Discarding a change refused: nothing was changed. */
  discardRefused: (
    file: string,
    reason: 'not-changed' | 'cannot-open-here' | 'unrelated' | 'not-published',
  ): AuthorError => ({
    code: `publish-discard-${reason}`,
    form: 'same',
    message:
      reason === 'not-changed'
        ? `${file} has no change of yours to discard.`
        : reason === 'cannot-open-here'
          ? `${file} cannot be opened in the editor, so the editor does not discard it. Nothing was changed.`
          : reason === 'unrelated'
            ? 'The published version was replaced by one that has nothing in common with this copy, so the editor cannot tell which version to go back to. Nothing was changed.'
            : 'The published version could not be found, so there is no version to go back to. Nothing was changed.',
    hint: 'Reload the Changes list.',
  }),
  notShown: (file: string): AuthorError => ({
    code: 'publish-not-shown',
    form: 'same',
    message: `That version of ${file} is larger than 1 MB or holds characters the editor cannot read, so it is not shown here.`,
    hint: 'Its file is kept exactly as it is; a developer can open it.',
  }),
  /** The label of a whole-file choice on the conflict screen: why it is not field by field. */
  wholeFile: (reason: WholeFileReason): string =>
    `The whole file (${
      {
        'too-large': 'a version is larger than 1 MB, the most the editor reads in a page',
        'not-utf8':
          'a version holds characters the editor cannot read, so it is kept exactly as it is',
        'not-yaml': 'a version has a mistake that stops it from being read field by field',
        removed: 'one of you removed it',
        'added-twice': 'you both created it',
        'not-text': 'it is an image or a file, not a page',
        'not-field-by-field': 'the two versions could not be combined field by field',
        'too-slow': 'combining the two versions took too long',
      }[reason]
    })`,
  unknownVersion: (file: string): AuthorError => ({
    code: 'publish-no-version',
    form: 'same',
    message: `That version of ${file} was not found.`,
    hint: 'Reload the Versions list.',
  }),
} as const;

/**
 * Languages (site.config.yaml `locales`) and translations checked against their source page
 * (engine/check-translation.ts).
 */
/** The way out of a translation whose structure no longer follows its source's, in a terminal. */
const FOLLOW_SOURCE_FILE =
  'Run npm run validate -- --fix-translations: it moves, adds and removes blocks and list items as in the source (new ones stay untranslated, shown from the source), copies links and other values, and keeps every translated text.';
/** The same, in the page editor, where the button does it. */
const FOLLOW_SOURCE_FORM =
  'Choose "Follow the original page" above the form: blocks and list items are moved, added and removed as there (new ones stay untranslated until you translate them), links and pictures are copied, and every translated text stays.';

export const translationErrors = {
  defaultLocaleUnknown: (code: string, codes: readonly string[]): AuthorError => ({
    code: 'locale-default-unknown',
    form: 'same',
    message: `The default language ${quote(code)} is not in the list of languages.`,
    hint: `Write one of the listed codes (${list(codes)}), or add ${quote(code)} to "list".`,
  }),
  localeListedTwice: (code: string): AuthorError => ({
    code: 'locale-listed-twice',
    form: 'same',
    message: `The language ${quote(code)} is listed twice.`,
    hint: 'Keep one of the two entries.',
  }),
  siteWordMissing: (text: string, locale: string, line: number): AuthorError => ({
    code: 'site-word-missing',
    form: {
      message: `The text ${quote(text)} of the site settings has no ${locale} version: ${locale} pages show it untranslated.`,
      hint: `Add its ${locale} version to the labels of this language in the site settings.`,
    },
    message: `The text ${quote(text)} (site.config.yaml, line ${line}) has no ${locale} version: ${locale} pages show it untranslated.`,
    hint: `Add it under "labels" of this language by its place, e.g. footer.copyright: { text: <the text in ${locale}>, from: ${JSON.stringify(text)} }.`,
  }),
  siteWordStale: (
    label: string,
    locale: string,
    line: number,
    was: string,
    now: string,
  ): AuthorError => ({
    code: 'site-word-stale',
    form: {
      message: `The ${locale} text ${quote(label)} of the site settings was translated from ${quote(was)}, which is now ${quote(now)}: ${locale} pages show the old translation.`,
      hint: `Update its ${locale} version in the site settings.`,
    },
    message: `The ${locale} label ${quote(label)} was translated from ${quote(was)}, but that text (site.config.yaml, line ${line}) is now ${quote(now)}: ${locale} pages keep showing the label until it is updated.`,
    hint: `Update "text" to the new translation and "from" to ${JSON.stringify(now)}.`,
  }),
  siteWordUnused: (key: string): AuthorError => ({
    code: 'site-word-unused',
    form: 'same',
    message: `The label ${quote(key)} is for no text of site.config.yaml.`,
    hint: 'Its key is the place of a text (footer.copyright, navigation.items.0.label): correct it, or delete the label.',
  }),
  noSource: (file: string, sourceRoute: string, locale: string): AuthorError => ({
    code: 'translation-without-source',
    form: {
      message: `This is a ${locale} translation of ${sourceRoute}, but no page has that address.`,
      hint: `Create the page ${sourceRoute} in the default language first.`,
    },
    message: `${file} is a ${locale} translation of ${sourceRoute}, but no page has that route.`,
    hint: `Create the page in the default language first (npm run new-page -- ${sourceRoute}), or move this file.`,
  }),
  blockExtra: (
    index: number,
    type: string,
    sourceFile: string,
    sourceBlocks: number,
  ): AuthorError => ({
    code: 'translation-block-extra',
    form: {
      message: `Block ${index + 1} (${fieldWords(type)}) is not on the original page.`,
      hint: FOLLOW_SOURCE_FORM,
    },
    message: `Block ${index + 1} (${quote(type)}) has no counterpart in the source ${sourceFile}, which has ${plural(sourceBlocks, 'block')}.`,
    hint: FOLLOW_SOURCE_FILE,
  }),
  blockMissing: (index: number, type: string, at: string): AuthorError => ({
    code: 'translation-block-missing',
    form: {
      message: `Block ${index + 1} (${fieldWords(type)}) of the original page is missing here.`,
      hint: FOLLOW_SOURCE_FORM,
    },
    message: `The source's block ${index + 1} (${quote(type)}, ${at}) is missing from this translation.`,
    hint: FOLLOW_SOURCE_FILE,
  }),
  blockMoved: (index: number, type: string, sourceType: string, at: string): AuthorError => ({
    code: 'translation-block-moved',
    form: {
      message: `Block ${index + 1} is a ${fieldWords(type)} block here, but a ${fieldWords(sourceType)} block on the original page.`,
      hint: FOLLOW_SOURCE_FORM,
    },
    message: `Block ${index + 1} is a ${quote(type)} block here, but the source's block ${index + 1} (${at}) is a ${quote(sourceType)} block.`,
    hint: FOLLOW_SOURCE_FILE,
  }),
  valueDiffers: (field: string, value: string, sourceValue: string, at: string): AuthorError => ({
    code: 'translation-value-differs',
    form: {
      message: `${field} is ${value} here but ${sourceValue} on the original page: only texts are translated.`,
      hint: FOLLOW_SOURCE_FORM,
    },
    message: `${field} is ${value} here but ${sourceValue} in the source (${at}): only texts are translated.`,
    hint: `Write ${sourceValue} as in the source, or change it in the source page. ${FOLLOW_SOURCE_FILE}`,
  }),
  valueMissing: (field: string, sourceValue: string, at: string): AuthorError => ({
    code: 'translation-value-missing',
    form: {
      message: `${field} is ${sourceValue} on the original page but missing here.`,
      hint: FOLLOW_SOURCE_FORM,
    },
    message: `${field} is ${sourceValue} in the source (${at}) but missing here.`,
    hint: `A translation keeps the icons, images, links and numbers of its source. ${FOLLOW_SOURCE_FILE}`,
  }),
  valueExtra: (field: string, sourceFile: string): AuthorError => ({
    code: 'translation-value-extra',
    form: { message: `${field} is not on the original page.`, hint: FOLLOW_SOURCE_FORM },
    message: `${field} is not in the source ${sourceFile}.`,
    hint: `Delete it here, or add it to the source page first. ${FOLLOW_SOURCE_FILE}`,
  }),
  textMissing: (field: string, at: string): AuthorError => ({
    code: 'translation-text-missing',
    form: {
      message: `${field} has a text on the original page but none here.`,
      hint: FOLLOW_SOURCE_FORM,
    },
    message: `${field} has a text in the source (${at}) but none here.`,
    hint: `Add its translation. ${FOLLOW_SOURCE_FILE}`,
  }),
  stale: (field: string, at: string, was: string, now: string): AuthorError => ({
    code: 'translation-stale',
    form: {
      message: `${field} changed in the source since this translation was made (was: '${was}', now: '${now}').`,
      hint: 'Update the translation, then mark the field as reviewed.',
    },
    message: `${field} changed in ${at} since this translation was made (was: '${was}', now: '${now}').`,
    hint: 'Update the translation, then mark it reviewed: copy the new source text into its line under "translatedFrom", or run npm run new-page -- --reviewed <this file>.',
  }),
  unrecorded: (field: string, key: string): AuthorError => ({
    code: 'translation-unrecorded',
    form: { hint: 'Mark the field as reviewed once its translation is checked.' },
    message: `${field} has no record of the source text it was translated from, so a later change of the source cannot be noticed.`,
    hint: `Add the source text under "translatedFrom" as ${JSON.stringify(key)}: <the text in the source> once the translation is checked.`,
  }),
  textUntranslated: (field: string, language: string): AuthorError => ({
    code: 'translation-text-untranslated',
    form: {
      message: `${field} is not translated yet: it is shown in ${language}.`,
      hint: 'Write its translation in this field.',
    },
    message: `${field} is not translated yet: it is shown in ${language} (it is the source's text, with no line under "translatedFrom").`,
    hint: 'Write its translation here, then copy the source text into its line under "translatedFrom" (or run npm run new-page -- --reviewed <this file>).',
  }),
  partial: (index: number, type: string, language: string): AuthorError => ({
    code: 'translation-partial',
    form: { hint: 'Translate the block when you can.' },
    message: `Block ${index + 1} (${quote(type)}) is not translated: it is shown in ${language}.`,
    hint: 'Translate the block (replace "untranslated: true" with its fields, copied from the source) when you can.',
  }),
  partialNotAllowed: (index: number, type: string, locale: string): AuthorError => ({
    code: 'translation-partial-not-allowed',
    form: {
      message: `Block ${index + 1} (${quote(type)}) is not translated yet: it is shown in the default language.`,
      hint: 'Translate the block before the site goes live.',
    },
    message: `Block ${index + 1} (${quote(type)}) is not translated yet: it is shown in the default language, though ${locale} translations are meant to be complete.`,
    hint: `Translate the block (replace "untranslated: true" with its fields, copied from the source), or allow partial translations with "partial: true" on the ${locale} language in site.config.yaml. With "untranslatedInProduction: error" under "locales", npm run validate -- --production fails on it.`,
  }),
  untranslatedOutsideTranslation: (index: number): AuthorError => ({
    code: 'untranslated-outside-translation',
    form: {
      message: `Block ${index + 1} is marked as not translated, but this page is not a translation.`,
      hint: 'Write the block in full: only a translation may leave a block untranslated.',
    },
    message: `Block ${index + 1} says "untranslated: true", but this page is not a translation.`,
    hint: 'Write the block in full; "untranslated" is only for translations (pages/<language>/…).',
  }),
  linkToUntranslated: (target: string, locale: string, code: string): AuthorError => ({
    code: 'link-to-untranslated',
    form: { hint: `Translate ${target} into ${locale} first, or link to a translated page.` },
    message: `This button leads to ${target}, which has no ${locale} translation: visitors land on the page in the default language.`,
    hint: `Translate that page (npm run new-page -- --translate ${code} ${target}), or link to a translated page.`,
  }),
} as const;

/**
 * How to write a value of the expected kind; for several kinds, the first one's advice (or a list
 * of them).
 */
function expectedHint(expected: Expected): string {
  const options = expected.kind === 'one-of' ? expected.options : [expected];
  const first = options[0];
  const several = new Set(options.map((option) => valueKindWords(option))).size > 1;
  if (first?.kind === 'list')
    return 'Write each item on its own line starting with "- ", indented under the field.';
  if (!several && first?.kind === 'text')
    return 'Write the text after the colon; put it in quotes if it looks like a number, yes/no or a date.';
  if (options.some((option) => option.kind === 'number' || option.kind === 'whole-number'))
    return 'Write the number without quotes or units, e.g. 35.';
  if (!several && first?.kind === 'boolean') return 'Write true or false without quotes.';
  if (first?.kind === 'fields')
    return 'Write the fields on the lines below, one "key: value" per line, lined up with each other (in a list, the first one right after "- ").';
  if (several)
    return `Write ${expectedWords(expected)}, like the example of this block at /_blocks.`;
  return 'Compare it with the example of this block at /_blocks.';
}

/**
 * What the page editor says about an image an author adds from their computer, or removes from the
 * Media screen (editor/server/media/). The file's name is the author's own; nothing here names a
 * folder of the machine.
 */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const formatList = (formats: readonly string[]) =>
  formats.length > 1
    ? `${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}`
    : (formats[0] ?? '');
const EXPORT_AGAIN =
  'Open it in an image program, export it as JPEG (photos) or PNG (drawings, screenshots), then add it again.';

export const imageMessages = {
  notAnImage: (name: string): AuthorError => ({
    code: 'image-not-an-image',
    form: 'same',
    message: `${echo(name)} is not an image the site can show.`,
    hint: 'Choose a JPEG, PNG, WebP, AVIF or GIF file.',
  }),
  svg: (name: string): AuthorError => ({
    code: 'image-svg',
    form: 'same',
    message: `${echo(name)} is an SVG drawing. The editor does not add SVG files: they can hold code that would run on the site.`,
    hint: 'Export the drawing as PNG and add that, or ask a developer to add the SVG file.',
  }),
  otherFormat: (name: string, format: string): AuthorError => ({
    code: 'image-format',
    form: 'same',
    message: `${echo(name)} is a ${format} image, which browsers do not show.`,
    hint: EXPORT_AGAIN,
  }),
  damaged: (name: string): AuthorError => ({
    code: 'image-damaged',
    form: 'same',
    message: `${echo(name)} could not be read: the file is damaged or cut short.`,
    hint: EXPORT_AGAIN,
  }),
  tooLarge: (maxBytes: number): AuthorError => ({
    code: 'image-too-large',
    form: 'same',
    message: `The file is larger than ${megabytes(maxBytes)}, the most the editor takes for an image.`,
    hint: 'Export it smaller: 2,500 pixels wide is plenty for any place on the site, and a photo that size is about 1 MB.',
  }),
  tooManyPixels: (name: string, width: number, height: number, maxPixels: number): AuthorError => ({
    code: 'image-too-many-pixels',
    form: 'same',
    message: `${echo(name)} is ${width.toLocaleString('en')} × ${height.toLocaleString('en')} pixels (${Math.round((width * height) / 1e6)} megapixels); the editor takes images of up to ${maxPixels / 1e6} megapixels.`,
    hint: 'Export it smaller: 2,500 pixels wide is plenty for any place on the site.',
  }),
  animated: (name: string, frames: number): AuthorError => ({
    code: 'image-animated',
    form: 'same',
    message: `${echo(name)} is an animation (${frames} frames). Images on the site are shown still, so only its first frame would be seen.`,
    hint: 'Choose a still image: export the frame you want as PNG or JPEG.',
  }),
  notForField: (name: string, format: string, accepted: readonly string[]): AuthorError => ({
    code: 'image-not-for-field',
    form: 'same',
    message: `This field takes ${formatList(accepted)} images; ${echo(name)} is ${format}.`,
    hint: `Export it as ${formatList(accepted.slice(0, 2))}, then add it again.`,
  }),
  inUse: (image: string, pages: readonly string[]): AuthorError => ({
    code: 'image-in-use',
    form: 'same',
    message: `${image} is used on ${pages.length === 1 ? 'one page' : `${pages.length} pages`} (${list(pages, 5)}), so it was not removed.`,
    hint: 'Choose another image on those pages first, then remove this one.',
  }),
  notAnImageFile: (given: string): AuthorError => ({
    code: 'image-not-removable',
    form: 'same',
    message: `${echo(given)} is not an image in the site's files: the Media screen removes only images.`,
    hint: 'Reload the Media screen to see the images as they are now.',
  }),
} as const;

/**
 * The team editor (`npm run team`): site.config.yaml › team, its refusals (each answered 403 in
 * these words), its sign-in and the words of its own pages.
 */
export type TeamAction =
  | 'edit-pages'
  | 'publish'
  | 'change-settings'
  | 'upload-files'
  | 'discard-changes'
  | 'read-audit'
  | 'approve-changes';

const ACTION_WORDS: Record<TeamAction, string> = {
  'edit-pages': 'change pages',
  publish: 'publish changes',
  'change-settings': 'change the site settings and the team',
  'upload-files': 'add or replace images and other files',
  'discard-changes': 'discard the saved changes of the site',
  'read-audit': 'read the record of who did what',
  'approve-changes': 'approve or send back colleagues’ changes',
};

/** Why a sign-in did not end with a session, as the sign-in callback found it. */
export type SignInProblem =
  'expired-or-used' | 'refused-by-provider' | 'no-verified-email' | 'provider-unreachable';

const article = (role: string) => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);

export const teamMessages = {
  personListedTwice: (email: string): AuthorError => ({
    code: 'team-person-twice',
    form: 'same',
    message: `${quote(email)} is on the team twice (e-mail addresses are compared in any case).`,
    hint: 'Keep one entry for this person, with the highest role and every page they need.',
  }),
  groupListedTwice: (group: string): AuthorError => ({
    code: 'team-group-twice',
    form: 'same',
    message: `The group ${quote(group)} is on the team twice.`,
    hint: 'Keep one entry for this group, with the highest role and every page its members need.',
  }),
  notOnTeam: (email: string): AuthorError => ({
    code: 'not-on-team',
    form: 'same',
    message: `You are signed in as ${echo(email)}, but that address is not on this site's team.`,
    hint: 'Ask an admin of the site to add you to the team, then sign in again.',
  }),
  roleNeeded: (action: TeamAction, needed: string, yours: string): AuthorError => ({
    code: 'role-needed',
    form: 'same',
    message: `Only ${article(needed)} may ${ACTION_WORDS[action]}; you are ${article(yours)} of this site. Nothing was changed.`,
    hint: 'Ask an admin of the site for the role, or ask a colleague who has it.',
  }),
  pageNotYours: (route: string, allowed: readonly string[]): AuthorError => ({
    code: 'page-not-yours',
    form: 'same',
    message: `You may change only the pages ${list(allowed)}; ${echo(route)} is not one of them. Nothing was changed.`,
    hint: 'Ask an admin of the site to add the page to yours, or ask a colleague to change it.',
  }),
  filesNotYours: (allowed: readonly string[]): AuthorError => ({
    code: 'files-not-yours',
    form: 'same',
    message: `You may change only the pages ${list(allowed)}; images and other files every page shares are not yours to change. Nothing was changed.`,
    hint: 'Ask an author who may change every page to add or replace the file.',
  }),
  onlyTranslatable: (field: string): AuthorError => ({
    code: 'only-translatable',
    form: 'same',
    message: `You may change only the words of the page; ${field} is not a text to translate. Nothing was saved.`,
    hint: 'Leave it as it is (undo that change) and save again, or ask an author of the page to change it.',
  }),
  reviewRequired: (): AuthorError => ({
    code: 'review-required',
    form: 'same',
    message: 'On this site nobody publishes their own change: a colleague reviews it first.',
    hint: 'Send it for review on the Changes screen: a publisher of the site approves and publishes it.',
  }),
  identityFromSignIn: (): AuthorError => ({
    code: 'identity-from-sign-in',
    form: 'same',
    message: 'Your name and e-mail address come from your sign-in here and cannot be changed.',
    hint: 'Ask the administrator of your company account to correct them.',
  }),
  wrongAddress: (host: string): AuthorError => ({
    code: 'bad-host',
    form: 'same',
    message: `Refused a request for host ${echo(host)}: the team editor answers only at its public address.`,
    hint: 'Open the editor at the address your team was given (the proxy must pass the Host header on).',
  }),
  foreignOrigin: (origin: string): AuthorError => ({
    code: 'bad-origin',
    form: 'same',
    message: `Refused a request from ${echo(origin || 'a page that did not say where it came from')}: only the editor's own pages may change anything.`,
    hint: 'Use the editor in its own tab, at the address your team was given.',
  }),
  notFound: (url: string): AuthorError => ({
    code: 'not-found',
    form: 'same',
    message: `Nothing at ${echo(url)}.`,
    hint: 'Open the editor at the address your team was given.',
  }),
  internal: (): AuthorError => ({
    code: 'internal',
    form: 'same',
    message: 'The editor failed to answer this request; its log says why.',
    hint: 'Try again; if it keeps failing, tell whoever runs the team editor.',
  }),
  signInRequired: (): AuthorError => ({
    code: 'sign-in-required',
    form: 'same',
    message: 'You are not signed in, or your session has ended.',
    hint: 'Sign in again: what you typed is kept.',
  }),
  badCsrfToken: (): AuthorError => ({
    code: 'bad-csrf-token',
    form: 'same',
    message:
      'This request did not come from the editor you are signed in to, so nothing was changed.',
    hint: 'Reload the editor and try again.',
  }),
  signInFailed: (problem: SignInProblem): AuthorError => ({
    code: 'sign-in-failed',
    form: 'same',
    message: {
      'expired-or-used':
        'This sign-in link has expired or was used already, so it did not sign you in.',
      'refused-by-provider': 'Your company’s sign-in did not confirm who you are.',
      'no-verified-email':
        'Your company’s sign-in did not give a confirmed e-mail address, which the team list needs.',
      'provider-unreachable': 'Your company’s sign-in could not be reached.',
    }[problem],
    hint:
      problem === 'no-verified-email'
        ? 'Ask the administrator of your company account to confirm your e-mail address.'
        : 'Start again from the sign-in page.',
  }),
  tooManySignIns: (seconds: number): AuthorError => ({
    code: 'too-many-sign-ins',
    form: 'same',
    message: 'Too many sign-ins were started from here in a short time.',
    hint: `Wait ${plural(seconds, 'second')}, then sign in again.`,
  }),
} as const;

/** The words of the team editor's own pages (sign-in, not on the team, signed in). */
export const teamPageWords = {
  signInTitle: (site: string) => `Sign in to edit ${site}`,
  signInLead: 'Use your company account. You will come back here when you are signed in.',
  signInButton: 'Sign in with your company account',
  signedInTitle: (site: string) => `${site}: signed in`,
  signedInAs: (name: string, email: string, role: string) =>
    `You are signed in as ${name} (${email}), ${article(role)} of this site.`,
  mayChange: 'What you may change here:',
  everyPage: 'every page',
  pagesMatching: (patterns: readonly string[]) => `the pages ${[patterns].flat().join(', ')}`,
  textsOnly: '(their words only)',
  roleAbilities: {
    author: 'edit pages, save them and send them for review',
    publisher: 'edit pages, save them, publish changes and approve colleagues’ changes',
    admin: 'edit pages, publish, and change the site settings and the team',
  } as Record<string, string>,
  notYetHere:
    'The page editor itself does not open here yet: this page confirms who you are and what you may change.',
  signOutButton: 'Sign out',
  signedOutTitle: 'You are signed out',
  signedOutLead: 'Your session on this editor has ended.',
  signInAgain: 'Sign in again',
  notOnTeamTitle: "You are not on this site's team",
  problemTitle: 'You are not signed in',
  auditTitle: 'Who did what',
  auditLead: (count: number) =>
    `The newest ${plural(count, 'entry', 'entries')} of the record, newest first. It is kept in audit.log in the data folder; nothing in it is ever changed.`,
  auditColumns: { when: 'When (UTC)', who: 'Who', what: 'What', from: 'From', detail: 'Details' },
  auditEmpty: 'Nothing recorded yet.',
  nobody: 'not signed in',
  workspacesTitle: 'Workspaces',
  workspacesLead: (count: number, megabytes: string) =>
    `${plural(count, 'workspace')}, ${megabytes} MB of files besides the shared history.`,
  backToEditor: 'Back to the editor',
  alsoHere: (names: readonly string[]) =>
    `Also on this page now: ${[names].flat().join(', ')}. Each save is merged field by field with theirs; nobody is locked out.`,
} as const;

/** What `npm run team` says in the terminal when its settings are wrong, and when it runs. */
export const teamServerMessages = {
  missing: (name: string, example: string): string =>
    `The environment variable ${name} is not set. Set it, e.g. ${name}=${example}.`,
  notAUrl: (name: string, value: string): string =>
    `${name} is not an address: ${echo(value)}. Write it with its scheme, e.g. https://sso.example.com.`,
  notHttps: (name: string, value: string): string =>
    `${name} must start with https:// (plain http:// only on 127.0.0.1, ::1 or localhost): ${echo(value)}.`,
  hasPathOrQuery: (name: string, value: string): string =>
    `${name} must be an origin only (scheme, host and port, no path, query or fragment): ${echo(value)}.`,
  badNumber: (name: string, value: string): string =>
    `${name} must be a whole number greater than zero, not ${echo(value)}.`,
  badChoice: (name: string, value: string, choices: readonly string[]): string =>
    `${name} must be ${[choices].flat().join(' or ')}, not ${echo(value)}.`,
  notAnIpAddress: (name: string, value: string): string =>
    `${name} must be an IP address to listen on, e.g. 127.0.0.1 (0.0.0.0 inside a container), not ${echo(value)}.`,
  noRepository: (): string =>
    'Give the repository to serve: --repository <url or path> (it is cloned into the data folder).',
  cloning: (repository: string, folder: string): string => `Cloning ${repository} into ${folder}…`,
  cannotClone: (repository: string, detail: string): string =>
    `Could not clone ${repository}: ${detail}`,
  notThisRepository: (folder: string, repository: string): string =>
    `${folder} holds a clone of another repository than ${repository}; give another --data folder.`,
  badConfig: (count: number): string =>
    `site.config.yaml of the repository has ${plural(count, 'problem')} (above): fix them in the repository first.`,
  providerUnreachable: (issuer: string, detail: string): string =>
    `The sign-in provider at ${issuer} could not be reached or read: ${detail}`,
  started: (url: string, listening: string): string =>
    `Team editor for ${url} listening on ${listening}. Press Ctrl+C to stop.`,
  workspacesInUse: (folder: string, detail: string): string =>
    `Another team editor seems to be running on ${folder} (${detail}) Stop it, or give another --data folder.`,
  workspaces: (count: number, bytes: number, removed: number): string =>
    `Workspaces: ${plural(count, 'workspace')}, ${(bytes / 1_048_576).toFixed(1)} MB of files besides the shared objects; ${plural(removed, 'unused workspace')} removed.`,
} as const;

/**
 * Review inside the team editor: "Send for review", the Reviews list, "Approve and publish" and
 * "Ask for changes". Read in the editor's form: no git words, no file paths.
 */
export const teamReviewMessages = {
  notFound: (): AuthorError => ({
    code: 'review-not-found',
    form: 'same',
    message: 'This change sent for review does not exist (any more).',
    hint: 'Open the Reviews list again to see the changes waiting now.',
  }),
  notYours: (): AuthorError => ({
    code: 'review-not-yours',
    form: 'same',
    message:
      'A colleague sent this change for review: only they and the publishers of its pages may open, send back, approve or withdraw it. Nothing was changed.',
    hint: 'Ask a publisher of the site to look at it.',
  }),
  ownChange: (): AuthorError => ({
    code: 'review-own-change',
    form: 'same',
    message:
      'On this site nobody publishes their own change: a colleague approves it. Nothing was published.',
    hint: 'Ask another publisher of the site to approve it.',
  }),
  nothingToSend: (): AuthorError => ({
    code: 'review-nothing-to-send',
    form: 'same',
    message:
      'Every saved page is the same as the published site: there is nothing to send for review.',
    hint: 'Save a change first, then send it for review.',
  }),
  conflictsWaiting: (): AuthorError => ({
    code: 'review-conflicts-waiting',
    form: 'same',
    message:
      'A colleague changed the same thing as you: choose which version to keep before sending your change for review.',
    hint: 'Open Changes, then the conflicts.',
  }),
  notWaiting: (): AuthorError => ({
    code: 'review-not-waiting',
    form: 'same',
    message:
      'This change is not waiting for review any more: it was published, sent back or withdrawn meanwhile. Nothing was changed.',
    hint: 'Open the Reviews list again to see where it stands.',
  }),
  badComment: (max: number): AuthorError => ({
    code: 'review-bad-comment',
    form: 'same',
    message: `Say what should change, in at most ${max.toLocaleString('en')} characters. Nothing was sent.`,
    hint: 'Write a sentence or two for the author, then send it again.',
  }),
  badMessage: (max: number): AuthorError => ({
    code: 'review-bad-message',
    form: 'same',
    message: `Say what you changed, in at most ${max.toLocaleString('en')} characters. Nothing was sent.`,
    hint: 'Describe the change in a sentence, then send it for review again.',
  }),
  clashes: (pages: readonly string[]): AuthorError => ({
    code: 'review-clashes',
    form: 'same',
    message: `Not published: since this change was sent, a colleague published other values in the same places of ${list(pages, 5)}. Nothing was published.`,
    hint: 'Ask for changes: the author gets the latest version, chooses what to keep and sends the change again.',
  }),
  checkFailed: (count: number): AuthorError => ({
    code: 'review-check-failed',
    form: 'same',
    message: `Not published: with this change the site has ${plural(count, 'problem')} that would stop it from going live (listed below). Nothing was published.`,
    hint: 'Ask the author for changes, naming the problems.',
  }),
  notPublished: (): AuthorError => ({
    code: 'review-not-published',
    form: 'same',
    message:
      'Not published: the published site could not be reached or did not take the change. Nothing was published.',
    hint: 'Try again in a moment; if it keeps failing, tell whoever runs the team editor.',
  }),
  alreadyPublished: (): AuthorError => ({
    code: 'review-already-live',
    form: 'same',
    message: 'Everything in this change is live already: there was nothing left to publish.',
    hint: 'Withdraw the request; nothing else is needed.',
  }),
} as const;

/** The words of the Reviews screen, the Changes screen's review panel and the note on a page. */
export const teamReviewWords = {
  screenTitle: 'Reviews',
  introReviewer:
    'Changes your colleagues sent for review: read them, then approve and publish them or ask for changes.',
  introAuthor: 'The changes you sent for review and where each stands.',
  none: 'Nothing is waiting for review.',
  status: {
    waiting: 'Waiting for review',
    'changes-asked': 'Changes asked',
    'approved-published': 'Approved and published',
    withdrawn: 'Withdrawn',
  } as Record<string, string>,
  sentBy: (name: string, when: string) => `Sent by ${name}, ${when}`,
  checkPassed: 'The site check found no problem with this change.',
  checkFailed: (count: number) =>
    `The site check found ${plural(count, 'problem')} with this change that would stop it from going live:`,
  published: 'Published',
  changed: 'With this change',
  added: 'A new page',
  removed: 'This page is removed.',
  approve: 'Approve and publish',
  askForChanges: 'Ask for changes',
  withdraw: 'Withdraw',
  showDetail: 'Show',
  hideDetail: 'Hide',
  loading: 'Loading the change',
  notDone: 'Not done',
  commentLabel: 'What should change',
  commentHint: 'The author reads this at the top of the pages this change touches.',
  sendComment: 'Send back to the author',
  cancel: 'Cancel',
  sendForReview: 'Send for review',
  sendForReviewLead:
    'A publisher of the site reads your change, then publishes it or asks for changes.',
  requiredLead: 'On this site a colleague approves each change before it goes live.',
  orReviewFirst: 'Or have a colleague read it first: they publish it or ask for changes.',
  sent: 'Sent for review. A publisher of the site reads it next.',
  sentAgain: 'Sent for review again, with your latest saves.',
  approved: (author: string) => `Published ${author}’s change, with you as its reviewer.`,
  askedForChanges: (author: string) => `Sent back to ${author} with your comment.`,
  withdrawn: 'Withdrawn: nobody will review it.',
  yourRequests: 'Sent for review',
  yourRequestsLead: 'Your changes sent for review and where each stands.',
  asked: (name: string) => `${name} asked for changes`,
  noteTitle: (name: string) => `${name} asked for changes to this page`,
  noteLead:
    'Change what the comment asks for, save, then send your change for review again from Changes.',
  reviewedBy: (name: string) => `Reviewed by ${name}`,
  ownChange: 'Your own change: another publisher approves it.',
  pages: 'Pages',
  history: 'Comments',
} as const;
