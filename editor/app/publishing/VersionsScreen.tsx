import { Anchor, Box, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { VersionView, VersionsResponse } from '../../shared/publish-api.ts';
import type { Api } from '../api.ts';
import { failureText } from './failure.ts';
import { PublishingScreen } from './PublishingScreen.tsx';
import { hrefFor, screenOfFile } from '../route.ts';
import { useToast } from '../toasts.tsx';
import { routeFromFile } from '../../../engine/routes.ts';
import { blocksOf, SideBySide } from './SideBySide.tsx';

const when = (date: string) =>
  new Date(date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A page's published versions: who, when, their message and the change in words; show one, or
 * restore it.
 */
export function VersionsScreen({ api, file }: { api: Api; file: string }) {
  const route = file.startsWith('pages/') ? routeFromFile(file) : undefined;
  const name = route ? `the page ${route}` : 'the site settings';
  const [data, setData] = useState<VersionsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shownVersion, setShownVersion] = useState<{
    version: VersionView;
    text: string;
    current: boolean;
  } | null>(null);
  const [restoring, setRestoring] = useState<VersionView | null>(null);
  const toast = useToast();
  const load = useCallback(() => {
    api.publishing
      .versions(file)
      .then(setData, (failure: unknown) => setError(failureText(failure)));
  }, [api, file]);
  useEffect(load, [load]);
  const show = async (version: VersionView, current: boolean) => {
    try {
      const { text } = await api.publishing.version(file, version.commit);
      setShownVersion({ version, text, current });
    } catch (failure) {
      toast({ message: failureText(failure), color: 'red' });
    }
  };
  const restore = async (version: VersionView) => {
    setRestoring(null);
    try {
      await api.publishing.restore(file, version.commit);
      toast({
        message: `The version of ${when(version.date)} is back in ${name}: publish it to make it live.`,
        color: 'green',
      });
    } catch (failure) {
      toast({ message: failureText(failure), color: 'red' });
    }
  };
  return (
    <PublishingScreen
      title="History"
      intro={
        <>
          Every published version of {name}, newest first.{' '}
          <Anchor underline="always" href={hrefFor(screenOfFile(file))}>
            Open the page
          </Anchor>
        </>
      }
      error={error}
      loading={!data}
    >
      <Stack gap="sm" data-testid="versions-list">
        {data?.versions.map((version, i) => (
          <Paper key={version.commit} withBorder p="md" data-testid="version">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Box style={{ minWidth: 0 }}>
                <Text fw={600}>{version.message.split('\n')[0]}</Text>
                <Text size="xs" c="gray.7">
                  {version.author} · {when(version.date)}
                  {i === 0 ? ' · the published version' : ''}
                </Text>
              </Box>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => void show(version, i === 0)}
                >
                  Show
                </Button>
                {i > 0 ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setRestoring(version)}
                    data-testid="restore-version"
                  >
                    Restore
                  </Button>
                ) : null}
              </Group>
            </Group>
            {version.change ? (
              <List size="sm" mt={4} spacing={2}>
                {version.change.changes.slice(0, 8).map((change, k) => (
                  <List.Item key={k}>{change.text}</List.Item>
                ))}
                {version.change.changes.length > 8 ? (
                  <List.Item>and {version.change.changes.length - 8} more</List.Item>
                ) : null}
              </List>
            ) : null}
          </Paper>
        ))}
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={shownVersion !== null}
        onClose={() => setShownVersion(null)}
        title={shownVersion ? `The version of ${when(shownVersion.version.date)}` : ''}
        size="xl"
      >
        {shownVersion && !shownVersion.current ? (
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Text size="sm" c="gray.7">
              {shownVersion.version.author} · {shownVersion.version.message.split('\n')[0]}
            </Text>
            <Button
              size="sm"
              onClick={() => {
                setRestoring(shownVersion.version);
                setShownVersion(null);
              }}
              data-testid="restore-shown"
            >
              Restore this version
            </Button>
          </Group>
        ) : null}
        {shownVersion && route ? (
          <SideBySide
            token={api.token}
            file={file}
            route={route}
            sides={[
              {
                version: shownVersion.version.commit,
                label: `${shownVersion.version.author}, ${when(shownVersion.version.date)}`,
                marked: shownVersion.version.change
                  ? blocksOf(shownVersion.version.change.changes)
                  : [],
              },
            ]}
          />
        ) : (
          <Box component="pre" style={{ fontSize: 12, whiteSpace: 'pre-wrap', margin: 0 }}>
            {shownVersion?.text}
          </Box>
        )}
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        title="Restore this version?"
        centered
      >
        <Stack>
          <Text size="sm">
            The page gets the content of this version back, as a new change that you can look at and
            then publish. Nothing in its history is removed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRestoring(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => restoring && void restore(restoring)}
              data-testid="restore-confirm"
            >
              Restore
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PublishingScreen>
  );
}
