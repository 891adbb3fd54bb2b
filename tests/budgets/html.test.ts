import { readFileSync } from 'node:fs';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtPages } from '../../pipeline/budgets.ts';
import { assertBuilt, distDir } from '../helpers/built-site.ts';

/**
 * html-validate's rules for valid markup, accessibility and document structure. Left out on
 * purpose: `require-sri` (every script and stylesheet is same-origin) and the letter-first rule for
 * ids (React's useId() gives ids like `_R_1f_`, which HTML allows).
 */
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: {
    'require-sri': 'off',
    'valid-id': ['error', { relaxed: true }],
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
});

/**
 * The block catalogue (/_blocks, noindex) shows each block as it renders on a page, under the
 * catalogue's own h1; a block that owns its page's h1 (hero, notFound) necessarily adds a second
 * one there. Everything else applies.
 */
const catalogueValidator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: {
    'require-sri': 'off',
    'valid-id': ['error', { relaxed: true }],
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    'heading-level': ['error', { allowMultipleH1: true }],
  },
});

beforeAll(assertBuilt);

describe('valid HTML', () => {
  it('every built page passes html-validate', async () => {
    const problems: string[] = [];
    for (const page of builtPages(distDir)) {
      const report = await (
        page.route.startsWith('/_blocks') ? catalogueValidator : validator
      ).validateString(readFileSync(page.file, 'utf8'), page.route);
      for (const result of report.results) {
        for (const message of result.messages)
          problems.push(
            `${page.route}:${message.line}:${message.column} ${message.message} (${message.ruleId})`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
