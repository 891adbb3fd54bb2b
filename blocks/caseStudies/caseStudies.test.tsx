// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';
import { splitResult } from './CaseStudies.tsx';

afterEach(cleanup);

describe('caseStudies block', () => {
  it('renders the heading, intro and one card per case study', () => {
    renderBlock('caseStudies');
    screen.getByRole('region', { name: 'Case studies' });
    screen.getByText('Results from properties like yours, shared by the teams who run them.');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows the headline result, an h3 title and the summary on each card', () => {
    renderBlock('caseStudies');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    loadExample('caseStudies').items.forEach((study, index) => {
      const card = items[index]!;
      within(card).getByRole('heading', { level: 3, name: study.title });
      within(card).getByText(study.summary);
      expect(card.querySelector('p')!.textContent).toBe(study.result);
    });
    expect(within(items[0]!).getByText('+28%').className).toContain('figure');
    within(items[0]!).getByText('upsell revenue');
  });

  it('splits a leading figure from its label and keeps other results whole', () => {
    expect(splitResult('+28% upsell revenue')).toEqual({ figure: '+28%', label: 'upsell revenue' });
    expect(splitResult('-40% response time')).toEqual({ figure: '-40%', label: 'response time' });
    expect(splitResult('3x faster check-in')).toEqual({ figure: '3x', label: 'faster check-in' });
    expect(splitResult('Zero overbookings')).toEqual({ figure: 'Zero overbookings' });
  });

  it('passes id and tone to the section', () => {
    const { container } = renderBlock('caseStudies', {
      ...loadExample('caseStudies'),
      id: 'case-studies',
      tone: 'muted',
    });
    expect(container.querySelector('section')!.id).toBe('case-studies');
    expect(container.querySelector('section')!.className).toContain('muted');
  });
});
