import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { deleteKey } from '../../document/index.ts';
import type { FileChange } from '../../shared/publish-api.ts';
import type { Api } from '../api.ts';
import { failureText } from './failure.ts';

/** The pages of a change set that are drafts: published, they stay hidden from visitors. */
export const draftsIn = (files: FileChange[], draftFiles: ReadonlySet<string>) =>
  files.filter(
    (file) => file.kind === 'page' && file.status !== 'removed' && draftFiles.has(file.file),
  );

/**
 * Makes a draft page live: its draft switch is removed from the file (the same minimal edit as the
 * form's), saved against the version read, so a change made meanwhile is never overwritten.
 */
async function makeLive(api: Api, file: string): Promise<void> {
  const { text, version } = await api.file(file);
  await api.save(file, deleteKey(text, ['draft']), version);
}

/**
 * Publish's list of the drafts it would send: each stays hidden once published, unless made live
 * here in one click.
 */
export function DraftsInChangeSet({
  api,
  drafts,
  onChanged,
}: {
  api: Api;
  drafts: FileChange[];
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!drafts.length) return null;
  return (
    <Alert
      color="gray"
      title={drafts.length === 1 ? 'A draft page' : `${drafts.length} draft pages`}
      data-testid="publish-drafts"
    >
      <Stack gap={6}>
        {drafts.map((draft) => {
          const name = draft.route ?? draft.file;
          return (
            <Group key={draft.file} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                <strong>{name}</strong> stays hidden from visitors: make it live?
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                style={{ flex: '0 0 auto' }}
                loading={busy === draft.file}
                aria-label={`Make live: ${name}`}
                onClick={async () => {
                  setBusy(draft.file);
                  setError(null);
                  try {
                    await makeLive(api, draft.file);
                    onChanged();
                  } catch (failure) {
                    setError(failureText(failure));
                  } finally {
                    setBusy(null);
                  }
                }}
              >
                Make live
              </Button>
            </Group>
          );
        })}
        {error ? (
          <Text size="sm" c="var(--ed-error)" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
