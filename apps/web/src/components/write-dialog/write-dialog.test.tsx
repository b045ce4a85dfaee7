import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '../../test/dialog';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bffError, renderWithBff } from '../../test/trpc';
import { useWriteDialog, type WriteCalls } from '../../lib/write-dialog';
import { Field, Input } from '../ui/field';
import type { WriteEditor } from './editor';
import { WriteDialog } from './write-dialog';

interface Row {
  id: number;
  name: string;
  exp: number;
}
interface Values {
  name: string;
  exp: string;
}

const PATH = '/control-panel/admin/server-manager/achievement-manager';
const ANGLER: Row = { id: 7, name: 'Angler', exp: 100 };
const isValues = (v: unknown): v is Values =>
  typeof v === 'object' && v !== null && typeof (v as Values).name === 'string';

const calls = {
  create: vi.fn<WriteCalls<Row>['create']>(),
  update: vi.fn<WriteCalls<Row>['update']>(),
  remove: vi.fn<WriteCalls<Row>['remove']>(),
};
const invalidate = vi.fn(() => Promise.resolve());

const editor: WriteEditor<Row, Values> = {
  texts: {
    createTitle: 'Achievement hinzufügen',
    editTitle: 'Achievement bearbeiten',
    createSubmit: 'Hinzufügen',
    created: 'Achievement erfolgreich erstellt',
    updated: 'Achievement erfolgreich aktualisiert',
    removed: 'Achievement erfolgreich gelöscht',
    createFailed: 'Achievement konnte nicht erstellt werden',
    updateFailed: 'Achievement konnte nicht aktualisiert werden',
    removeFailed: 'Achievement konnte nicht gelöscht werden',
    removeQuestion: (row) => `Achievement mit der ID ${row.id} wirklich löschen?`,
  },
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'exp', label: 'Erfahrung' },
  ],
  valuesOf: (row) => ({ name: row?.name ?? '', exp: row ? String(row.exp) : '' }),
  payloadOf: (values) => ({ name: values.name, exp: Number(values.exp) }),
  canRemove: true,
  calls,
  invalidate,
};

/** A screen with a list, its create button and the write dialog. */
function Screen({ initialRows }: { initialRows: Row[] }) {
  const dialog = useWriteDialog<Row, Values>('test:achievements', isValues);
  const [rows, setRows] = useState(initialRows);
  const [notice, setNotice] = useState('');
  return (
    <main>
      <h1>Achievements verwalten</h1>
      <p role="status">{notice}</p>
      <button type="button" onClick={dialog.openCreate} {...dialog.createOpenerProps}>
        Achievement hinzufügen
      </button>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-row-id={row.id}>
              <td>
                <button type="button" onClick={() => dialog.openEdit(row)}>
                  Achievement {row.id} bearbeiten
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <WriteDialog
        dialog={dialog}
        editor={editor}
        onDone={(text) => {
          setNotice(text);
          if (text === 'Achievement erfolgreich gelöscht') setRows([]);
        }}
      >
        {(form) => (
          <>
            <Field label="Name" error={form.formState.errors.name?.message}>
              {(props) => <Input {...props} {...form.register('name')} />}
            </Field>
            <Field label="Erfahrung">{(props) => <Input {...props} {...form.register('exp')} />}</Field>
          </>
        )}
      </WriteDialog>
    </main>
  );
}

const renderScreen = (rows: Row[] = [ANGLER]) =>
  renderWithBff(<Screen initialRows={rows} />, () => Promise.reject(new Error('no BFF call expected')));

const conflict = (reason: 'changed' | 'deleted', current: Row | null, name: string | null = 'Anna Admin') =>
  Object.assign(bffError('CONFLICT', 409, 'Der Eintrag wurde inzwischen geändert.', reason), {
    data: {
      code: 'CONFLICT',
      httpStatus: 409,
      reason,
      conflict: { reason, current, changedBy: { name, at: '2026-11-25T09:12:00.000Z' } },
    },
  });
const outcome = (reason: string) => bffError('GATEWAY_TIMEOUT', 504, 'Zeitüberschreitung', reason);

async function openAngler() {
  await userEvent.click(screen.getByRole('button', { name: 'Achievement 7 bearbeiten' }));
  return findDialog('Achievement bearbeiten');
}

/** An edit, so that "Speichern" has something to send (saving what is stored sends nothing). */
async function rename(dialog: HTMLElement, name = 'Fischer') {
  await userEvent.clear(within(dialog).getByLabelText('Name'));
  await userEvent.type(within(dialog).getByLabelText('Name'), name);
}

