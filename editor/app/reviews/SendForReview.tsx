import { Alert, Anchor, Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { teamReviewWords as words } from '../../../engine/errors.ts';
import type { ReviewsResponse } from '../../shared/review-api.ts';
import type { Api } from '../api.ts';
import { failureText } from '../publishing/failure.ts';
import { hrefFor } from '../route.ts';
import { ReviewEvents, StatusTag } from './ReviewsScreen.tsx';

/**
 * Team mode, on the Changes screen: "Send for review" (in place of Publish for an author, or when
 * the site requires a review; beside it for a publisher), and the author's own requests with where
 * each stands and the comments sent back.
 */
export function SendForReview({
  api,
  reviews,
  message,
  onMessage,
  canSend,
  alone,
  onSent,
}: {
  api: Api;
  reviews: ReviewsResponse;
  message: string;
  onMessage: (text: string) => void;
  canSend: boolean;
  /** In place of the Publish panel: with the message field and the words of its own. */
  alone: boolean;
  onSent: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const mine = reviews.requests.filter((request) => request.own).slice(0, 5);
  const send = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await api.reviews.send(message);
      setOutcome({ ok: true, text: answer.message });
      onSent();
    } catch (failure) {
      setOutcome({ ok: false, text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="send-for-review-panel">
      <Stack gap="sm">
        {alone ? (
          <>
            <Text fw={650} component="h2" size="md" m={0}>
              {words.sendForReview}
            </Text>
            <Text size="sm" c="gray.7">
              {reviews.requireReview ? words.requiredLead : words.sendForReviewLead}
            </Text>
            <Textarea
              label="What changed"
              description="Prefilled from your changes; edit it if you like."
              value={message}
              onChange={(e) => onMessage(e.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={10}
              data-testid="publish-message"
            />
          </>
        ) : (
          <Text size="sm" c="gray.7">
            {words.orReviewFirst}
          </Text>
        )}
        <Button
          variant={alone ? 'filled' : 'default'}
          onClick={() => void send()}
          loading={busy}
          disabled={!canSend || !message.trim()}
          data-testid="send-for-review"
        >
          {words.sendForReview}
        </Button>
        {outcome ? (
          <Alert
            color={outcome.ok ? 'green' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="send-for-review-outcome"
          >
            <Text size="sm">{outcome.text}</Text>
          </Alert>
        ) : null}
        {mine.length ? (
          <Stack gap="xs" data-testid="my-reviews">
            <Text fw={650} component="h3" size="sm" m={0}>
              {words.yourRequests}
            </Text>
            {mine.map((request) => (
              <Paper key={request.id} withBorder p="xs" data-testid="my-review">
                <Text size="sm" fw={600}>
                  {request.message.split('\n')[0]}
                </Text>
                <StatusTag status={request.status} />
                {request.status === 'changes-asked' ? <ReviewEvents request={request} /> : null}
              </Paper>
            ))}
            <Anchor href={hrefFor({ name: 'reviews' })} size="sm" underline="always">
              {words.screenTitle}
            </Anchor>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
