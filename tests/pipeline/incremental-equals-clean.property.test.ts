import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { copyProject } from '../helpers/project-copy.ts';
import { propertyParameters, propertyRuns } from '../helpers/properties.ts';
import {
  build,
  differences,
  interruptedBuild,
  outputs,
  sourceCopy,
  warmCopy,
} from './incremental/builds.ts';
import { makeSmallSite } from './incremental/small-site.ts';
import { applyStep, stepArbitrary, type Step } from './incremental/steps.ts';

/**
 * Incremental ≡ clean: for any sequence of author changes, each followed by `npm run build` in the
 * same folder (its caches and dist/ carried from build to build), the last build's output is byte
 * for byte that of a build of the same files in a fresh folder with no cache at all. Builds take
 * seconds: each run starts from one warm small site (built once), and only the end of each sequence
 * is compared. A failure is reported, shrunk, as the steps to replay by hand.
 */
// One sequence in npm test (each costs up to five builds and a clean one, tens of seconds of CPU);
// `npm run test:properties -- --runs 20 incremental` runs every kind of step and twenty more.
const DEFAULT_RUNS = 1;
const MAX_STEPS = 4;
const runs = propertyRuns(DEFAULT_RUNS);
const longRun = process.env.PROPERTY_RUNS !== undefined;

/**
 * Every kind of step once: the first sequence of a long run (`npm run test:properties`), before the
 * random ones.
 */
const EVERY_KIND: Step[] = [
  { kind: 'page text', page: 1, text: 'Rates' },
  { kind: 'output removed' },
  { kind: 'new page', name: 'offers', linkTo: 0 },
  { kind: 'alias', page: 1, alias: '/old' },
  { kind: 'draft', page: 2 },
  { kind: 'rename page', page: 0, name: 'team' },
  { kind: 'delete page', page: 1 },
  { kind: 'config', field: 'base URL', value: 3 },
  { kind: 'config', field: 'scheduler URL', value: 4 },
  { kind: 'public file', action: 'add', name: 'files/terms.txt', text: 'Rooms' },
  { kind: 'public file', action: 'replace', name: 'files/terms.txt', text: 'Guests' },
  { kind: 'image', colour: 0x336699, width: 1100 },
  { kind: 'code', target: 'css', value: 4 },
  { kind: 'interrupted build', afterMs: 4000 },
  { kind: 'code', target: 'component', value: 2 },
  { kind: 'lockfile', patch: 3 },
  { kind: 'output removed' },
  { kind: 'public file', action: 'remove', name: 'files/terms.txt', text: 'Rooms' },
  { kind: 'alias', page: 1, alias: '/old' },
  { kind: 'interrupted build', afterMs: 1500 },
];

/**
 * Where every run builds: the bundle's cache key includes the project's folder, so a run in a copy
 * elsewhere would start by bundling and rendering everything again (a cold build, not an
 * incremental one). Each run starts from `warm` put back in this same folder.
 */
let work: string;
/** The warm small site as built once, copied aside (caches and dist/ included). */
let warm: string;
const folders: string[] = [];

beforeAll(() => {
  work = copyProject('staylix-incremental-run-', ['images']);
  folders.push(work);
  makeSmallSite(work);
  build(work);
  warm = warmCopy(work, 'staylix-incremental-warm-');
  folders.push(warm);
}, 120_000);

/** Puts the warm small site back in `work`, exactly as it was built. */
function restoreWarm(): string {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  execFileSync('cp', ['-a', `${warm}/.`, work]);
  return work;
}

afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const REPLAY_START = [
  'Copy the project (tests/helpers/project-copy.ts) and make it the small site (tests/pipeline/incremental/small-site.ts).',
  'npm run build',
];

/**
 * Applies `steps` to a warm copy, building after each (a change followed by an interrupted build:
 * after that build);
 * returns the steps as done and the differences from a clean build. */
async function incrementalAgainstClean(
  steps: Step[],
): Promise<{ replay: string[]; diff: string[] }> {
  const dir = restoreWarm();
  let clean: string | undefined;
  const replay = [...REPLAY_START];
  try {
    for (const [n, step] of steps.entries()) {
      const done = await applyStep(dir, step, (afterMs) => interruptedBuild(dir, afterMs));
      if (!done) continue;
      replay.push(done);
      // A change followed by an interrupted build is left to that build (which then has work to be
      // stopped in).
      if (steps[n + 1]?.kind === 'interrupted build') continue;
      replay.push('npm run build');
      try {
        build(dir);
      } catch (error) {
        throw new Error(
          `${replayText(replay)}\n\nThe last build failed: ${(error as Error).message}`,
          {
            cause: error,
          },
        );
      }
    }
    clean = sourceCopy(dir, 'staylix-incremental-clean-');
    build(clean);
    return { replay, diff: differences(outputs(dir), outputs(clean)) };
  } finally {
    if (clean) rmSync(clean, { recursive: true, force: true });
  }
}

const replayText = (replay: string[]) =>
  `Steps to replay:\n${replay.map((line, n) => `  ${n + 1}. ${line}`).join('\n')}`;

it(
  'for any sequence of author changes, the incremental build writes exactly what a clean build of the same files writes',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: MAX_STEPS }),
        async (steps) => {
          const { replay, diff } = await incrementalAgainstClean(steps);
          if (longRun)
            console.info(`${replayText(replay)}\n→ ${diff.length ? 'different' : 'equal'}`);
          if (diff.length)
            throw new Error(
              `${replayText([
                ...replay,
                'Copy the project files of that folder (no .cache/, no dist/) to a new folder and run npm run build there.',
              ])}\n\nThe two dist/ differ:\n${diff.slice(0, 20).join('\n')}`,
            );
        },
      ),
      { ...propertyParameters(DEFAULT_RUNS), examples: longRun ? [[EVERY_KIND]] : [] },
    );
  },
  (runs * (MAX_STEPS + 2) + (longRun ? EVERY_KIND.length : 0)) * 60_000,
);
