/**
 * The catalogue of every message an author can see, in one place so the wording stays consistent.
 * Each entry returns a stable `code`, a `message` saying what is wrong, and a `hint` saying how to fix it.
 * Messages are written for people who edit YAML and never open TypeScript: name things in words, quote what
 * they wrote, and always say what to do next.
 */
export interface AuthorError {
  code: string;
  message: string;
  hint: string;
}

const quote = (value: string) => `"${value}"`;
const list = (values: readonly unknown[], max = 12) =>
  values.length > max ? `${values.slice(0, max).map(String).join(', ')}, … (${values.length} in all)` : values.map(String).join(', ');
const suggestion = (guess: string | undefined, fallback: string) => (guess ? `Did you mean ${quote(guess)}? ` : '') + fallback;
/** Upper-cases the first letter, for labels that start a sentence (`item 2 of "items"` → `Item 2 of "items"`). */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

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
      code: 'yaml-syntax',
      message: known ? known.message : `This is not valid YAML: ${detail.replace(/\.?$/, '.')}`,
      hint: known ? known.hint : 'Check the indentation (spaces, not tabs) and that every "key: value" has a space after the colon. Quote text that contains ": " or starts with a special character.',
    };
  },
  duplicateKey: (key: string): AuthorError => ({
    code: 'duplicate-key',
    message: `The field ${quote(key)} is written twice in the same place.`,
    hint: 'Keep one of them and delete the other.',
  }),
  notAMapping: (what: string): AuthorError => ({
    code: 'not-a-mapping',
    message: `The file must be a set of fields (key: value lines), but it is ${what}.`,
    hint: 'Start the file with "title:", "description:" and "blocks:" (npm run new-page creates one for you).',
  }),
  unknownBlockType: (type: string, guess: string | undefined, known: readonly string[]): AuthorError => ({
    code: 'unknown-block-type',
    message: `Unknown block type ${quote(type)}.`,
    hint: suggestion(guess, `Block types: ${list(known, 40)}. Each one is shown at /_blocks.`),
  }),
  blockNotAMapping: (index: number, got: string, typeGuess: string | undefined): AuthorError => ({
    code: 'wrong-type',
    message: `Block ${index + 1} should be a group of fields starting with "type:", but it is ${got}.`,
    hint: typeGuess
      ? `Write "- type: ${typeGuess}", then the block's fields on the lines below, lined up with "type".`
      : 'Start the block with "- type: …" (a block type), then its fields on the lines below, lined up with "type".',
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
  /** `description` is the field's own description from the schema, e.g. "Section heading." */
  missingField: (field: string, where: string, description: string | undefined): AuthorError => ({
    code: 'missing-field',
    message: `${sentence(where)} is missing the required field ${quote(field)}.`,
    hint: `Add a line "${field}: …" to ${where}.${description ? ` ${sentence(description).replace(/([^.!?])$/, '$1.')}` : ''}`,
  }),
  missingAltText: (src: string | undefined, where: string): AuthorError => ({
    code: 'missing-alt-text',
    message: `The image ${src ? `${quote(src)} ` : ''}in ${where} has no alt text: "alt" is required.`,
    hint: 'Add a line "alt: …" saying what the image shows (for a logo, the company name and "logo"). Screen readers read it aloud.',
  }),
  emptyAltText: (src: string | undefined): AuthorError => ({
    code: 'missing-alt-text',
    message: `The image ${src ? `${quote(src)} ` : ''}has empty alt text: "alt" is required.`,
    hint: 'Write what the image shows after "alt:". Screen readers read it aloud.',
  }),
  /** `label` names the value in words (`"badge"`, `item 2 of "values"`); `expected` and `got` are in words too. */
  wrongType: (label: string, expected: string, got: string): AuthorError => ({
    code: 'wrong-type',
    message: `${sentence(label)} should be ${expected}, but it is ${got}.`,
    hint:
      expected === 'text' && got === 'a group of fields'
        ? 'If the text contains ": " (a colon and a space), YAML reads it as a field: put the whole text in quotes.'
        : expectedHint(expected),
  }),
  badEnumValue: (field: string, value: unknown, guess: string | undefined, allowed: readonly unknown[]): AuthorError => ({
    code: 'bad-value',
    message: `${typeof value === 'string' ? quote(value) : String(value)} is not an allowed value for ${quote(field)}.`,
    hint: suggestion(guess, `Allowed values: ${list(allowed, 40)}.`),
  }),
  emptyText: (label: string): AuthorError => ({
    code: 'empty-text',
    message: `${sentence(label)} is empty.`,
    hint: 'Write the text after the colon, or delete the line if the field is optional.',
  }),
  tooFew: (label: string, minimum: number, unit: string): AuthorError => ({
    code: 'too-few',
    message: `${sentence(label)} needs at least ${plural(minimum, unit)}.`,
    hint: unit === 'item' ? 'Add items, each on its own line starting with "- ".' : `Make it at least ${plural(minimum, unit)} long.`,
  }),
  tooMany: (label: string, maximum: number, unit: string, got: number | undefined): AuthorError => ({
    code: 'too-many',
    message: got === undefined ? `${sentence(label)} has more than ${plural(maximum, unit)}.` : `${sentence(label)} has ${plural(got, unit)}; at most ${maximum} ${maximum === 1 ? 'is' : 'are'} allowed.`,
    hint: unit === 'item' ? `Keep at most ${plural(maximum, unit)} and delete the others.` : `Shorten it to ${plural(maximum, unit)} or fewer.`,
  }),
  badFormat: (label: string, value: string, expected: string): AuthorError => ({
    code: 'bad-format',
    message: `${quote(value)} is not a valid ${label}.`,
    hint: `Write ${expected}.`,
  }),
  noMatchingShape: (label: string, shapes: string): AuthorError => ({
    code: 'no-matching-shape',
    message: `${sentence(label)} does not match any of the forms allowed here.`,
    hint: `Use one of: ${shapes}.`,
  }),
  numberOutOfRange: (label: string, bound: number, side: 'at least' | 'at most', value: unknown): AuthorError => ({
    code: 'out-of-range',
    message: `${sentence(label)} should be ${side} ${bound}, but it is ${String(value)}.`,
    hint: `Write a number ${side} ${bound}.`,
  }),
  invalidValue: (label: string, detail: string): AuthorError => ({
    code: 'invalid',
    message: `${sentence(label)} is not valid: ${detail}.`,
    hint: 'Compare it with the example of this block at /_blocks.',
  }),
  columnCount: (expected: number, got: number): AuthorError => ({
    code: 'column-count',
    message: `This row has ${plural(got, 'value')} but the table has ${plural(expected, 'column')}.`,
    hint: 'Give one value per column, in the same order as "columns".',
  }),
  brokenLink: (target: string, guess: string | undefined): AuthorError => ({
    code: 'broken-link',
    message: `Link to ${quote(target)} goes nowhere: no page or alias has that route.`,
    hint: suggestion(guess, `Create the page (npm run new-page -- ${target.split('#')[0]}) or fix the link.`),
  }),
  brokenAnchor: (target: string, anchorName: string, route: string, guess: string | undefined, anchors: readonly string[]): AuthorError => ({
    code: 'broken-anchor',
    message: `Link to ${quote(target)}: the page ${route} has no block with id ${quote(anchorName)}.`,
    hint: suggestion(guess, anchors.length ? `Anchors on ${route}: ${list(anchors, 20)}.` : `Add "id: ${anchorName}" to a block of ${route}.`),
  }),
  linkToDraft: (target: string): AuthorError => ({
    code: 'link-to-draft',
    message: `Link to ${quote(target)} points at a draft page, which is left out of the production build.`,
    hint: 'Publish that page (delete the line "draft: true") or remove the link.',
  }),
  /** Two files that map to the same route, e.g. pages/x.yaml and pages/x/index.yaml. */
  duplicateRoute: (route: string, otherFile: string): AuthorError => ({
    code: 'duplicate-route',
    message: `The route ${route} of this file is also the route of ${otherFile}.`,
    hint: 'Each route can belong to one page only: rename or delete one of the two files.',
  }),
  aliasIsAPage: (alias: string, otherFile: string): AuthorError => ({
    code: 'duplicate-route',
    message: `The alias ${alias} is already the route of ${otherFile}.`,
    hint: `Remove the alias, or delete ${otherFile} if this page should replace it.`,
  }),
  aliasTaken: (alias: string, otherFile: string): AuthorError => ({
    code: 'duplicate-route',
    message: otherFile === 'this file' ? `The alias ${alias} is listed twice.` : `The alias ${alias} is also an alias of ${otherFile}.`,
    hint: otherFile === 'this file' ? 'Keep one of them.' : 'An alias can show one page only: remove it from one of the two files.',
  }),
  aliasIsOwnRoute: (alias: string): AuthorError => ({
    code: 'duplicate-route',
    message: `The alias ${alias} is the route of this page itself.`,
    hint: 'Remove it: a page always has its own route.',
  }),
  duplicateAnchor: (anchorName: string, firstLine: number): AuthorError => ({
    code: 'duplicate-anchor',
    message: `The anchor id ${quote(anchorName)} is already used on this page (line ${firstLine}).`,
    hint: `Give each block a different id, so that links to #${anchorName} land on one place.`,
  }),
  reservedAnchor: (anchorName: string): AuthorError => ({
    code: 'duplicate-anchor',
    message: `The anchor id ${quote(anchorName)} is reserved by the page layout.`,
    hint: `Choose another id: "${anchorName}" is already used by the ${anchorName === 'main' ? 'skip link target' : 'Back to Top target'}.`,
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
  missingConfig: (): AuthorError => ({
    code: 'missing-config',
    message: 'site.config.yaml is missing: the site has no name, navigation or footer.',
    hint: 'Restore site.config.yaml at the top of the project (git checkout site.config.yaml).',
  }),
  badPagePath: (file: string): AuthorError => ({
    code: 'bad-page-path',
    message: `The file name ${quote(file)} cannot become a route.`,
    hint: 'Use lowercase letters, digits and dashes in folder and file names, ending in .yaml (e.g. pages/solutions/resorts.yaml).',
  }),
} as const;

/** Messages of `npm run validate`, the dev server overlay and the block examples. */
export const validatorMessages = {
  summary: (pages: number, routes: number, ms: number, errors: number, warnings: number): string =>
    `${pages} pages, ${routes} routes checked in ${ms} ms: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`,
  watching: 'Watching pages/, public/ and site.config.yaml (drafts included). Press Ctrl+C to stop.',
  buildStopped: 'Build stopped: nothing was built. Fix the errors above (`npm run validate` checks again), then build.',
  unknownFormat: (format: string): string => `Unknown --format "${format}". Use pretty, github or json.`,
  unknownOption: (option: string): string => `Unknown option "${option}". Options: --format pretty|github|json, --drafts, --watch, --root <dir>.`,
  overlayTitle: (count: number): string => `${count === 1 ? '1 problem' : `${count} problems`} in the site's YAML. Fix and save: this message goes away by itself.`,
  missingExample: (type: string, file: string): AuthorError => ({
    code: 'missing-example',
    message: `The "${type}" block has no example.`,
    hint: `Add ${file}: one realistic block, starting with "type: ${type}". The catalogue and the block's tests use it.`,
  }),
} as const;

/** Messages of the new-page command. */
export const newPageMessages = {
  usage: 'Usage: npm run new-page -- /solutions/resorts [--template solution|resource|legal] [--title "Staylix for Resorts"] [--publish]\n       npm run new-page   (asks for the route, template and title)',
  badRoute: (route: string): AuthorError => ({
    code: 'bad-route',
    message: `${quote(route)} is not a route a page can have.`,
    hint: 'Write it like /solutions/resorts: starting with /, lowercase words joined by dashes, separated by /.',
  }),
  routeExists: (route: string, file: string, isAlias: boolean): AuthorError => ({
    code: 'route-exists',
    message: isAlias ? `The route ${route} already exists: it is an alias of ${file}.` : `The route ${route} already exists: ${file}.`,
    hint: isAlias ? `Remove the alias from ${file} first, or choose another route.` : `Edit ${file}, or choose another route.`,
  }),
  unknownTemplate: (name: string, guess: string | undefined, known: readonly string[]): AuthorError => ({
    code: 'unknown-template',
    message: `Unknown template ${quote(name)}.`,
    hint: suggestion(guess, `Templates: ${list(known)}.`),
  }),
  noTemplateFor: (route: string, known: readonly string[]): AuthorError => ({
    code: 'choose-template',
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
  cancelled: 'Cancelled: no page was created.',
  createdWithProblems: (file: string): string => `Created ${file}, but the site now reports problems in it (above). Fix them before publishing.`,
} as const;

function expectedHint(expected: string): string {
  if (expected.startsWith('a list')) return 'Write each item on its own line starting with "- ", indented under the field.';
  if (expected === 'text') return 'Write the text after the colon; put it in quotes if it looks like a number, yes/no or a date.';
  if (expected.includes('number')) return 'Write the number without quotes or units, e.g. 35.';
  if (expected === 'true or false') return 'Write true or false without quotes.';
  if (expected.startsWith('a group of fields')) return 'Write the fields on the lines below, one "key: value" per line, lined up with each other (in a list, the first one right after "- ").';
  if (expected.includes(', or ')) return `Write ${expected}, like the example of this block at /_blocks.`;
  return 'Compare it with the example of this block at /_blocks.';
}
