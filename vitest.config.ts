import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { EnvironmentSequencer } from './tests/helpers/environment-sequencer.ts';

/** Tests that read the built site in dist/ (run after `npm run build`). */
const distTests = ['tests/dist/**/*.test.ts', 'tests/budgets/**/*.test.ts'];
/**
 * The other projects let a worker's test files share one module cache (isolate: false): each
 * block's component test imports the block registry, Mantine and the schemas, and importing them
 * afresh for every file took half the unit tests' CPU time. A file that replaces a module with
 * vi.mock needs modules of its own: it runs isolated.
 */
const isolatedTests = ['tests/authoring/catalogue.test.tsx'];

export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    globalSetup: ['tests/helpers/temp-folder.ts'],
    // Vitest's default (cores - 1) is a single worker on CI's 2 cores; most test files wait on
    // jsdom setup, imports and child processes, so two workers halve the wall time.
    maxWorkers: 2,
    setupFiles: ['tests/helpers/setup-dom.ts'],
    // Files of one environment run one after the other, so that a worker serves many of them.
    sequence: { sequencer: EnvironmentSequencer },
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` first line.
    environment: 'node',
    css: { modules: { classNameStrategy: 'non-scoped' } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{blocks,ui,pipeline,engine,schema,renderer,scripts,tests,editor}/**/*.test.{ts,tsx}',
          ],
          exclude: ['tests/e2e/**', 'node_modules/**', ...distTests, ...isolatedTests],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: isolatedTests } },
      { extends: true, test: { name: 'dist', include: distTests, isolate: false } },
    ],
  },
});
