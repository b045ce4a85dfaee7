import { PLATFORMS, PLATFORM_LABELS, SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useWriteDialog } from '../../lib/write-dialog';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { useGridState } from '../../components/ui/grid-state';
import { EmptyState } from '../../components/ui/empty-state';
import { LazyDialog } from '../../components/ui/lazy-dialog';
import { Field, Select } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { SYNC_SCOPES, useSyncLists, type SyncObjectRow } from './api';
import { LoadFailure } from './load-failure';
import { ObjectDialog, syncDialogs } from './dialogs';
import { isObjectValues, type ObjectValues } from './values';

const ALL = '';
/** The tab's filters in the address (decision 061), beside the grid's own parameters. */
const FILTERS = ['plattform', 'externeId', 'gruppe'] as const;
type FilterKey = (typeof FILTERS)[number];

const columns: ColumnDef<SyncObjectRow>[] = [
  { id: 'plattform', header: T.columns.plattform, accessorFn: (row) => PLATFORM_LABELS[row.plattform] },
  { id: 'externalId', header: T.columns.externalId, accessorFn: (row) => row.externalId },
  { id: 'description', header: T.columns.description, accessorFn: (row) => row.description },
];

/**
 * Specification §2.32 "Sync manager", Sync Objects tab: filters Plattform, Externe ID and Sync Group (each with
 * "All"), the table, and the modal; "Keine Sync Objekte vorhanden" for an empty or filtered-empty list.
 * A dialog left for a sign-in opens again (decision 045).
 */
export function ObjectsTab({ onDone }: { onDone: (text: string) => void }) {
  const { objects, groups } = useSyncLists();
  const dialog = useWriteDialog<SyncObjectRow, ObjectValues>(SYNC_SCOPES.objects, isObjectValues);
  const grid = useGridState('objekte-', FILTERS);
  const filter = grid.state.filters;
  const chosen = (key: FilterKey) => filter[key] ?? ALL;

  const externalIds = useMemo(
    () => [...new Set((objects.data ?? []).map((o) => o.externalId))].sort(),
    [objects.data],
  );
  const shown = (objects.data ?? []).filter(
    (o) =>
      (chosen('plattform') === ALL || o.plattform === chosen('plattform')) &&
      (chosen('externeId') === ALL || o.externalId === chosen('externeId')) &&
      (chosen('gruppe') === ALL || String(o.syncGroup?.id ?? '') === chosen('gruppe')),
  );
  const choose = (key: FilterKey) => (value: string) => grid.update({ filters: { ...filter, [key]: value } });

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{T.objectsTitle}</h2>
        <Button onClick={dialog.openCreate} {...dialog.createOpenerProps}>
          {T.addObject}
        </Button>
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <FilterSelect
          label={T.columns.plattform}
          value={chosen('plattform')}
          onChange={choose('plattform')}
          options={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
        />
        <FilterSelect
          label={T.columns.externalId}
          value={chosen('externeId')}
          onChange={choose('externeId')}
          options={externalIds.map((id) => ({ value: id, label: id }))}
        />
        <FilterSelect
          label={T.columns.syncGroup}
          value={chosen('gruppe')}
          onChange={choose('gruppe')}
          options={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        />
      </div>
      {groups.isError && (
        <LoadFailure text={T.linkedGroupsLoadFailed} onRetry={() => void groups.refetch()} />
      )}
      {objects.isPending ? (
        <Loading />
      ) : objects.isError ? (
        <LoadFailure text={T.objectsLoadFailed} onRetry={() => void objects.refetch()} />
      ) : objects.data.length === 0 ? (
        <EmptyState>{T.noObjects}</EmptyState>
      ) : (
        <DataTable
          caption={T.objectsTitle}
          data={shown}
          columns={columns}
          grid={grid}
          emptyText={T.noObjects}
          getRowId={(row) => String(row.id)}
          rowAction={{
            text: 'Bearbeiten',
            label: (row) => `Sync Objekt ${row.description} bearbeiten`,
            onAction: dialog.openEdit,
          }}
        />
      )}
      <LazyDialog chunk={syncDialogs} open={dialog.open !== null} onClose={dialog.close}>
        <ObjectDialog dialog={dialog} onDone={onDone} />
      </LazyDialog>
    </div>
  );
}

/** One of the tab's filters: "All" (no filter) and its options. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value={ALL}>{T.all}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
