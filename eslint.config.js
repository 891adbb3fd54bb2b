import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Syntax-only rules: the type-aware presets (no-floating-promises and the like) need a TypeScript program and took
// 72–94 s of CPU on this project against 23–28 s for these, on top of `tsc --noEmit`, which already runs in `npm test`.
export default defineConfig(
  globalIgnores([
    'dist/',
    '.cache/',
    '.bench/',
    'test-results/',
    'playwright-report/',
    'schema/generated/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks what is left out on purpose: `const { icon: _icon, ...rest } = item`.
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
      // A `let` that handlers read before its one assignment (the editor server's guard, made once the port is
      // known) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // React components and hooks (the editor's hooks live in .ts files). Elsewhere `use…` names are not hooks:
    // Playwright fixtures call `use()`, the CLI's formatter has `useColor`.
    files: ['**/*.tsx', 'editor/app/**/*.ts'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // Only says whether React Compiler could optimise a component; the project does not use React Compiler.
      'react-hooks/preserve-manual-memoization': 'off',
      // The editor keeps the latest callback or state in a ref during render on purpose (`ref.current = onChange`),
      // so that listeners registered once and async callbacks see current values without re-subscribing.
      'react-hooks/refs': 'off',
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);
