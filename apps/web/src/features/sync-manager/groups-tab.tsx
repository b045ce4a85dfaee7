import { SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useWriteDialog } from '../../lib/write-dialog';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { useGridState } from '../../components/ui/grid-state';
import { EmptyState } from '../../components/ui/empty-state';
import { LazyDialog } from '../../components/ui/lazy-dialog';
import { Loading } from '../../components/ui/loading';
import { SYNC_SCOPES, useSyncLists, type SyncGroupRow } from './api';
import { GroupDialog, syncDialogs } from './dialogs';
import { LoadFailure } from './load-failure';
import { isGroupValues, type GroupValues } from './values';

const columns: ColumnDef<SyncGroupRow>[] = [
  { id: 'name', header: T.columns.name, accessorFn: (row) => row.name },
  {
    id: 'keycloakName',
    header: T.columns.keycloakName,
    accessorFn: (row) => row.keycloakName ?? '',
    cell: ({ getValue }) => getValue<string>() || '–',
  },
  { id: 'linked', header: T.columns.linkedObjects, accessorFn: (row) => row.syncObjects.length },
];

/**
 * Specification §2.32 "Sync manager", Sync Groups tab; a dialog left for a sign-in opens again (decision 045).
 */
export function GroupsTab({ onDone }: { onDone: (text: string) => void }) {
  const { objects, groups } = useSyncLists();
  const dialog = useWriteDialog<SyncGroupRow, GroupValues>(SYNC_SCOPES.groups, isGroupValues);
  const grid = useGridState('gruppen-');

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{T.tabGroups}</h2>
        <Button onClick={dialog.openCreate} {...dialog.createOpenerProps}>
          {T.addGroup}
        </Button>
      </div>
      {groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <LoadFailure text={T.groupsLoadFailed} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState>{T.noGroups}</EmptyState>
      ) : (
        <DataTable
          caption={T.tabGroups}
          data={groups.data}
          columns={columns}
          grid={grid}
          getRowId={(row) => String(row.id)}
          rowAction={{
            text: 'Bearbeiten',
            label: (row) => `Sync Gruppe ${row.name} bearbeiten`,
            onAction: dialog.openEdit,
          }}
        />
      )}
      <LazyDialog chunk={syncDialogs} open={dialog.open !== null} onClose={dialog.close}>
        <GroupDialog
          dialog={dialog}
          objects={objects.data ?? []}
          objectsFailed={objects.isError}
          onRetryObjects={() => void objects.refetch()}
          onDone={onDone}
        />
      </LazyDialog>
    </div>
  );
}
