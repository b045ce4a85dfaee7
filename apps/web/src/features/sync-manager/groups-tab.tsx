import { SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { LazyDialog } from '../../components/ui/lazy-dialog';
import { Loading } from '../../components/ui/loading';
import { useReloadLists, useSyncLists, type SyncGroupRow } from './api';
import { GroupDialog, syncDialogs } from './dialogs';
import { LoadFailure } from './load-failure';
import { useSyncDialog, type Resumed } from './dialog-state';
import type { GroupValues } from './resume';

const columns: ColumnDef<SyncGroupRow>[] = [
  { id: 'name', header: T.columns.name, accessorFn: (row) => row.name },
  { id: 'keycloakName', header: T.columns.keycloakName, accessorFn: (row) => row.keycloakName ?? '–' },
  { id: 'linked', header: T.columns.linkedObjects, accessorFn: (row) => row.syncObjects.length },
];

/**
 * Doc 2 "Sync manager", Sync Groups tab. `resume`: a delete dialog left for the re-authentication,
 * opened again once its row is loaded.
 */
export function GroupsTab({
  onDone,
  resume,
  clearResume,
}: {
  onDone: (text: string) => void;
  resume?: ({ id: number | null } & Resumed<GroupValues>) | undefined;
  clearResume?: () => void;
}) {
  const { objects, groups } = useSyncLists();
  const reload = useReloadLists();
  const [editing, setEditing] = useSyncDialog(groups.data, resume, clearResume);
  const [page, setPage] = useState(1);

  const done = (text: string) => {
    setEditing(null);
    onDone(text);
    void reload();
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{T.tabGroups}</h2>
        <Button onClick={() => setEditing({ row: null })}>{T.addGroup}</Button>
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
          page={page}
          onPageChange={setPage}
          getRowId={(row) => String(row.id)}
          rowAction={{
            text: 'Bearbeiten',
            label: (row) => `Sync Gruppe ${row.name} bearbeiten`,
            onAction: (row) => setEditing({ row }),
          }}
        />
      )}
      <LazyDialog chunk={syncDialogs} open={editing !== null}>
        <GroupDialog
          editing={editing}
          objects={objects.data ?? []}
          objectsFailed={objects.isError}
          onRetryObjects={() => void objects.refetch()}
          onClose={() => setEditing(null)}
          onDone={done}
        />
      </LazyDialog>
    </div>
  );
}
