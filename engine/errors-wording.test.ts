import { describe, expect, it } from 'vitest';
import { blockRules, type BlockRule } from '../schema/block-rule.ts';
import { blockSchemas } from '../blocks/schemas.ts';
import * as catalogue from './errors.ts';
import {
  authorErrors,
  editorMessages,
  imageMessages,
  inputErrors,
  newPageMessages,
  placeholderErrors,
  publishMessages,
  teamMessages,
  teamReviewMessages,
  translationErrors,
  validatorMessages,
  wordingFor,
  type AuthorError,
} from './errors.ts';

/**
 * Every error an author can meet, rendered in both contexts: the file's words (the terminal, the
 * dev server) and the form's (the page editor), which never speak of YAML's syntax: a form has no
 * colons, lines, indentation or quotes. A new catalogue entry needs samples here (TypeScript asks
 * for them) and a form wording (the catalogue's type asks for one, and this test fails naming its
 * code when its form words speak of the file).
 */

/**
 * The entries of a catalogue group that return an AuthorError, with the arguments to render each
 * with.
 */
type Samples<Group> = {
  [
    K in keyof Group as Group[K] extends (...args: never[]) => AuthorError ? K : never
  ]: Group[K] extends (...args: infer Args) => AuthorError ? Args[] : never;
};

const field = { kind: 'field', name: 'title' } as const;
const item = { kind: 'item', index: 1, list: 'items' } as const;
const block = { kind: 'block', index: 0, type: 'hero' } as const;
const page = { kind: 'root', root: 'page' } as const;

const author: Samples<typeof authorErrors> = {
  yamlSyntax: [
    ['TAB_AS_INDENT', ''],
    ['BLOCK_AS_IMPLICIT_KEY', ''],
    ['SOMETHING_ELSE', 'Unexpected token'],
  ],
  duplicateKey: [['title']],
  notAMapping: [['empty'], ['list'], ['text']],
  unknownBlockType: [
    ['heor', 'hero', ['hero', 'faq']],
    ['x', undefined, ['hero']],
  ],
  blockNotAMapping: [
    [0, { kind: 'text', value: 'hero' }, 'hero'],
    [1, { kind: 'list', length: 2 }, undefined],
  ],
  missingBlockType: [[['hero', 'faq']]],
  unknownField: [
    ['titel', block, 'title', ['title', 'intro']],
    ['x', page, undefined, []],
  ],
  missingField: [
    ['title', block, 'Section heading.'],
    ['alt', item, undefined],
  ],
  missingAltText: [
    ['/images/a.png', block],
    [undefined, item],
  ],
  emptyAltText: [['/images/a.png'], [undefined]],
  wrongType: [
    [field, { kind: 'text' }, { kind: 'fields' }],
    [field, { kind: 'text' }, { kind: 'number', value: 3 }],
    [field, { kind: 'list', noun: 'cards' }, { kind: 'text', value: 'a' }],
    [field, { kind: 'fields' }, { kind: 'text', value: 'a' }],
    [field, { kind: 'fields', suchAs: ['label', 'href'] }, { kind: 'empty' }],
    [field, { kind: 'boolean' }, { kind: 'text', value: 'yes' }],
    [field, { kind: 'number' }, { kind: 'text', value: 'ten' }],
    [
      field,
      { kind: 'one-of', options: [{ kind: 'text' }, { kind: 'fields' }] },
      { kind: 'number', value: 1 },
    ],
    [item, { kind: 'image' }, { kind: 'text', value: '/a.png' }],
  ],
  badEnumValue: [['tone', 'drak', 'dark', ['light', 'dark']]],
  emptyText: [[field], [item]],
  tooFew: [
    [field, 2, 'item'],
    [field, 10, 'character'],
  ],
  tooMany: [
    [field, 3, 'item', 5],
    [field, 60, 'character', undefined],
  ],
  badFormat: [
    ['email', 'a@', { kind: 'email' }],
    ['href', 'x', { kind: 'url' }],
  ],
  noMatchingShape: [
    [field, [{ kind: 'object', keys: ['label', 'href'] }, { kind: 'fields' }]],
    [field, undefined],
  ],
  numberOutOfRange: [[field, 1, 'at least', 0]],
  invalidValue: [[field, 'Too small']],
  brokenLink: [
    ['/platfrom', '/platform'],
    ['/nowhere#x', undefined],
  ],
  brokenAnchor: [
    ['/pricing#fq', 'fq', '/pricing', 'faq', ['faq']],
    ['/pricing#x', 'x', '/pricing', undefined, []],
  ],
  linkToDraft: [['/draft']],
  duplicateRoute: [['/x', 'pages/x/index.yaml']],
  aliasIsAPage: [['/x', 'pages/x.yaml']],
  aliasTaken: [['/x', 'pages/y.yaml']],
  aliasListedTwice: [['/x']],
  aliasIsOwnRoute: [['/x']],
  duplicateAnchor: [['faq', 12]],
  reservedAnchor: [['main'], ['top']],
  missingImage: [['/images/a.png', '/images/b.png']],
  imagePathTraversal: [['/../a.png']],
  imageUnsupported: [['/a.gif']],
  imageUnreadable: [['/a.png']],
  svgWithoutSize: [['/a.svg']],
  imageTooSmall: [['/a.png', 100, 640, 'a hero image']],
  imageTooHeavy: [['/a.jpg', '4.2', 6000, 4000]],
  titleTooLong: [[70, 60]],
  descriptionTooLong: [[200, 160]],
  textTooLong: [[20_000, 'a headline', 70]],
  missingConfig: [[]],
  badPagePath: [['pages/A B.yaml']],
};

