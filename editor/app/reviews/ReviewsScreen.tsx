import {
  Alert,
  Box,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { teamReviewWords as words } from '../../../engine/errors.ts';
import type { PublishProblem } from '../../shared/publish-api.ts';
import type {
  ReviewItemResponse,
  ReviewsResponse,
  ReviewSummary,
} from '../../shared/review-api.ts';
import { ApiFailure, type Api } from '../api.ts';
import { failureText } from '../publishing/failure.ts';
import { PublishingScreen } from '../publishing/PublishingScreen.tsx';
import { blocksOf, SideBySide } from '../publishing/SideBySide.tsx';
import { Tag } from '../screens/ProblemBadge.tsx';
import { useToast } from '../toasts.tsx';
import { useFollow } from './follow.ts';

const TONES: Record<ReviewSummary['status'], 'brand' | 'orange' | 'green' | 'gray'> = {
  waiting: 'brand',
  'changes-asked': 'orange',
  'approved-published': 'green',
  withdrawn: 'gray',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const StatusTag = ({ status }: { status: ReviewSummary['status'] }) => (
  <Tag tone={TONES[status]}>{words.status[status]}</Tag>
);

/**
 * Team mode: the changes sent for review. A publisher sees those of their pages, each with the
 * change in the author's words, the published and the changed page side by side, the site check's
 * result, and Approve and publish or Ask for changes; an author sees their own and where each
 * stands.
 *
 * The list follows what others do while it is open (useFollow: a request sent, approved or
 * commented meanwhile). An answer that changed nothing leaves the screen as it is; the cards keep
 * their state (a comment being typed, what is open) by the request's id.
 */
export function ReviewsScreen({ api }: { api: Api }) {
  const [data, setData] = useState<ReviewsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    () =>
      api.reviews.list().then(
        (answer) => {
          setData((now) => (now && JSON.stringify(now) === JSON.stringify(answer) ? now : answer));
          setError(null);
        },
        (failure: unknown) => setError(failureText(failure)),
      ),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useFollow(load);
  const open = data?.requests.filter((r) => r.status === 'waiting' || r.status === 'changes-asked');
  const closed = data?.requests.filter((r) => !open?.includes(r));
  return (
    <PublishingScreen
      title={words.screenTitle}
      intro={data?.reviewer === false ? words.introAuthor : words.introReviewer}
      // A list already shown stays when a later ask fails (the next one may answer).
      error={data ? null : error}
      loading={!data}
    >
      {data && !data.requests.length ? (
        <Paper withBorder p="lg" data-testid="no-reviews">
          <Text>{words.none}</Text>
        </Paper>
      ) : null}
      <Stack gap="md">
        {[...(open ?? []), ...(closed ?? [])].map((request) => (
          <ReviewCard
            key={request.id}
            api={api}
            request={request}
            reviewer={data!.reviewer}
            requireReview={data!.requireReview}
            onChanged={() => void load()}
          />
        ))}
      </Stack>
    </PublishingScreen>
  );
}

type Outcome = { message: string; problems?: PublishProblem[] };

function ReviewCard({
  api,
  request,
  reviewer,
  requireReview,
  onChanged,
}: {
  api: Api;
  request: ReviewSummary;
  reviewer: boolean;
  requireReview: boolean;
  onChanged: () => void;
}) {
  const waiting = request.status === 'waiting';
  // What waits for someone: open; what is done: one line.
  const [expanded, setExpanded] = useState(waiting || request.status === 'changes-asked');
  /** The request's detail, with the `updatedAt` it was read at: read again when that moves. */
  const [detail, setDetail] = useState<{ at: string; item: ReviewItemResponse } | null>(null);
  const item = detail?.item ?? null;
  const [busy, setBusy] = useState<'approve' | 'ask' | 'withdraw' | null>(null);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [refused, setRefused] = useState<Outcome | null>(null);
  const toast = useToast();
  const detailAt = detail?.at;
  useEffect(() => {
    if (!expanded || detailAt === request.updatedAt) return;
    let stopped = false;
    // The detail shown stays until the new one has come (no spinner in between).
    api.reviews.item(request.id).then(
      (answer) => !stopped && setDetail({ at: request.updatedAt, item: answer }),
      (failure: unknown) => !stopped && setRefused({ message: failureText(failure) }),
    );
    return () => {
      stopped = true;
    };
  }, [api, expanded, detailAt, request.id, request.updatedAt]);

  const act = async (kind: 'approve' | 'ask' | 'withdraw') => {
    setBusy(kind);
    setRefused(null);
    try {
      const answer =
        kind === 'approve'
          ? await api.reviews.approve(request.id)
          : kind === 'ask'
            ? await api.reviews.ask(request.id, comment)
            : await api.reviews.withdraw(request.id);
      toast({ message: answer.message, color: 'green' });
      setAsking(false);
      setComment('');
      onChanged();
    } catch (failure) {
      setRefused({
        message: failureText(failure),
        ...(failure instanceof ApiFailure && Array.isArray(failure.body.problems)
          ? { problems: failure.body.problems as PublishProblem[] }
          : {}),
      });
    } finally {
      setBusy(null);
    }
  };

  const ownBlocked = request.own && requireReview;
  const headingId = `review-${request.id}`;
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="review-card"
      data-status={request.status}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Box style={{ minWidth: 0 }}>
          <Text fw={650} component="h2" size="md" m={0} id={headingId}>
            {request.message.split('\n')[0]}
          </Text>
          <Text size="sm" c="gray.7">
            {words.sentBy(request.author.name, when(request.sentAt))} · {request.routes.join(', ')}
          </Text>
        </Box>
        <Group gap="xs" wrap="nowrap">
          <StatusTag status={request.status} />
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setExpanded(!expanded)}
            aria-expanded={expanded}
          >
            {expanded ? words.hideDetail : words.showDetail}
          </Button>
        </Group>
      </Group>

      {expanded ? (
        <Stack gap="sm" mt="sm">
          {!item && !refused ? <Loader size="sm" role="status" aria-label={words.loading} /> : null}
          {item ? <ReviewDetail api={api} item={item} /> : null}
          <ReviewEvents request={request} />
          {refused ? (
            <Alert color="red" title={words.notDone} role="alert" data-testid="review-refused">
              <Text size="sm">{refused.message}</Text>
              {refused.problems ? <ProblemList problems={refused.problems} /> : null}
            </Alert>
          ) : null}
          {asking ? (
            <Stack gap="xs">
              <Textarea
                label={words.commentLabel}
                description={words.commentHint}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={2000}
                autosize
                minRows={3}
                data-testid="review-comment"
              />
              <Group gap="xs">
                <Button
                  onClick={() => void act('ask')}
                  loading={busy === 'ask'}
                  disabled={!comment.trim()}
                  data-testid="review-send-comment"
                >
                  {words.sendComment}
                </Button>
                <Button variant="default" onClick={() => setAsking(false)}>
                  {words.cancel}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {!asking && (waiting || request.status === 'changes-asked') ? (
            <Group gap="xs">
              {reviewer && waiting && !ownBlocked ? (
                <>
                  <Button
                    onClick={() => void act('approve')}
                    loading={busy === 'approve'}
                    data-testid="review-approve"
                  >
                    {words.approve}
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => setAsking(true)}
                    data-testid="review-ask"
                  >
                    {words.askForChanges}
                  </Button>
                </>
              ) : null}
              {reviewer && waiting && ownBlocked ? (
                <Text size="sm" c="gray.7">
                  {words.ownChange}
                </Text>
              ) : null}
              {request.own || reviewer ? (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => void act('withdraw')}
                  loading={busy === 'withdraw'}
                  data-testid="review-withdraw"
                >
                  {words.withdraw}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** Each page of the change: what changed in words, then the published and changed page. */
function ReviewDetail({ api, item }: { api: Api; item: ReviewItemResponse }) {
  return (
    <Stack gap="sm">
      {item.check.length ? (
        <Alert
          color="orange"
          title={words.checkFailed(item.check.length)}
          data-testid="review-check"
        >
          <ProblemList problems={item.check} />
        </Alert>
      ) : (
        <Text size="sm" fw={600} data-testid="review-check">
          {words.checkPassed}
        </Text>
      )}
      {item.changes.map((change) => (
        <Box key={change.file} data-testid="review-file" data-file={change.file}>
          <Text fw={600} size="sm" component="h3" m={0}>
            {change.kind === 'page'
              ? `Page ${change.route ?? change.file}`
              : change.kind === 'config'
                ? 'Site settings'
                : change.file.slice(change.file.lastIndexOf('/') + 1)}
          </Text>
          <List size="sm" spacing={2} data-testid="review-change-texts">
            {change.changes.map((line, i) => (
              <List.Item key={i}>{line.text}</List.Item>
            ))}
          </List>
          {change.kind === 'page' && change.route && change.status !== 'removed' ? (
            <Box mt="xs">
              <SideBySide
                token={api.token}
                file={change.file}
                route={change.route}
                sides={[
                  ...(change.status === 'changed'
                    ? [{ version: item.base, label: words.published, marked: [] }]
                    : []),
                  {
                    version: item.commit,
                    label: change.status === 'added' ? words.added : words.changed,
                    marked: blocksOf(change.changes),
                  },
                ]}
              />
            </Box>
          ) : change.status === 'removed' ? (
            <Text size="sm">{words.removed}</Text>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

function ProblemList({ problems }: { problems: PublishProblem[] }) {
  return (
    <List size="sm" spacing={4} data-testid="review-problems">
      {problems.map((problem, i) => (
        <List.Item key={i}>
          {/* No link: the page with the change is the author's, not in the reader's drafts. */}
          <Text span size="sm" fw={600}>
            {problem.place ?? problem.file}
          </Text>{' '}
          {problem.message}
        </List.Item>
      ))}
    </List>
  );
}

/** The request's story: comments shown as text (React escapes them), newest last. */
export function ReviewEvents({ request }: { request: ReviewSummary }) {
  const comments = request.events.filter((event) => event.comment);
  if (!comments.length) return null;
  return (
    <Box>
      <Text fw={600} size="sm" component="h3" m={0}>
        {words.history}
      </Text>
      <Stack gap={6} mt={4}>
        {comments.map((event, i) => (
          <Paper key={i} bg="gray.0" p="xs" radius="sm" data-testid="review-event-comment">
            <Text size="xs" c="gray.7">
              {words.asked(event.by.name)} · {when(event.at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {event.comment}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
