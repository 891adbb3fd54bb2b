import { Anchor, Box, Button, Group, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { parse, stringify } from 'yaml';
import type { Conflict, FileConflictView } from '../../shared/publish-api.ts';
import type { Api } from '../api.ts';
import { failureText } from './failure.ts';
import { PublishingScreen } from './PublishingScreen.tsx';
import { hrefFor, screenOfFile } from '../route.ts';
import { useToast } from '../toasts.tsx';
import { publishingChanged } from './status.ts';
import { blocksOf, SideBySide } from './SideBySide.tsx';

type Pick = 'ours' | 'theirs' | 'edit';

const shown = (value: unknown) =>
  value === undefined
    ? '(not there)'
    : typeof value === 'string'
      ? value
      : stringify(value).trimEnd();

/**
 * A colleague changed the same field as the author: both values side by side, and the author keeps
 * one, the other or an edit of them. Until then both stay recoverable (the server keeps theirs
 * beside the file).
 */
export function ConflictsScreen({ api }: { api: Api }) {
  const [files, setFiles] = useState<FileConflictView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api.publishing.conflicts().then(
      (response) => setFiles(response.conflicts),
      (failure: unknown) => setError(String((failure as Error).message)),
    );
  }, [api]);
  useEffect(load, [load]);
  return (
    <PublishingScreen
      title="Conflicts"
      intro="A colleague published a change to the same field as you. Choose what to keep for each one."
      error={error}
      loading={files === null}
    >
      {files && files.length === 0 ? (
        <Paper withBorder p="lg" data-testid="no-conflicts">
          <Text fw={600}>No conflicts</Text>
          <Text size="sm">
            Everything is combined.{' '}
            <Anchor underline="always" href={hrefFor({ name: 'changes' })}>
              Back to Changes
            </Anchor>
          </Text>
        </Paper>
      ) : null}
      <Stack>
        {files?.map((file) => (
          <FileConflicts key={file.file} api={api} file={file} onDone={load} />
        ))}
      </Stack>
    </PublishingScreen>
  );
}

function FileConflicts({
  api,
  file,
  onDone,
}: {
  api: Api;
  file: FileConflictView;
  onDone: () => void;
}) {
  const [picks, setPicks] = useState<Record<string, Pick>>({});
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const title = file.route ? `Page ${file.route}` : file.file;
  const theirsLabel = theirsWords(file.theirsBy);
  const save = async () => {
    setError(null);
    const choices: Record<string, unknown> = {};
    for (const conflict of file.conflicts) {
      const pick = picks[conflict.id];
      if (!pick) return setError(`Choose a version for "${conflict.label}" first.`);
      if (pick !== 'edit') {
        choices[conflict.id] = { pick };
        continue;
      }
      const text = edits[conflict.id] ?? shown(conflict.ours);
      // A text field takes the words as written; a list or a group of fields is written as YAML.
      const plain = [conflict.ours, conflict.theirs].every(
        (value) => value === undefined || typeof value === 'string',
      );
      try {
        choices[conflict.id] = { value: file.wholeFile || plain ? text : (parse(text) as unknown) };
      } catch (failure) {
        return setError(`"${conflict.label}": ${(failure as Error).message}`);
      }
    }
    try {
      await api.publishing.resolve(file.file, choices);
      toast({
        message: `${title}: your choices are saved. You can publish again.`,
        color: 'green',
      });
      onDone();
      publishingChanged();
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <Paper withBorder p="md" data-testid="conflict-file" data-file={file.file}>
      <Group justify="space-between">
        <Text fw={650} component="h2" size="md" m={0}>
          {title}
        </Text>
        {file.file.startsWith('pages/') ? (
          <Anchor underline="always" href={hrefFor(screenOfFile(file.file))} size="sm">
            Open the page
          </Anchor>
        ) : null}
      </Group>
      {!file.wholeFile && file.route ? (
        <Box mt="sm">
          <SideBySide
            token={api.token}
            file={file.file}
            route={file.route}
            sides={[
              { version: 'ours', label: 'Yours', marked: blocksOf(file.conflicts) },
              { version: 'theirs', label: theirsLabel, marked: blocksOf(file.conflicts) },
            ]}
          />
        </Box>
      ) : null}
      <Stack mt="sm" gap="md">
        {file.conflicts.map((conflict) => (
          <ConflictChoice
            key={conflict.id}
            conflict={conflict}
            theirsLabel={theirsLabel}
            wholeFile={file.wholeFile}
            canWrite={!file.wholeFile || file.ours !== undefined}
            pick={picks[conflict.id]}
            onPick={(pick) => setPicks({ ...picks, [conflict.id]: pick })}
            edit={edits[conflict.id] ?? shown(file.wholeFile ? file.ours : conflict.ours)}
            onEdit={(text) => setEdits({ ...edits, [conflict.id]: text })}
          />
        ))}
      </Stack>
      {error ? (
        <Text c="red.8" size="sm" mt="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <Group mt="md">
        <Button onClick={() => void save()} data-testid="conflict-save">
          Save my choices
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Whose version "theirs" is and when it was published: `Bob Colleague's, published 29 Nov 2026,
 * 10:40`.
 */
function theirsWords(by: FileConflictView['theirsBy']): string {
  if (!by) return "Your colleague's (published)";
  const when = new Date(by.date).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${by.author}'s, published ${when}`;
}

function ConflictChoice(props: {
  conflict: Conflict;
  theirsLabel: string;
  wholeFile: boolean;
  /** False for a whole file the editor cannot show as text (an image, a very large file). */
  canWrite: boolean;
  pick: Pick | undefined;
  onPick: (pick: Pick) => void;
  edit: string;
  onEdit: (text: string) => void;
}) {
  const { conflict } = props;
  const side = (label: string, value: unknown, testId: string) => (
    <Box
      data-testid={testId}
      p="xs"
      style={{
        background: 'var(--mantine-color-gray-0)',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 6,
        minWidth: 0,
      }}
    >
      <Text size="xs" fw={600} c="gray.7">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {props.wholeFile ? '(the whole file)' : shown(value)}
      </Text>
    </Box>
  );
  return (
    <Box data-testid="conflict" data-conflict={conflict.id}>
      <Text fw={600} size="sm" mb={4}>
        {conflict.label}
      </Text>
      <Box style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
        {side('Yours', conflict.ours, 'conflict-ours')}
        {side(props.theirsLabel, conflict.theirs, 'conflict-theirs')}
      </Box>
      <Radio.Group
        mt="xs"
        value={props.pick ?? null}
        onChange={(value) => props.onPick(value as Pick)}
        label={props.wholeFile ? 'Which version to keep' : `Keep for ${conflict.label}`}
      >
        <Group gap="lg" mt={4}>
          <Radio value="ours" label="Keep mine" data-testid="pick-ours" />
          <Radio value="theirs" label="Take theirs" data-testid="pick-theirs" />
          {props.canWrite ? (
            <Radio value="edit" label="Write it myself" data-testid="pick-edit" />
          ) : null}
        </Group>
      </Radio.Group>
      {props.pick === 'edit' ? (
        <Textarea
          mt="xs"
          label="Your version"
          autosize
          minRows={2}
          value={props.edit}
          onChange={(e) => props.onEdit(e.currentTarget.value)}
          data-testid="conflict-edit"
        />
      ) : null}
    </Box>
  );
}
