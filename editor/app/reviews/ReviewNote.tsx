import { Anchor, Paper, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { teamReviewWords as words } from '../../../engine/errors.ts';
import type { ReviewEventView } from '../../shared/review-api.ts';
import type { Api } from '../api.ts';
import { hrefFor } from '../route.ts';
import { useFollow } from './follow.ts';

/**
 * Team mode, at the top of a page's form: the comment of a publisher who asked for changes to a
 * change of the author's that touches this page. Shown as text (React escapes it).
 */
export function ReviewNote({ api, file }: { api: Api; file: string }) {
  // With the file it was read for: a page opened since shows nothing of the last one's.
  const [note, setNote] = useState<{ file: string; event: ReviewEventView | null } | null>(null);
  const load = useCallback(
    () =>
      api.csrf
        ? api.reviews.list().then(
            (answer) => {
              const request = answer.requests.find(
                (r) => r.own && r.status === 'changes-asked' && r.files.includes(file),
              );
              const event = request?.events.findLast((e) => e.kind === 'changes-asked') ?? null;
              setNote((now) =>
                now?.file === file && JSON.stringify(now.event) === JSON.stringify(event)
                  ? now
                  : { file, event },
              );
            },
            () => undefined,
          )
        : Promise.resolve(),
    [api, file],
  );
  useEffect(() => {
    void load();
  }, [load]);
  // A comment sent while the page is open shows without a reload (and goes once answered).
  useFollow(load);
  const asked = note?.file === file ? note.event : null;
  if (!asked) return null;
  return (
    <Paper
      radius="md"
      p="sm"
      data-testid="review-note"
      role="note"
      style={{
        background: 'var(--mantine-color-orange-0)',
        border: '1px solid var(--mantine-color-orange-4)',
      }}
    >
      <Text fw={700} size="sm" c="gray.9" mb={4}>
        {words.noteTitle(asked.by.name)}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="review-note-comment">
        {asked.comment}
      </Text>
      <Text size="xs" mt={6}>
        {words.noteLead}{' '}
        <Anchor href={hrefFor({ name: 'changes' })} size="xs" underline="always">
          Changes
        </Anchor>
      </Text>
    </Paper>
  );
}
