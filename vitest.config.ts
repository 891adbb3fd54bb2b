import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Tests that read the built site in dist/ (run after `npm run build`). */
const distTests = ['tests/dist/**/*.test.ts', 'tests/budgets/**/*.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    // Vitest's default (cores - 1) is a single worker on CI's 2 cores; most test files wait on jsdom setup, imports
    // and child processes, so two workers halve the wall time.
    maxWorkers: 2,
    setupFiles: ['tests/helpers/setup-dom.ts'],
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` first line.
    environment: 'node',
    css: { modules: { classNameStrategy: 'non-scoped' } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{blocks,ui,build,engine,schema,renderer,scripts,tests,editor}/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...distTests],
        },
      },
      { extends: true, test: { name: 'dist', include: distTests } },
    ],
  },
});
