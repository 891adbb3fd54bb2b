// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type {
  ReviewItemResponse,
  ReviewsResponse,
  ReviewSummary,
} from '../../shared/review-api.ts';
import type { Api } from '../api.ts';
import { ReviewNote } from './ReviewNote.tsx';
import { ReviewsScreen } from './ReviewsScreen.tsx';

/**
 * The Reviews screen left open follows what others do: a request sent meanwhile, an approval, a
 * comment. It asks the server again when the tab comes back into view or the window regains focus,
 * and every 15 s while the tab is in view (never in a hidden tab), without a spinner in between and
 * without losing a comment being typed. The server's answers are given here as the review routes
 * answer them (editor/shared/review-api.ts); the routes themselves are tested with a real team
 * server in tests/team and tests/editor/team-review.spec.ts.
 */
let visibility: 'visible' | 'hidden' = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const lena = { name: 'Lena Berg', email: 'lena@example.com' };
const anna = { name: 'Anna Kurz', email: 'anna@example.com' };

const request = (id: string, message: string, more: Partial<ReviewSummary> = {}) =>
  ({
    id,
    author: anna,
    message,
    files: ['pages/pricing.yaml'],
    routes: ['/pricing'],
    status: 'waiting',
    sentAt: '2026-11-29T10:00:00.000Z',
    updatedAt: '2026-11-29T10:00:00.000Z',
    problems: 0,
    own: false,
    events: [{ kind: 'sent', by: anna, at: '2026-11-29T10:00:00.000Z' }],
    ...more,
  }) satisfies ReviewSummary;

/** A server whose list is `answer` at the time of asking; counts the lists asked for. */
function server(first: ReviewsResponse) {
  let answer = first;
  const asked = { lists: 0 };
  const api = {
    token: '',
    csrf: 'csrf',
    reviews: {
      list: () => {
        asked.lists += 1;
        return Promise.resolve(structuredClone(answer));
      },
      item: (id: string) => {
        const summary = answer.requests.find((r) => r.id === id)!;
        return Promise.resolve({
          request: summary,
          changes: [],
          check: [],
          base: 'a'.repeat(40),
          commit: 'b'.repeat(40),
        } satisfies ReviewItemResponse);
      },
    },
  } as unknown as Api;
  return {
    api,
    asked,
    answer: (next: ReviewsResponse) => {
      answer = next;
    },
  };
}

/** The author's own request `own` after Lena asked for changes, as the author's list shows it. */
function changesAsked(own: ReviewSummary): ReviewsResponse {
  const asked = { kind: 'changes-asked', by: lena, at: '2026-11-29T11:00:00.000Z' } as const;
  return {
    requests: [
      {
        ...own,
        status: 'changes-asked',
        updatedAt: asked.at,
        events: [...own.events, { ...asked, comment: 'Please keep the old plan names.' }],
      },
    ],
    reviewer: false,
    requireReview: true,
  };
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const titles = () =>
  screen
    .queryAllByTestId('review-card')
    .map((card) => within(card).getByRole('heading').textContent);

function open(api: Api) {
  render(
    <MantineProvider>
      <ReviewsScreen api={api} />
    </MantineProvider>,
  );
  return flush();
}

it('a publisher sees a request sent meanwhile, asked every 15 s in view and never in a hidden tab', async () => {
  const prices = request('r1', 'New prices');
  const team = server({ requests: [prices], reviewer: true, requireReview: false });
  await open(team.api);
  expect(titles()).toEqual(['New prices']);
  const card = screen.getByTestId('review-card');

  team.answer({
    requests: [request('r2', 'German hero', { author: lena }), prices],
    reviewer: true,
    requireReview: false,
  });
  await wait(14_000);
  expect(titles()).toEqual(['New prices']);
  await wait(1_000);
  expect(titles()).toEqual(['German hero', 'New prices']);
  // The card already shown is the same element: no spinner, nothing redrawn from scratch.
  expect(screen.getAllByTestId('review-card')[1]).toBe(card);
  expect(screen.queryByRole('status')).toBeNull();

  // A hidden tab asks nothing; back in view, it asks at once.
  visibility = 'hidden';
  const before = team.asked.lists;
  await wait(60_000);
  expect(team.asked.lists).toBe(before);
  team.answer({ requests: [prices], reviewer: true, requireReview: false });
  visibility = 'visible';
  fireEvent(document, new Event('visibilitychange'));
  // Focus arrives with it: one ask, not two.
  fireEvent(window, new Event('focus'));
  await flush();
  expect(team.asked.lists).toBe(before + 1);
  expect(titles()).toEqual(['New prices']);
});

it('an author sees the approval and the comment of a publisher when the window regains focus', async () => {
  const own = request('r1', 'New prices', { own: true });
  const team = server({ requests: [own], reviewer: false, requireReview: true });
  await open(team.api);
  expect(screen.getByTestId('review-card').getAttribute('data-status')).toBe('waiting');

  team.answer(changesAsked(own));
  await wait(2_000);
  fireEvent(window, new Event('focus'));
  await flush();
  expect(screen.getByTestId('review-card').getAttribute('data-status')).toBe('changes-asked');
  expect(screen.getByTestId('review-event-comment').textContent).toContain(
    'Please keep the old plan names.',
  );

  team.answer({
    requests: [{ ...own, status: 'approved-published', updatedAt: '2026-11-29T12:00:00.000Z' }],
    reviewer: false,
    requireReview: true,
  });
  await wait(15_000);
  expect(screen.getByTestId('review-card').getAttribute('data-status')).toBe('approved-published');
});

it('keeps the comment a publisher is typing while the list follows', async () => {
  const prices = request('r1', 'New prices');
  const team = server({ requests: [prices], reviewer: true, requireReview: false });
  await open(team.api);
  fireEvent.click(screen.getByTestId('review-ask'));
  const typing = 'The table needs the German plan names';
  fireEvent.change(screen.getByTestId('review-comment'), { target: { value: typing } });
  screen.getByTestId('review-comment').focus();

  team.answer({
    requests: [request('r2', 'German hero', { author: lena }), prices],
    reviewer: true,
    requireReview: false,
  });
  await wait(15_000);
  expect(titles()).toEqual(['German hero', 'New prices']);
  const comment = screen.getByTestId('review-comment') as HTMLTextAreaElement;
  expect(comment.value).toBe(typing);
  expect(document.activeElement).toBe(comment);
});

it('the note at the top of a page’s form shows a comment sent while the page is open', async () => {
  const own = request('r1', 'New prices', { own: true });
  const team = server({ requests: [own], reviewer: false, requireReview: true });
  render(
    <MantineProvider>
      <ReviewNote api={team.api} file="pages/pricing.yaml" />
    </MantineProvider>,
  );
  await flush();
  expect(screen.queryByTestId('review-note')).toBeNull();

  team.answer(changesAsked(own));
  await wait(15_000);
  expect(screen.getByTestId('review-note-comment').textContent).toBe(
    'Please keep the old plan names.',
  );
});
