import { rmSync } from 'node:fs';
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
 * Incremental ≡ clean: for any sequence of author changes, each followed by `npm run build` in the same folder (its
 * caches and dist/ carried from build to build), the last build's output is byte for byte that of a build of the same
 * files in a fresh folder with no cache at all. Builds take seconds: each run starts from a copy of one warm small
 * site (built once), and only the end of each sequence is compared. A
 * failure is reported, shrunk, as the steps to replay by hand.
 */
const DEFAULT_RUNS = 2;
const MAX_STEPS = 4;
const runs = propertyRuns(DEFAULT_RUNS);

let base: string;
const folders: string[] = [];

beforeAll(() => {
  base = copyProject('staylix-incremental-base-', ['images']);
  folders.push(base);
  makeSmallSite(base);
  build(base);
}, 120_000);

afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const REPLAY_START = [
  'Copy the project (tests/helpers/project-copy.ts) and make it the small site (tests/pipeline/incremental/small-site.ts).',
  'npm run build',
];

/** Applies `steps` to a warm copy, building after each; returns the steps as done and the differences from a clean build. */
async function incrementalAgainstClean(
  steps: Step[],
): Promise<{ replay: string[]; diff: string[] }> {
  const dir = warmCopy(base, 'staylix-incremental-run-');
  let clean: string | undefined;
  const replay = [...REPLAY_START];
  try {
    for (const step of steps) {
      const done = await applyStep(dir, step, (afterMs) => interruptedBuild(dir, afterMs));
      if (!done) continue;
      replay.push(done, 'npm run build');
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
    rmSync(dir, { recursive: true, force: true });
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
          if (diff.length)
            throw new Error(
              `${replayText([
                ...replay,
                'Copy the project files of that folder (no .cache/, no dist/) to a new folder and run npm run build there.',
              ])}\n\nThe two dist/ differ:\n${diff.slice(0, 20).join('\n')}`,
            );
        },
      ),
      propertyParameters(DEFAULT_RUNS),
    );
  },
  runs * (MAX_STEPS + 2) * 60_000,
);