const input: Samples<typeof inputErrors> = {
  badUrl: [
    ['href', 'java\tscript:alert(1)', 'hidden-character', 'link'],
    ['href', '//evil.example', 'protocol-relative', 'link'],
    ['url', 'http://x.example', 'scheme', 'https'],
    ['href', 'javascript:alert(1)', 'scheme', 'link'],
    ['href', 'pricing', 'no-scheme', 'link'],
    ['baseUrl', 'example', 'no-scheme', 'https'],
    ['href', 'https://', 'malformed', 'link'],
  ],
  tooManyAliases: [[120, 100]],
  aliasExpansion: [[100_000]],
  yamlTag: [['!!js/function']],
  invalidUtf8: [[0xff]],
  fileTooLarge: [[2_000_000, 1_048_576]],
  symlinkOutside: [['pages/a.yaml', '/etc/passwd']],
  brokenSymlink: [['pages/a.yaml']],
  skippedPageFile: [
    ['pages/a.YAML', 'pages/a.yaml'],
    ['pages/a.txt', undefined],
  ],
  moreProblems: [
    [1, 100],
    [5, 100],
  ],
};

const placeholders: Samples<typeof placeholderErrors> = {
  placeholder: [
    ['to-confirm', '[to confirm: 24/7 support]'],
    ['example-email', 'hello@example.com'],
    ['example-url', 'https://example.com'],
    ['dummy-phone', '+1 000 000 0000'],
  ],
};

const validator: Samples<typeof validatorMessages> = {
  missingExample: [['hero', 'blocks/hero/example.yaml']],
};

const newPage: Samples<typeof newPageMessages> = {
  badRoute: [['Resorts']],
  routeExists: [
    ['/x', 'pages/x.yaml', false],
    ['/x', 'pages/y.yaml', true],
  ],
  unknownTemplate: [['soluton', 'solution', ['solution', 'legal']]],
  noTemplateFor: [['/x', ['solution', 'legal']]],
  segmentTooLong: [['a'.repeat(120), 100]],
  routeTooLong: [[500, 400]],
  cannotWrite: [['pages/x.yaml', 'EACCES']],
  unknownLanguage: [['fr', ['de', 'ar']]],
  notATranslation: [['pages/pricing.yaml']],
};

