import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{engine,schema,renderer,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` line.
    css: { modules: { classNameStrategy: 'non-scoped' } },
    testTimeout: 20_000,
    setupFiles: ['tests/helpers/setup-dom.ts'],
  },
});
