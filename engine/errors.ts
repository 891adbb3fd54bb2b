/**
 * The catalogue of every message an author can see, in one place so the wording stays consistent.
 * Each entry returns a stable `code`, a `message` saying what is wrong, and a `hint` saying how to fix it.
 */
export interface AuthorError {
  code: string;
  message: string;
  hint?: string;
}

const quote = (value: string) => `"${value}"`;
const list = (values: readonly unknown[], max = 12) =>
  values.length > max ? `${values.slice(0, max).map(String).join(', ')}, … (${values.length} in all)` : values.map(String).join(', ');
const suggestion = (guess: string | undefined, fallback: string) => (guess ? `Did you mean ${quote(guess)}? ` : '') + fallback;

export const authorErrors = {
  yamlSyntax: (detail: string): AuthorError => ({
    code: 'yaml-syntax',
    message: `This is not valid YAML: ${detail}`,
    hint: 'Check the indentation (spaces, not tabs) and that every "key: value" has a space after the colon. Quote text that contains ": " or starts with a special character.',
  }),
  notAMapping: (what: string): AuthorError => ({
    code: 'not-a-mapping',
    message: `The file must be a set of fields (key: value lines), but it is ${what}.`,
    hint: 'Start the file with "title:", "description:" and "blocks:".',
  }),
  unknownBlockType: (type: string, guess: string | undefined, known: readonly string[]): AuthorError => ({
    code: 'unknown-block-type',
    message: `Unknown block type ${quote(type)}.`,
    hint: suggestion(guess, `Block types: ${list(known, 40)}.`),
  }),
  missingBlockType: (known: readonly string[]): AuthorError => ({
    code: 'missing-block-type',
    message: 'This block has no "type".',
    hint: `Add "type:" as the first line of the block, one of: ${list(known, 40)}.`,
  }),
  unknownField: (field: string, where: string, guess: string | undefined, allowed: readonly string[]): AuthorError => ({
    code: 'unknown-field',
    message: `Unknown field ${quote(field)} in ${where}.`,
    hint: suggestion(guess, allowed.length ? `Fields allowed here: ${list(allowed, 20)}.` : 'Remove it.'),
  }),
  missingField: (field: string, where: string, description: string | undefined): AuthorError => ({
    code: 'missing-field',
    message: `Missing required field ${quote(field)} in ${where}.`,
    hint: `Add "${field}:"${description ? ` (${description.replace(/\.$/, '')})` : ''}.`,
  }),
  wrongType: (field: string, expected: string, got: string): AuthorError => ({
    code: 'wrong-type',
    message: `${quote(field)} should be ${expected}, but it is ${got}.`,
    hint: expectedHint(expected),
  }),
  badEnumValue: (field: string, value: string, guess: string | undefined, allowed: readonly unknown[]): AuthorError => ({
    code: 'bad-value',
    message: `${quote(value)} is not an allowed value for ${quote(field)}.`,
    hint: suggestion(guess, `Allowed values: ${list(allowed, 40)}.`),
  }),
  tooFew: (field: string, minimum: number, unit: string): AuthorError => ({
    code: minimum === 1 && unit === 'characters' ? 'empty-text' : 'too-few',
    message: minimum === 1 && unit === 'characters' ? `${quote(field)} is empty.` : `${quote(field)} needs at least ${minimum} ${unit}.`,
    hint: minimum === 1 && unit === 'characters' ? 'Write the text, or remove the field if it is optional.' : undefined,
  }),
  tooMany: (field: string, maximum: number, unit: string): AuthorError => ({
    code: 'too-many',
    message: `${quote(field)} has more than ${maximum} ${unit}.`,
    hint: `Keep at most ${maximum}.`,
  }),
  badFormat: (field: string, value: string, expected: string): AuthorError => ({
    code: 'bad-format',
    message: `${quote(value)} is not a valid ${quote(field)}: expected ${expected}.`,
  }),
  noMatchingShape: (field: string, shapes: string): AuthorError => ({
    code: 'no-matching-shape',
    message: `${quote(field)} does not match any allowed form.`,
    hint: `Use one of: ${shapes}.`,
  }),
  columnCount: (expected: number, got: number): AuthorError => ({
    code: 'column-count',
    message: `This row has ${got} value${got === 1 ? '' : 's'} but the table has ${expected} column${expected === 1 ? '' : 's'}.`,
    hint: 'Give one value per column, in the same order as "columns".',
  }),
  brokenLink: (target: string, guess: string | undefined): AuthorError => ({
    code: 'broken-link',
    message: `Link to ${quote(target)} goes nowhere: no page or alias has that route.`,
    hint: suggestion(guess, 'Create the page (npm run new-page -- ' + target + ') or fix the link.'),
  }),
  brokenAnchor: (target: string, anchorName: string, route: string, guess: string | undefined, anchors: readonly string[]): AuthorError => ({
    code: 'broken-anchor',
    message: `Link to ${quote(target)}: the page ${route} has no block with id ${quote(anchorName)}.`,
    hint: suggestion(guess, anchors.length ? `Anchors on ${route}: ${list(anchors, 20)}.` : `Add "id: ${anchorName}" to a block of ${route}.`),
  }),
  linkToDraft: (target: string): AuthorError => ({
    code: 'link-to-draft',
    message: `Link to ${quote(target)} points at a draft page, which is left out of the production build.`,
    hint: 'Publish that page (remove "draft: true") or remove the link.',
  }),
  duplicateRoute: (route: string, otherFile: string): AuthorError => ({
    code: 'duplicate-route',
    message: `The route ${route} is claimed twice: also by ${otherFile}.`,
    hint: 'Each route can belong to one page only: rename the file or remove the alias.',
  }),
  duplicateAnchor: (anchorName: string): AuthorError => ({
    code: 'duplicate-anchor',
    message: `The anchor id ${quote(anchorName)} is used by two blocks on this page.`,
    hint: 'Give each block a different id, so that links to #' + anchorName + ' land on one place.',
  }),
  missingImage: (src: string, guess: string | undefined): AuthorError => ({
    code: 'missing-image',
    message: `Image ${quote(src)} does not exist in public/.`,
    hint: suggestion(guess, `Add the file as public${src} or fix the path.`),
  }),
  titleTooLong: (length: number): AuthorError => ({
    code: 'title-too-long',
    message: `The title is ${length} characters long; search results cut it after about 60.`,
    hint: 'Shorten it to 60 characters or fewer.',
  }),
  descriptionTooLong: (length: number): AuthorError => ({
    code: 'description-too-long',
    message: `The description is ${length} characters long; search results cut it after about 160.`,
    hint: 'Shorten it to 160 characters or fewer.',
  }),
  badPagePath: (file: string): AuthorError => ({
    code: 'bad-page-path',
    message: `The file name ${quote(file)} cannot become a route.`,
    hint: 'Use lowercase letters, digits and dashes in folder and file names, ending in .yaml (e.g. pages/solutions/resorts.yaml).',
  }),
} as const;

function expectedHint(expected: string): string | undefined {
  if (expected.startsWith('a list')) return 'Write each item on its own line starting with "- ".';
  if (expected === 'text') return 'Write the text after the colon; put it in quotes if it looks like a number, yes/no or a date.';
  if (expected === 'a number') return 'Write the number without quotes or units, e.g. 35.';
  if (expected === 'true or false') return 'Write true or false without quotes.';
  if (expected.startsWith('a group of fields')) return 'Indent the fields below this line, one "key: value" per line.';
  return undefined;
}