const editor: Samples<typeof editorMessages> = {
  missingPath: [[]],
  absolutePath: [['/etc/passwd']],
  traversal: [['../x']],
  notWritable: [['package.json']],
  symlinkOut: [['pages/a.yaml']],
  noSuchFile: [['pages/a.yaml']],
  conflict: [['pages/a.yaml']],
  badToken: [[]],
  noSession: [[]],
  sessionEnded: [[]],
  unreachable: [[]],
  badHost: [['evil.example']],
  badOrigin: [['https://evil.example']],
  badRequest: [['a path']],
  notFound: [['/x']],
  notAPage: [['site.config.yaml']],
  invalidDocument: [['it is not YAML.']],
  nameTooLong: [['a'.repeat(300), 255]],
  cannotWrite: [['pages/x.yaml', 'the disk is full']],
  bodyTooLarge: [[2 * 1024 * 1024]],
  internal: [[]],
};

const problems = ['offline', 'denied', 'stale', 'refused', 'timeout', 'other'] as const;
const publish: Samples<typeof publishMessages> = {
  unavailable: (
    [
      'no-git',
      'git-missing',
      'not-top',
      'busy',
      'detached',
      'no-commit',
      'odd-branch',
      'no-remote',
      'not-published',
    ] as const
  ).map((why) => [why]),
  badInput: [['name'], ['email'], ['message']],
  refused: [[1], [3]],
  conflicts: [[2]],
  blocked: [[['renderer/x.ts']]],
  unrelated: [[]],
  listChanged: [[]],
  nothing: [[]],
  savedLocally: problems.map((problem) => [problem]),
  latestUnreachable: problems.map((problem) => [problem]),
  unknownConflict: [['pages/a.yaml']],
  choiceMissing: [['pages/a.yaml']],
  changedSinceConflict: [['pages/a.yaml']],
  unknownVersion: [['pages/a.yaml']],
  interrupted: [['index-locked'], ['branch-moved'], ['write-failed']],
  failed: [[]],
  tooSlow: [[]],
  notShown: [['pages/a.yaml']],
  restoreRefused: [
    ['pages/a.yaml', 'not-a-version'],
    ['pages/a.yaml', 'no-such-file-there'],
    ['pages/a.yaml', 'cannot-open-here'],
  ],
  discardRefused: (['not-changed', 'cannot-open-here', 'unrelated', 'not-published'] as const).map(
    (reason) => ['pages/a.yaml', reason],
  ),
};

const at = 'pages/pricing.yaml:6:12';
const translation: Samples<typeof translationErrors> = {
  defaultLocaleUnknown: [['fr', ['en', 'de']]],
  localeListedTwice: [['de']],
  siteWordMissing: [['Pricing', 'de', 12]],
  siteWordStale: [['Preise', 'Deutsch', 49, 'Pricing', 'Plans']],
  siteWordUnused: [['navigation.items.9.label']],
  noSource: [['pages/de/x.yaml', '/x', 'de']],
  blockExtra: [[3, 'faq', 'pages/pricing.yaml', 3]],
  blockMissing: [[2, 'faq', at]],
  blockMoved: [[1, 'faq', 'steps', at]],
  valueDiffers: [['Hero › Tone', "'dark'", "'light'", at]],
  valueMissing: [['Hero › Image', "'/images/a.jpg'", at]],
  valueExtra: [['Hero › Image', 'pages/pricing.yaml']],
  textMissing: [['Hero › Title', at]],
  stale: [['Hero › Title', at, 'Old words', 'New words']],
  unrecorded: [['Hero › Title', 'blocks.0.title']],
  textUntranslated: [['Hero › Title', 'English']],
  partial: [[2, 'faq', 'German']],
  partialNotAllowed: [[2, 'faq', 'de']],
  untranslatedOutsideTranslation: [[1]],
  linkToUntranslated: [['/contact', 'Arabic', 'ar']],
};

const images: Samples<typeof imageMessages> = {
  notAnImage: [['notes.png']],
  svg: [['logo.svg']],
  otherFormat: [['scan.tif', 'TIFF']],
  damaged: [['photo.jpg']],
  tooLarge: [[20 * 1024 * 1024]],
  tooManyPixels: [['poster.png', 8000, 7000, 50_000_000]],
  animated: [['dance.gif', 12]],
  notForField: [['card.avif', 'AVIF', ['PNG', 'JPEG', 'WebP']]],
  inUse: [['/images/lobby.jpg', ['Home', 'Pricing']]],
  notAnImageFile: [['/_headers']],
};

