import { Box, Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { show } from '../../changes/values.ts';
import { useMemo, useState } from 'react';
import { lineDiff, type DiffLine } from '../editing/line-diff.ts';
import type { ConflictState } from '../editing/useEditableFile.ts';

interface ConflictModalProps {
  conflict: ConflictState | null;
  mine: string;
  onKeepMine: () => Promise<unknown>;
  onTakeTheirs: () => void;
  /** After a field-by-field merge: each field both changed, as chosen. */
  onCombine: (picks: Record<string, 'ours' | 'theirs'>) => void;
  onLater: () => void;
}

const causeText: Record<ConflictState['cause'], string> = {
  save: 'The file was changed on disk since you opened it (another editor or a git pull), so it was not saved.',
  'disk-change':
    'The file was just changed on disk (another editor or a git pull) while you have unsaved changes.',
  restore: 'The file was changed on disk after your unsaved changes were made.',
};

/**
 * Both versions side by side, lines only in one of them marked; nothing is written or thrown away
 * without a choice.
 */
export function ConflictModal({
  conflict,
  mine,
  onKeepMine,
  onTakeTheirs,
  onCombine,
  onLater,
}: ConflictModalProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [picks, setPicks] = useState<Record<string, 'ours' | 'theirs'>>({});
  const diff = useMemo(
    () => (conflict ? lineDiff(mine, conflict.diskText) : null),
    [conflict, mine],
  );
  if (!conflict || !diff) return null;
  const deleted = conflict.version === null;
  const run = (name: string, action: () => Promise<unknown> | void) => async () => {
    setBusy(name);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  if (conflict.merge) {
    const { conflicts } = conflict.merge;
    return (
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened
        onClose={onLater}
        title="This page changed on disk"
        size="lg"
        centered
        data-testid="conflict-dialog"
      >
        <Stack gap="md">
          <Text size="sm">
            It was changed on disk (another editor or a git pull) while you edited it. Every other
            change is combined with yours;{' '}
            {conflicts.length === 1 ? 'one field was' : 'these fields were'} changed on both sides.
            Choose what to keep:
          </Text>
          {conflicts.map((item) => (
            <Radio.Group
              key={item.id}
              label={item.label}
              value={picks[item.id] ?? 'ours'}
              onChange={(value) => setPicks({ ...picks, [item.id]: value as 'ours' | 'theirs' })}
              data-testid="disk-conflict"
            >
              <Stack gap={4} mt={4}>
                <Radio value="ours" label={`Yours: ${show(item.ours)}`} />
                <Radio value="theirs" label={`On disk: ${show(item.theirs)}`} />
              </Stack>
            </Radio.Group>
          ))}
          <Group justify="space-between">
            <Button variant="default" onClick={onLater}>
              Decide later
            </Button>
            <Button onClick={() => onCombine(picks)} data-testid="conflict-combine">
              Combine
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onLater}
      title={deleted ? 'This file was deleted on disk' : 'This file changed on disk'}
      size="xl"
      centered
      data-testid="conflict-dialog"
    >
      <Stack gap="md">
        <Text size="sm">
          {deleted
            ? 'Another program deleted the file while you were editing it. Your version is still here.'
            : causeText[conflict.cause]}{' '}
          Both versions are below; lines that differ are marked.
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <Version
            title="Your version (in the editor)"
            lines={diff.mine}
            testId="conflict-mine"
            mark="+"
          />
          <Version
            title={deleted ? 'On disk: deleted' : 'Version on disk'}
            lines={deleted ? [] : diff.theirs}
            testId="conflict-theirs"
            mark="−"
          />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button variant="default" onClick={onLater}>
            Decide later
          </Button>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              onClick={run('theirs', onTakeTheirs)}
              disabled={deleted || busy !== null}
              data-testid="conflict-take-theirs"
              title="Your version stays one Undo away"
            >
              Take theirs
            </Button>
            <Button
              variant="default"
              onClick={run('mine', onKeepMine)}
              loading={busy === 'mine'}
              disabled={busy !== null && busy !== 'mine'}
              data-testid="conflict-keep-mine"
            >
              {deleted ? 'Keep mine (write the file again)' : 'Keep mine'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function Version({
  title,
  lines,
  testId,
  mark,
}: {
  title: string;
  lines: DiffLine[];
  testId: string;
  mark: string;
}) {
  const changed = lines.filter((line) => line.changed).length;
  return (
    <Box style={{ minWidth: 0 }}>
      <Text size="sm" fw={650} mb={4}>
        {title}{' '}
        <Text span size="xs" c="gray.7" fw={400}>
          ({changed} line{changed === 1 ? '' : 's'} differ)
        </Text>
      </Text>
      <Box
        component="pre"
        data-testid={testId}
        tabIndex={0}
        aria-label={title}
        m={0}
        p="xs"
        style={{
          maxHeight: 360,
          overflow: 'auto',
          fontSize: 12,
          lineHeight: 1.5,
          background: 'var(--mantine-color-gray-0)',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 6,
        }}
      >
        {lines.map((line, i) => (
          <Box
            component="div"
            key={i}
            style={{
              background: line.changed
                ? mark === '+'
                  ? 'var(--mantine-color-green-1)'
                  : 'var(--mantine-color-yellow-1)'
                : undefined,
              whiteSpace: 'pre',
            }}
          >
            <span
              aria-hidden="true"
              style={{ display: 'inline-block', width: 14, color: 'var(--mantine-color-gray-7)' }}
            >
              {line.changed ? mark : ' '}
            </span>
            {line.text || ' '}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
