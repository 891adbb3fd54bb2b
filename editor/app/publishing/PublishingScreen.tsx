import { Alert, Box, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a publishing screen that loads one list (Conflicts, In review, Versions): its title
 * and what it shows, then the loading error or a spinner until the list has come, then the list.
 */
export function PublishingScreen({
  title,
  intro,
  error,
  loading,
  children,
}: {
  title: string;
  intro: ReactNode;
  error: string | null;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Box p="lg" style={{ height: '100%', overflow: 'auto' }}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="gray.7" size="sm" mb="md">
        {intro}
      </Text>
      {error ? <Alert color="red">{error}</Alert> : null}
      {loading && !error ? <Loader role="status" aria-label="Loading" /> : null}
      {children}
    </Box>
  );
}