describe('the write dialog: saving', () => {
  beforeEach(() => {
    sessionStorage.clear();
    for (const call of Object.values(calls)) call.mockReset();
    invalidate.mockClear();
  });

  it('a create carries the key made when the dialog opened; a double click sends once, a retry after an unclear answer the same key', async () => {
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Achievement hinzufügen' }));
    const dialog = await findDialog('Achievement hinzufügen');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Taucher');
    let answer: (value: unknown) => void = () => undefined;
    calls.create.mockImplementationOnce(() => new Promise((resolve, reject) => ((answer = reject), resolve)));
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(calls.create).toHaveBeenCalledTimes(1);
    const first = calls.create.mock.calls[0]?.[0];
    expect(first?.values).toEqual({ name: 'Taucher', exp: 0 });
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    await act(() => {
      answer(outcome('outcome-unknown'));
      return Promise.resolve();
    });
    expect(
      await within(dialog).findByText(
        'Der Spielserver hat nicht rechtzeitig geantwortet. Ob die Änderung gespeichert wurde, ist unklar – bitte neu laden.',
      ),
    ).toBeTruthy();
    calls.create.mockRejectedValueOnce(outcome('outcome-not-applied'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(calls.create.mock.calls[1]?.[0].idempotencyKey).toBe(first?.idempotencyKey);
    expect(
      await within(dialog).findByText(
        'Der Spielserver hat nicht rechtzeitig geantwortet. Die Änderung wurde nicht gespeichert – bitte versuche es noch einmal.',
      ),
    ).toBeTruthy();
    // Not applied: the next attempt is a new create.
    calls.create.mockResolvedValueOnce({ id: 8, name: 'Taucher', exp: 0 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(calls.create.mock.calls[2]?.[0].idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(await screen.findByText('Achievement erfolgreich erstellt')).toBeTruthy();
    expect(invalidate).toHaveBeenCalled();
  });

  it('every opening of a create dialog has its own key', async () => {
    renderScreen();
    calls.create.mockResolvedValue(null);
    for (const name of ['Eins', 'Zwei']) {
      await userEvent.click(screen.getByRole('button', { name: 'Achievement hinzufügen' }));
      const dialog = await findDialog('Achievement hinzufügen');
      await userEvent.type(within(dialog).getByLabelText('Name'), name);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const [one, two] = calls.create.mock.calls.map(([input]) => input.idempotencyKey);
    expect(one).not.toBe(two);
  });

  it('an update sends the row as loaded; field errors stay under the fields with the input kept', async () => {
    renderScreen();
    const dialog = await openAngler();
    calls.update.mockRejectedValueOnce({
      data: {
        code: 'BAD_REQUEST',
        fieldErrors: { name: 'Dieser Wert ist bereits vergeben', id: 'Falsche ID' },
      },
    });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Schon da');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(calls.update).toHaveBeenCalledWith({
      id: 7,
      values: { name: 'Schon da', exp: 100 },
      expected: ANGLER,
    });
    expect(await within(dialog).findByText('Dieser Wert ist bereits vergeben')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Schon da');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Achievement konnte nicht aktualisiert werden: Falsche ID',
    );
  });

  it('an unknown outcome that the BFF found applied closes with "Die Änderung wurde gespeichert."', async () => {
    renderScreen();
    const dialog = await openAngler();
    await rename(dialog);
    calls.update.mockRejectedValueOnce(outcome('outcome-applied'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Änderung wurde gespeichert.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the write dialog: conflicts', () => {
  beforeEach(() => {
    sessionStorage.clear();
    for (const call of Object.values(calls)) call.mockReset();
  });

  it('says who changed the row and what differs; "Trotzdem speichern" overwrites with force', async () => {
    renderScreen();
    const dialog = await openAngler();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Fischer');
    const theirs = { id: 7, name: 'Angler', exp: 111 };
    calls.update.mockRejectedValueOnce(conflict('changed', theirs));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    const question = await findDialog('Eintrag wurde inzwischen geändert', 'alertdialog');
    expect(question.textContent).toContain('Anna Admin hat diesen Eintrag am 25.11.2026');
    const rows = within(question).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FeldBeim ÖffnenJetzt gespeichertDeine Eingabe',
      'Erfahrung100111100',
    ]);
    calls.update.mockResolvedValueOnce(null);
    await userEvent.click(within(question).getByRole('button', { name: 'Trotzdem speichern' }));
    expect(calls.update).toHaveBeenLastCalledWith({
      id: 7,
      values: { name: 'Fischer', exp: 100 },
      expected: theirs,
      force: true,
    });
    expect(await screen.findByText('Achievement erfolgreich aktualisiert')).toBeTruthy();
  });

  it('"Neu laden" takes theirs and keeps my edits where they do not clash; the next save expects theirs', async () => {
    renderScreen();
    const dialog = await openAngler();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Fischer');
    await userEvent.clear(within(dialog).getByLabelText('Erfahrung'));
    await userEvent.type(within(dialog).getByLabelText('Erfahrung'), '120');
    const theirs = { id: 7, name: 'Angler', exp: 111 };
    calls.update.mockRejectedValueOnce(conflict('changed', theirs, null));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const question = await findDialog('Eintrag wurde inzwischen geändert', 'alertdialog');
    expect(question.textContent).toContain('Dieser Eintrag wurde am 25.11.2026');
    await userEvent.click(within(question).getByRole('button', { name: 'Neu laden' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Fischer');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Erfahrung').value).toBe('111');
    expect(
      within(dialog).getByText(
        'Der aktuelle Stand ist geladen. Deine Änderungen an Name sind erhalten. Bei Erfahrung gilt jetzt der gespeicherte Wert.',
      ),
    ).toBeTruthy();
    calls.update.mockResolvedValueOnce(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(calls.update).toHaveBeenLastCalledWith({
      id: 7,
      values: { name: 'Fischer', exp: 111 },
      expected: theirs,
    });
  });

  it('a row deleted meanwhile says so and offers to close', async () => {
    renderScreen();
    const dialog = await openAngler();
    await rename(dialog);
    calls.update.mockRejectedValueOnce(conflict('deleted', null));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const question = await findDialog('Eintrag wurde inzwischen gelöscht', 'alertdialog');
    expect(question.textContent).toContain('Anna Admin hat diesen Eintrag am 25.11.2026');
    expect(question.textContent).toContain('Deine Änderung kann nicht mehr gespeichert werden.');
    expect(within(question).queryByRole('button', { name: 'Trotzdem speichern' })).toBeNull();
    await userEvent.click(within(question).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a delete of a changed row asks too; "Trotzdem löschen" deletes with force', async () => {
    renderScreen();
    const dialog = await openAngler();
    const theirs = { id: 7, name: 'Angler Profi', exp: 100 };
    calls.remove.mockRejectedValueOnce(conflict('changed', theirs));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(calls.remove).toHaveBeenCalledWith({ id: 7, expected: ANGLER });
    const question = await findDialog('Eintrag wurde inzwischen geändert', 'alertdialog');
    expect(
      within(question)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FeldBeim ÖffnenJetzt gespeichert', 'NameAnglerAngler Profi']);
    calls.remove.mockResolvedValueOnce({ id: 7 });
    await userEvent.click(within(question).getByRole('button', { name: 'Trotzdem löschen' }));
    expect(calls.remove).toHaveBeenLastCalledWith({ id: 7, expected: theirs, force: true });
    expect(await screen.findByText('Achievement erfolgreich gelöscht')).toBeTruthy();
  });
});

describe('the write dialog: the step-up round trip', () => {
  const assign = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    assign.mockReset();
    for (const call of Object.values(calls)) call.mockReset();
    vi.stubGlobal('location', { pathname: PATH, search: '', assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  const stepUp = () => bffError('FORBIDDEN', 403, 'Bitte bestätige diese Aktion.', 'STEP_UP_REQUIRED');

  it('says why before leaving; "Abbrechen" stays, "Weiter zur Anmeldung" leaves and the dialog comes back', async () => {
    const first = renderScreen();
    const dialog = await openAngler();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Angler alt');
    calls.remove.mockRejectedValue(stepUp());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    let question = await findDialog('Erneute Anmeldung nötig', 'alertdialog');
    expect(question.textContent).toContain('Zum Löschen bestätige bitte noch einmal dein Passwort.');
    await userEvent.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Löschen' })),
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    question = await findDialog('Erneute Anmeldung nötig', 'alertdialog');
    await userEvent.click(within(question).getByRole('button', { name: 'Weiter zur Anmeldung' }));
    expect(assign).toHaveBeenCalledWith(`/auth/login?stepUp=1&returnTo=${encodeURIComponent(PATH)}`);
    first.unmount();

    // Back from the sign-in: the dialog as it was, the confirmation ready; the delete still expects
    // the row as it was loaded before leaving.
    calls.remove.mockReset();
    calls.remove.mockResolvedValueOnce({ id: 7 });
    renderScreen([{ ...ANGLER, name: 'Neuer Stand' }]);
    const back = await findDialog('Achievement bearbeiten');
    expect(
      within(back).getByText('Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.'),
    ).toBeTruthy();
    expect(within(back).getByLabelText<HTMLInputElement>('Name').value).toBe('Angler alt');
    await userEvent.click(within(back).getByRole('button', { name: 'Endgültig löschen' }));
    expect(calls.remove).toHaveBeenCalledWith({ id: 7, expected: ANGLER });
    expect(await screen.findByText('Achievement erfolgreich gelöscht')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('the write dialog: focus goes back to the opener', () => {
  beforeEach(() => {
    sessionStorage.clear();
    for (const call of Object.values(calls)) call.mockReset();
  });

  const rowButton = () => screen.getByRole('button', { name: 'Achievement 7 bearbeiten' });

  it('after Escape, ✕ and saving', async () => {
    renderScreen();
    await openAngler();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(rowButton()));

    const dialog = await openAngler();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(document.activeElement).toBe(rowButton()));

    const again = await openAngler();
    await rename(again);
    calls.update.mockResolvedValueOnce(null);
    await userEvent.click(within(again).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(rowButton()));
  });

  it('after a create, to the create button; after a delete, to the page heading (its row is gone)', async () => {
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Achievement hinzufügen' }));
    const dialog = await findDialog('Achievement hinzufügen');
    calls.create.mockResolvedValueOnce(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Achievement hinzufügen' })),
    );

    const edit = await openAngler();
    calls.remove.mockResolvedValueOnce({ id: 7 });
    await userEvent.click(within(edit).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(edit).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Achievements verwalten' })),
    );
  });
});