const team: Samples<typeof teamMessages> = {
  personListedTwice: [['lena@example.com']],
  groupListedTwice: [['marketing-leads']],
  notOnTeam: [['eva@example.com']],
  roleNeeded: [
    ['publish', 'publisher', 'author'],
    ['change-settings', 'admin', 'publisher'],
  ],
  pageNotYours: [['/pricing', ['/de/**']]],
  filesNotYours: [[['/de/**']]],
  onlyTranslatable: [['Hero › Image']],
  reviewRequired: [[]],
  identityFromSignIn: [[]],
  wrongAddress: [['evil.example']],
  foreignOrigin: [['https://evil.example'], ['']],
  notFound: [['/x']],
  internal: [[]],
  signInRequired: [[]],
  badCsrfToken: [[]],
  signInFailed: [['expired-or-used'], ['refused-by-provider'], ['no-verified-email']],
  tooManySignIns: [[30]],
};

const review: Samples<typeof teamReviewMessages> = {
  notFound: [[]],
  notYours: [[]],
  ownChange: [[]],
  nothingToSend: [[]],
  conflictsWaiting: [[]],
  notWaiting: [[]],
  badComment: [[2000]],
  badMessage: [[20000]],
  clashes: [[['/pricing', '/de/preise']]],
  checkFailed: [[1], [3]],
  notPublished: [[]],
  alreadyPublished: [[]],
};

const groups = {
  authorErrors: [authorErrors, author],
  inputErrors: [inputErrors, input],
  placeholderErrors: [placeholderErrors, placeholders],
  validatorMessages: [validatorMessages, validator],
  newPageMessages: [newPageMessages, newPage],
  editorMessages: [editorMessages, editor],
  publishMessages: [publishMessages, publish],
  translationErrors: [translationErrors, translation],
  imageMessages: [imageMessages, images],
  teamMessages: [teamMessages, team],
  teamReviewMessages: [teamReviewMessages, review],
} as const;

/** Every error the catalogue can give, rendered with its samples. */
function everyError(): AuthorError[] {
  const out: AuthorError[] = [];
  for (const [name, [group, samples]] of Object.entries(groups)) {
    const table = samples as Record<string, unknown[][]>;
    for (const [key, entry] of Object.entries(group as Record<string, unknown>)) {
      if (typeof entry !== 'function') continue;
      const render = entry as (...args: unknown[]) => unknown;
      if (!table[key]) {
        // An entry without samples that gives an error: it must be rendered here too.
        let probe: unknown;
        try {
          probe = render('x', 'x', 'x', 'x', 'x');
        } catch {
          probe = undefined;
        }
        if (probe && typeof probe === 'object' && 'code' in probe)
          throw new Error(
            `${name}.${key} (code "${(probe as AuthorError).code}") has no samples in this test`,
          );
        continue;
      }
      for (const args of table[key]) out.push(render(...args) as AuthorError);
    }
  }
  return out;
}

/**
 * Every block's own rules, with their words as a block's check gives them (from the sample data
 * below).
 */
function blockRuleErrors(): AuthorError[] {
  const rules = Object.values(blockSchemas).flatMap(
    (schema) => blockRules.get(schema) ?? [],
  ) as BlockRule<unknown>[];
  return rules.map((rule) => {
    const data = { expected: 3, got: 2, award: 'Best', years: 2, results: 1 };
    return {
      code: rule.code,
      message: rule.message(data),
      hint: rule.hint(data),
      form: rule.form ? rule.form(data) : 'same',
    };
  });
}

/**
 * Words that speak of the YAML text: a form has none of these. (`.yaml` in a file name is not one
 * of them.)
 */
const FILE_WORDS =
  /\b(colons?|indent\w*|lines?|quotes?|quoted|quotation)\b|(?<![./\w])yaml\b|key: value|"- "/i;

/**
 * Problems of the YAML text itself: the editor shows them beside the text, where the file's words
 * fit.
 */
