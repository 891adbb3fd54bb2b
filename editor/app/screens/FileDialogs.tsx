import type { EditableFile } from '../editing/useEditableFile.ts';
import { useToast } from '../toasts.tsx';
import { ConflictModal } from './ConflictModal.tsx';
import { RecoveryModal } from './RecoveryModal.tsx';

/**
 * The dialogs that keep an open file's work: the file changed on disk while it was edited, and
 * unsaved text found after a crash or a closed tab. `mine` is the open text (the screen shows these
 * only once it is loaded); `keptBoth` says where "keep both" put the other version.
 */
export function FileDialogs({
  file,
  doc,
  mine,
  keptBoth,
}: {
  file: string;
  doc: EditableFile;
  mine: string;
  keptBoth: (aside: string) => string;
}) {
  const toast = useToast();
  return (
    <>
      <ConflictModal
        file={file}
        conflict={doc.conflict}
        mine={mine}
        onKeepMine={async () => {
          if (await doc.keepMine()) toast({ message: 'Your version was saved.', color: 'green' });
        }}
        onTakeTheirs={() => {
          doc.takeTheirs();
          toast({
            message: 'The version on disk is open. Your version is one Undo away.',
            color: 'blue',
            action: { label: 'Undo', run: doc.undo },
          });
        }}
        onKeepBoth={async () => {
          const aside = await doc.keepBoth();
          if (aside) toast({ message: keptBoth(aside), color: 'green' });
        }}
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
