import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { StoredDraft } from '../editing/recovery.ts';

/**
 * Unsaved changes from a crash or a closed tab: restore them or throw them away (the user decides).
 */
export function RecoveryModal({
  recovery,
  onRestore,
  onDiscard,
}: {
  recovery: StoredDraft | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const when = recovery ? new Date(recovery.savedAt).toLocaleString() : '';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={recovery !== null}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Unsaved changes found"
      centered
      data-testid="recovery-dialog"
    >
      <Stack>
        <Text size="sm">
          This page has changes from {when} that were never saved (the tab was closed or the browser
          stopped). Restore them to keep working on them, or discard them to open the saved file.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={onDiscard}>
            Discard them
          </Button>
          <Button onClick={onRestore} data-autofocus>
            Restore my changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
