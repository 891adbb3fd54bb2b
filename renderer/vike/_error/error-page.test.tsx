// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PageContext } from 'vike/types';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorPage from './+Page.tsx';

afterEach(cleanup);

const renderWith = (pageContext: Partial<PageContext> & Record<string, unknown>) =>
  render(
    <VikeReactProviderPageContext pageContext={pageContext as PageContext}>
      <ErrorPage />
    </VikeReactProviderPageContext>,
  );

describe('error page', () => {
  it('shows Unexpected Application Error! with the status and the error message when a page fails to render', () => {
    renderWith({ is404: false, errorWhileRendering: new Error('Block exploded') });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe(
      'Unexpected Application Error!',
    );
    expect(alert.textContent).toContain('500');
    expect(alert.textContent).toContain('Block exploded');
    expect(within(alert).getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('uses the status and reason of an aborted render', () => {
    renderWith({ is404: false, abortStatusCode: 403, abortReason: 'Not for you' } as Record<
      string,
      unknown
    >);
    expect(screen.getByRole('alert').textContent).toMatch(/403.*Not for you/);
  });
});
