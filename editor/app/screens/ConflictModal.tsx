import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { show } from '../../changes/values.ts';
import { useState } from 'react';
import type { ConflictState } from '../editing/useEditableFile.ts';

interface ConflictModalProps {
  conflict: ConflictState | null;
  onKeepMine: () => Promise<unknown>;
  /** After a field-by-field merge: each field both changed, as chosen. */
  onCombine: (picks: Record<string, 'ours' | 'theirs'>) => void;
  onLater: () => void;
}

/** How the editor found out, said before the fields it asks about. */
const causeText: Record<ConflictState['cause'], string> = {
  save: 'It was changed on disk (another editor or a git pull) since you opened it, so your edits are not saved yet.',
  'disk-change': 'It was changed on disk (another editor or a git pull) while you edited it.',
  restore: 'It was changed on disk after the edits you brought back were made.',
};

/**
 * The file changed on disk while it was edited: every field changed on one side only is combined,
 * each field both changed is asked about by its label in the form's words (never the file's text);
 * nothing is written or thrown away without a choice.
 */
export function ConflictModal({ conflict, onKeepMine, onCombine, onLater }: ConflictModalProps) {
  const [busy, setBusy] = useState(false);
  const [picks, setPicks] = useState<Record<string, 'ours' | 'theirs'>>({});
  if (!conflict) return null;
  if (conflict.merge) {
    const { conflicts } = conflict.merge;
    return (
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened
        onClose={onLater}
        title={
          conflict.merge.input.file.startsWith('pages/')
            ? 'This page changed on disk'
            : 'The site settings changed on disk'
        }
        size="lg"
        centered
        data-testid="conflict-dialog"
      >
        <Stack gap="md">
          <Text size="sm">
            {causeText[conflict.cause]} Every other change is combined with yours;{' '}
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
  // Deleted on disk: there is nothing to combine with.
  const keepMine = async () => {
    setBusy(true);
    try {
      await onKeepMine();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onLater}
      title="This page was deleted on disk"
      size="lg"
      centered
      data-testid="conflict-dialog"
    >
      <Stack gap="md">
        <Text size="sm">
          Another program deleted the page while you were editing it. Your version is still here:
          keep it to write the page again, or decide later.
        </Text>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button variant="default" onClick={onLater}>
            Decide later
          </Button>
          <Button onClick={() => void keepMine()} loading={busy} data-testid="conflict-keep-mine">
            Keep mine (write the page again)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