const TEXT_ONLY = new Set([
  'duplicate-key',
  'not-a-mapping',
  'too-many-aliases',
  'alias-expansion',
  'yaml-tag',
  'invalid-utf8',
  'not-editable',
]);
const isTextOnly = (code: string) => TEXT_ONLY.has(code) || code.startsWith('yaml-');

/**
 * Whether an entry gives an AuthorError (tried with placeholder arguments; one that throws is taken
 * to).
 */
function givesAuthorError(entry: unknown): boolean {
  if (typeof entry !== 'function') return false;
  try {
    const probe: unknown = (entry as (...args: unknown[]) => unknown)('x', 'x', 'x', 'x', 'x');
    return !!probe && typeof probe === 'object' && 'code' in probe;
  } catch {
    return true;
  }
}

describe('the catalogue in two contexts', () => {
  const errors = [...everyError(), ...blockRuleErrors()];

  it('renders every group of the catalogue that gives errors (a new group is added here)', () => {
    const missing = Object.entries(catalogue)
      .filter(([name, group]) => !(name in groups) && group && typeof group === 'object')
      .filter(([, group]) => Object.values(group as object).some(givesAuthorError))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('renders every code (more than 80 of them), each with words for a file and for a form', () => {
    const codes = new Set(errors.map((error) => error.code));
    expect(codes.size).toBeGreaterThan(80);
    for (const error of errors) {
      expect(error.form, `"${error.code}" has no form wording`).toBeDefined();
      for (const context of ['file', 'form'] as const) {
        const words = wordingFor(error, context);
        expect(words.message, `"${error.code}" in a ${context}`).toMatch(/\S/);
        expect(words.hint, `"${error.code}" in a ${context}`).toMatch(/\S/);
      }
    }
  });

  it('the form never speaks of colons, lines, indentation, quotes or YAML syntax', () => {
    const offending = errors
      .filter((error) => error.form !== 'text-only')
      .flatMap((error) => {
        const { message, hint } = wordingFor(error, 'form');
        const match = FILE_WORDS.exec(`${message} ${hint}`);
        return match ? [`"${error.code}" says "${match[0]}" in a form: ${message} ${hint}`] : [];
      });
    expect(offending).toEqual([]);
  });

  it('only problems of the YAML text itself keep the file’s words in the editor', () => {
    const claimed = errors.filter((error) => error.form === 'text-only').map((error) => error.code);
    expect(claimed.filter((code) => !isTextOnly(code))).toEqual([]);
  });

  it('the file keeps its words: an empty title in both contexts', () => {
    const empty = authorErrors.emptyText(field);
    expect(wordingFor(empty, 'file')).toEqual({
      message: '"title" is empty.',
      hint: 'Write the text after the colon, or delete the line if the field is optional.',
    });
    expect(wordingFor(empty, 'form')).toEqual({
      message: 'This field is empty.',
      hint: 'Write the text in this field.',
    });
  });
});

/**
 * What never reaches a marketer's screen in the editor: an npm command, a backtick, a place in a
 * file (`pages/x.yaml:3:5`), a `mailto:` to type, or a field's key as the file spells it in
 * quotes (`"href"`, `"socialImage"`): the form shows fields by their labels.
 */
const DEVELOPER_WORDS =
  /\bnpm\b|`|\S+\.ya?ml:\d+(:\d+)?|mailto:|"(href|src|alt|variant|id|draft|[a-z]+[A-Z]\w*)"|--\w|\b\w+: true\b|remove it instead/;

describe('the form’s words are a marketer’s', () => {
  const errors = [...everyError(), ...blockRuleErrors()];
  it('no catalogue entry, worded for the form, names a command, a key, a backtick or a file place', () => {
    const offending = errors
      .filter((error) => error.form !== 'text-only')
      .flatMap((error) => {
        const { message, hint } = wordingFor(error, 'form');
        const match = DEVELOPER_WORDS.exec(`${message} ${hint}`);
        return match ? [`"${error.code}" says ${match[0]}: ${message} ${hint}`] : [];
      });
    expect(offending).toEqual([]);
  });
});
