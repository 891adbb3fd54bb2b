import { useEffect } from 'react';
import type { EditableFile } from '../editing/useEditableFile.ts';
import { useToast } from '../toasts.tsx';
import { ConflictModal } from './ConflictModal.tsx';
import { RecoveryModal } from './RecoveryModal.tsx';

/**
 * The dialogs that keep an open file's work: the file changed on disk while it was edited, and
 * unsaved text found after a crash or a closed tab.
 */
export function FileDialogs({ doc }: { doc: EditableFile }) {
  const toast = useToast();
  const { diskMerge, dismissDiskMerge } = doc;
  useEffect(() => {
    if (!diskMerge) return;
    toast({
      title: 'This page changed on disk: combined with your edits',
      message: `${diskMerge.changes.join('; ') || 'No field changed'}. Not saved yet: look and save.`,
      color: 'blue',
    });
    dismissDiskMerge();
  }, [diskMerge, dismissDiskMerge, toast]);
  return (
    <>
      <ConflictModal
        conflict={doc.conflict}
        onKeepMine={async () => {
          if (await doc.keepMine()) toast({ message: 'Your version was saved.', color: 'green' });
        }}
        onCombine={doc.combine}
        onLater={doc.closeConflict}
      />
      <RecoveryModal
        recovery={doc.recovery}
        onRestore={() => void doc.restoreRecovered()}
        onDiscard={doc.discardRecovered}
      />
    </>
  );
}
