// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Collector } from '../../engine/collector.ts';
import { validatePage } from '../../engine/validate-page.ts';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

describe('comparisonTable', () => {
  afterEach(cleanup);

  it('renders an accessible table named by its caption, with column and row headers', () => {
    renderBlock('comparisonTable');
    const table = screen.getByRole('table', {
      name: 'Features included in the Starter, Growth and Enterprise plans',
    });
    const columnHeaders = within(table).getAllByRole('columnheader');
    expect(columnHeaders.map((th) => th.textContent)).toEqual([
      'Feature',
      'Starter',
      'Growth',
      'Enterprise',
    ]);
    expect(columnHeaders.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders).toHaveLength(8);
    expect(rowHeaders[0]!.getAttribute('scope')).toBe('row');
    expect(rowHeaders.map((th) => th.textContent)).toContain('Role-based Access');
    // A written caption is visible.
    expect(table.querySelector('caption')!.classList.contains('visually-hidden')).toBe(false);
  });

  it('shows yes/no as icons with hidden text and levels as text', () => {
    renderBlock('comparisonTable');
    const row = screen.getByRole('rowheader', { name: 'Ops Automation' }).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['Not included', 'Included', 'Included']);
    expect(cells[0]!.querySelector('[data-value="no"] svg')).not.toBeNull();
    expect(cells[1]!.querySelector('[data-value="yes"] svg')).not.toBeNull();
    expect(cells[0]!.querySelector('.visually-hidden')!.textContent).toBe('Not included');

    const support = screen.getByRole('rowheader', { name: 'Support' }).closest('tr')!;
    expect(
      within(support)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Email', 'Priority', 'Dedicated']);
  });

  it('scrolls inside a focusable, labelled region', () => {
    renderBlock('comparisonTable');
    const region = screen.getByRole('region', {
      name: 'Features included in the Starter, Growth and Enterprise plans, scrollable table',
    });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table')).toBeTruthy();
  });

  it('falls back to the heading as a visually hidden caption, and respects id and tone', () => {
    const { caption: _caption, ...block } = loadExample('comparisonTable');
    const { container } = renderBlock('comparisonTable', { ...block, tone: 'dark' });
    const table = screen.getByRole('table', { name: 'Compare plans' });
    expect(table.querySelector('caption')!.classList.contains('visually-hidden')).toBe(true);
    expect(screen.getByRole('region', { name: 'Compare plans, scrollable table' })).toBeTruthy();
    const section = container.querySelector('section')!;
    expect(section.id).toBe('compare-plans');
    expect(section.className).toContain('dark');
  });

  describe('its rule: one value per column', () => {
    const page = (rows: string, heading = 'Compare') =>
      `title: Plans\ndescription: Compare the plans.\nblocks:\n  - type: comparisonTable\n    heading: ${heading}\n    columns: [A, B, C]\n    rows:\n${rows}`;
    const problems = (text: string) => {
      const collector = new Collector();
      validatePage(process.cwd(), 'pages/plans.yaml', collector, text);
      return collector.diagnostics.map(({ line, col, code, message, hint }) => ({
        at: `${line}:${col}`,
        code,
        message,
        hint,
      }));
    };
    const hint = 'Give one value per column, in the same order as "columns".';

    it('points at the values of every row with too few or too many', () => {
      const rows =
        '      - { feature: One, values: [true, true, true] }\n      - { feature: Two, values: [true, true] }\n      - feature: Three\n        values: [a, b, c, d]\n';
      expect(problems(page(rows))).toEqual([
        {
          at: '9:33',
          code: 'column-count',
          message: 'This row has 2 values but the table has 3 columns.',
          hint,
        },
        {
          at: '11:17',
          code: 'column-count',
          message: 'This row has 4 values but the table has 3 columns.',
          hint,
        },
      ]);
    });

    it('waits until the fields themselves are valid', () => {
      expect(
        problems(page('      - { feature: Two, values: [true, true] }\n', '""')).map(
          (problem) => problem.code,
        ),
      ).toEqual(['empty-text']);
    });
  });
});
