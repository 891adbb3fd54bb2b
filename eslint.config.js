import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const BROWSER_ONLY =
  'This module reaches the browser: import Node modules only in a server-only module (see eslint.config.js).';

// Syntax-only rules: the type-aware presets (no-floating-promises and the like) need a TypeScript
// program and took 72–94 s of CPU on this project against 23–28 s for these, on top of `tsc
// --noEmit`, which already runs in `npm test`.
export default defineConfig(
  globalIgnores([
    'dist/',
    '.cache/',
    '.bench/',
    'test-results/',
    'playwright-report/',
    'schema/generated/',
    // Vike's config files compiled for a moment while a build runs beside the linter
    // (`+config.ts.build-<hash>.mjs`): gone by the time ESLint opens them.
    '**/*.build-*.mjs',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks what is left out on purpose: `const { icon: _icon, ...rest } =
      // item`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // A `let` that handlers read before its one assignment (the editor server's guard, made once
      // the port is known) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // React components and hooks (the editor's hooks live in .ts files). Elsewhere `use…` names are
    // not hooks: Playwright fixtures call `use()`, the CLI's formatter has `useColor`.
    files: ['**/*.tsx', 'editor/app/**/*.ts'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // Only says whether React Compiler could optimise a component; the project does not use React
      // Compiler.
      'react-hooks/preserve-manual-memoization': 'off',
      // The editor keeps the latest callback or state in a ref during render on purpose
      // (`ref.current = onChange`), so that listeners registered once and async callbacks see
      // current values without re-subscribing.
      'react-hooks/refs': 'off',
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  {
    // Folders whose modules reach the browser's module graph (Vike bundles every page's components
    // for it, and the editor's app runs there): no Node module, which Vite would replace by an
    // empty stub with a warning. What reads files is in the server-only modules listed in
    // `ignores`, loaded where pages are rendered (ui/picture-source.ts says how).
    files: ['schema/**', 'ui/**', 'blocks/**', 'renderer/**', 'editor/app/**', 'editor/shared/**'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'ui/image-source.ts',
      'ui/image-manifest.ts',
      'ui/image-header.ts',
      'renderer/seo/social-image.ts',
      'renderer/site/standalone-site.ts',
      'renderer/vike/catalogue/catalogue-route.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: BROWSER_ONLY })),
          patterns: [{ group: ['node:*'], message: BROWSER_ONLY }],
        },
      ],
    },
  },
);
