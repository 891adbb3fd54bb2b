import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ReviewResponse } from '../../shared/publish-api.ts';
import type { Api } from '../api.ts';
import { failureText } from './failure.ts';
import { PublishingScreen } from './PublishingScreen.tsx';
import { ReviewLink } from './ReviewLink.tsx';
import { Tag } from '../screens/ProblemBadge.tsx';

/**
 * Change sets sent for review and not live yet, and whether each still goes with the published
 * version.
 */
export function ReviewScreen({ api }: { api: Api }) {
  const [data, setData] = useState<ReviewResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.publishing.review().then(setData, (failure: unknown) => setError(failureText(failure)));
  }, [api]);
  return (
    <PublishingScreen
      title="In review"
      intro="Changes sent for review that are not live yet."
      error={error}
      loading={!data}
    >
      {data && !data.items.length ? (
        <Paper withBorder p="lg">
          <Text>Nothing is waiting for review.</Text>
        </Paper>
      ) : null}
      <Stack gap="sm">
        {data?.items.map((item) => (
          <Paper key={item.name} withBorder p="md" data-testid="review-item">
            <Group justify="space-between" align="flex-start">
              <Box>
                <Text fw={600}>{item.message}</Text>
                <Text size="xs" c="gray.7">
                  {item.author} · {new Date(item.date).toLocaleString()} · {item.files.join(', ')}
                </Text>
              </Box>
              <Tag tone={item.mergesCleanly ? 'green' : 'orange'}>
                {item.mergesCleanly ? 'Ready to go live' : 'Clashes with the published version'}
              </Tag>
            </Group>
            {item.reviewUrl ? <ReviewLink href={item.reviewUrl} /> : null}
          </Paper>
        ))}
      </Stack>
    </PublishingScreen>
  );
}
