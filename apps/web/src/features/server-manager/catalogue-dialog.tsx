import type { Catalogue, CatalogueKey } from '@nova/domain';
import { Dialog } from '../../components/ui/dialog';
import { CatalogueForm } from './catalogue-form';
import type { CatalogueDraft, Outcome } from './draft';

/**
 * The add/edit dialog of a catalogue screen, a chunk of its own (the dialog and react-hook-form):
 * the table shows without it, and it loads while the screen is idle or when it first opens
 * (decision 042).
 */
export function CatalogueDialog({
  catalogueKey,
  catalogue,
  editing,
  title,
  onClose,
  onDone,
}: {
  catalogueKey: CatalogueKey;
  catalogue: Catalogue;
  editing: CatalogueDraft | null;
  title: string;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  return (
    <Dialog open={editing !== null} onClose={onClose} title={title}>
      {editing && (
        <CatalogueForm
          key={editing.mode.kind === 'edit' ? String(editing.mode.row.id) : 'create'}
          catalogueKey={catalogueKey}
          catalogue={catalogue}
          mode={editing.mode}
          initialValues={editing.values}
          initialConfirmRemove={editing.confirmRemove ?? false}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}
