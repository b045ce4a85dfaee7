import { SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import { Dialog } from '../../components/ui/dialog';
import type { SyncGroupRow, SyncObjectRow } from './api';
import type { Editing } from './dialog-state';
import { GroupForm } from './group-form';
import { LoadFailure } from './load-failure';
import { ObjectForm } from './object-form';
import type { GroupValues, ObjectValues } from './resume';

/*
 * The two tabs' add/edit dialogs, a chunk of their own (the dialog and react-hook-form): the tables
 * show without them, and they load while the page is idle or when one first opens (decision 042).
 */

export function GroupDialog({
  editing,
  objects,
  objectsFailed,
  onRetryObjects,
  onClose,
  onDone,
}: {
  editing: Editing<SyncGroupRow, GroupValues>;
  objects: SyncObjectRow[];
  /** The objects a group links could not be loaded: the form cannot be shown. */
  objectsFailed: boolean;
  onRetryObjects: () => void;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.row ? 'Sync Gruppe bearbeiten' : T.addGroup}
    >
      {editing &&
        (objectsFailed ? (
          <LoadFailure text={T.objectsLoadFailed} onRetry={onRetryObjects} />
        ) : (
          <GroupForm
            key={editing.row?.id ?? 'new'}
            row={editing.row}
            objects={objects}
            {...(editing.resumed ? { resumed: editing.resumed } : {})}
            onDone={onDone}
          />
        ))}
    </Dialog>
  );
}

export function ObjectDialog({
  editing,
  onClose,
  onDone,
}: {
  editing: Editing<SyncObjectRow, ObjectValues>;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.row ? 'Sync Objekt bearbeiten' : T.addObject}
    >
      {editing && (
        <ObjectForm
          key={editing.row?.id ?? 'new'}
          row={editing.row}
          {...(editing.resumed ? { resumed: editing.resumed } : {})}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}
