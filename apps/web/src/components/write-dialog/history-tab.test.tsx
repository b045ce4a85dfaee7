import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '../../test/dialog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Session from '../../lib/session';
import { useWriteDialog } from '../../lib/write-dialog';
import { renderWithBff } from '../../test/trpc';
import { Field, Input } from '../ui/field';
import { EditorHistory, type EditorHistoryProps } from './history-slot';
import type { WriteEditor } from './editor';
import { WriteDialog } from './write-dialog';

const who = vi.hoisted(() => ({ roles: [] as string[] }));
vi.mock('../../lib/session', async (original) => ({
  ...(await original<typeof Session>()),
  useSession: () => ({
    status: 'ready',
    me: { signedIn: true, id: 'id-anna', username: 'anna', roles: who.roles },
  }),
}));

interface Row {
  id: number;
  name: string;
}
type Values = { name: string };

const editor: WriteEditor<Row, Values> = {
  texts: {
    createTitle: 'Sync Gruppe hinzufügen',
    editTitle: 'Sync Gruppe bearbeiten',
    createSubmit: 'Speichern',
    created: 'erstellt',
    updated: 'aktualisiert',
    removed: 'gelöscht',
    createFailed: 'x',
    updateFailed: 'x',
    removeFailed: 'x',
    removeQuestion: () => 'Diese Sync Gruppe wirklich löschen?',
  },
  fields: [{ name: 'name', label: 'Name' }],
  valuesOf: (row) => ({ name: row?.name ?? '' }),
  payloadOf: (values) => values,
  canRemove: true,
  calls: { create: vi.fn(), update: vi.fn(), remove: vi.fn() },
  invalidate: () => Promise.resolve(),
  auditTarget: 'sync.group',
};

function History({ targetType, targetId }: EditorHistoryProps) {
  return <p>Einträge von {`${targetType} ${targetId}`}</p>;
}
const slot = { View: History, preload: vi.fn() };

function Screen() {
  const dialog = useWriteDialog<Row, Values>('test:groups', (v): v is Values => typeof v === 'object');
  return (
    <EditorHistory.Provider value={slot}>
      <h1>Sync Management</h1>
      <button type="button" onClick={() => dialog.openEdit({ id: 7, name: 'Polizei' })}>
        Polizei bearbeiten
      </button>
      <button type="button" onClick={dialog.openCreate}>
        Sync Gruppe hinzufügen
      </button>
      <WriteDialog dialog={dialog} editor={editor} onDone={() => undefined}>
        {(form) => <Field label="Name">{(props) => <Input {...props} {...form.register('name')} />}</Field>}
      </WriteDialog>
    </EditorHistory.Provider>
  );
}

const render = () => renderWithBff(<Screen />, () => Promise.reject(new Error('no BFF call expected')));

afterEach(() => slot.preload.mockReset());

describe('the "Verlauf" tab of an editor (decision 105)', () => {
  it('shows the row history to who may read the audit log and edit the row; the input stays', async () => {
    who.roles = ['web:admin', 'web:admin:sync-manager'];
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Polizei bearbeiten' }));
    const dialog = await findDialog('Sync Gruppe bearbeiten');
    expect(slot.preload).toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Polizei Nord');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Verlauf' }));
    expect(await within(dialog).findByText('Einträge von sync.group 7')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Bearbeiten' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Polizei Nord');
  });

  it('has no tab for the audit log role alone, the editor role alone, or a new row', async () => {
    for (const roles of [['web:admin'], ['web:admin:sync-manager']]) {
      who.roles = roles;
      const { unmount } = render();
      await userEvent.click(screen.getByRole('button', { name: 'Polizei bearbeiten' }));
      const dialog = await findDialog('Sync Gruppe bearbeiten');
      expect(within(dialog).queryByRole('tab'), roles.join()).toBeNull();
      expect(within(dialog).getByLabelText('Name')).toBeTruthy();
      unmount();
    }
    who.roles = ['web:admin', 'web:admin:sync-manager'];
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Sync Gruppe hinzufügen' }));
    const dialog = await findDialog('Sync Gruppe hinzufügen');
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(slot.preload).not.toHaveBeenCalled();
  });
});
