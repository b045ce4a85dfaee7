import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '../../test/dialog';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDraft } from '../../lib/form-draft';
import { syncDialogs } from './dialogs';
import { bffError, renderWithBff, type Answer } from '../../test/trpc';
import { SyncManagerPage } from './sync-manager-page';

const PATH = '/control-panel/admin/sync-manager';
/** A create carries the dialog's idempotency key (a v4 UUID). */
const UUID: unknown = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
);

const objects = [
  { id: 1, plattform: 'teamspeak', externalId: '11', description: 'Servergruppe Admin', syncGroup: null },
  {
    id: 2,
    plattform: 'discord',
    externalId: '22',
    description: 'Rolle Polizei',
    syncGroup: { id: 5, name: 'Polizei' },
  },
  {
    id: 3,
    plattform: 'teamspeak',
    externalId: '33',
    description: 'Servergruppe Mod',
    syncGroup: { id: 6, name: 'Admin' },
  },
];
const groups = [
  {
    id: 5,
    name: 'Polizei',
    keycloakName: '/fraktion/polizei',
    syncObjects: [{ id: 2, plattform: 'discord', externalId: '22', description: 'Rolle Polizei' }],
  },
  {
    id: 6,
    name: 'Admin',
    keycloakName: null,
    syncObjects: [{ id: 3, plattform: 'teamspeak', externalId: '33', description: 'Servergruppe Mod' }],
  },
];

const stepUpRefusal = () =>
  bffError(
    'FORBIDDEN',
    403,
    'Bitte bestätige diese Aktion, indem du dich erneut anmeldest.',
    'STEP_UP_REQUIRED',
  );

/** The BFF as the page sees it: every call goes to `answer(path, input)`. */
const answer = vi.fn<Answer>();
const renderPage = () =>
  renderWithBff(
    <MemoryRouter>
      <SyncManagerPage />
    </MemoryRouter>,
    answer,
  );

// The dialogs are a chunk of their own, loaded once here as the idle prefetch would (so no test
// waits for the first import).
beforeAll(() => syncDialogs());

/** Lists as loaded; `remove` answers the delete calls. */
function bff(remove: (path: string, input: unknown) => Promise<unknown>) {
  answer.mockImplementation((path, input) => {
    if (path === 'syncManager.objects.list') return Promise.resolve(objects);
    if (path === 'syncManager.groups.list') return Promise.resolve(groups);
    if (path.endsWith('.remove')) return remove(path, input);
    return Promise.reject(new Error(`unexpected call ${path}`));
  });
}

describe('sync manager deletes across the re-authentication (decision 022)', () => {
  const assign = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    assign.mockReset();
    answer.mockReset();
    vi.stubGlobal('location', { pathname: PATH, search: '', assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a sync object: refused for the old sign-in, back with the dialog and the confirmation open, deleted', async () => {
    bff(() => Promise.reject(stepUpRefusal()));
    const first = renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Sync Objects' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sync Objekt Rolle Polizei bearbeiten' }),
    );
    let dialog = await findDialog('Sync Objekt bearbeiten');
    // What the admin typed before deleting survives the trip.
    await userEvent.clear(within(dialog).getByLabelText('Beschreibung'));
    await userEvent.type(within(dialog).getByLabelText('Beschreibung'), 'Rolle Polizei alt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    // Why the sign-in page comes, before it comes.
    const why = await findDialog('Erneute Anmeldung nötig', 'alertdialog');
    expect(why.textContent).toContain('Zum Löschen bestätige bitte noch einmal dein Passwort.');
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(within(why).getByRole('button', { name: 'Weiter zur Anmeldung' }));
    expect(assign).toHaveBeenCalledWith(`/auth/login?stepUp=1&returnTo=${encodeURIComponent(PATH)}`);
    first.unmount();

    // Back from Keycloak: the same tab, the same dialog, the confirmation ready.
    bff((path, input) => Promise.resolve({ path, input }));
    renderPage();
    // The dialog opens at once (it keeps the row as it was loaded); the page behind it is hidden.
    expect(
      screen.getByRole('tab', { name: 'Sync Objects', hidden: true }).getAttribute('aria-selected'),
    ).toBe('true');
    dialog = await findDialog('Sync Objekt bearbeiten');
    expect(
      within(dialog).getByText('Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Beschreibung').value).toBe('Rolle Polizei alt');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Plattform').value).toBe('discord');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Sync Object wurde gelöscht')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('syncManager.objects.remove', {
      id: 2,
      expected: {
        id: 2,
        plattform: 'discord',
        externalId: '22',
        description: 'Rolle Polizei',
        syncGroup: { id: 5, name: 'Polizei' },
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a sync group: back on its tab with the checked objects kept; closing the dialog forgets it', async () => {
    bff(() => Promise.reject(stepUpRefusal()));
    const first = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Gruppe Polizei bearbeiten' }));
    let dialog = await findDialog('Sync Gruppe bearbeiten');
    await userEvent.click(within(dialog).getByLabelText('Servergruppe Admin [teamspeak]'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zur Anmeldung' }));
    expect(assign).toHaveBeenCalled();
    first.unmount();

    renderPage();
    // The dialog opens at once (it keeps the row as it was loaded); the page behind it is hidden.
    expect(screen.getByRole('tab', { name: 'Sync Groups', hidden: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    dialog = await findDialog('Sync Gruppe bearbeiten');
    expect(
      within(dialog).getByText('Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.'),
    ).toBeTruthy();
    // The objects load after the dialog opened: their boxes come checked as they were left.
    expect(
      (await within(dialog).findByLabelText<HTMLInputElement>('Servergruppe Admin [teamspeak]')).checked,
    ).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Rolle Polizei [discord]').checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Switching tabs back and forth does not bring the dialog back.
    await userEvent.click(screen.getByRole('tab', { name: 'Sync Objects' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Sync Groups' }));
    await screen.findByRole('button', { name: 'Sync Gruppe Polizei bearbeiten' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a dialog saved on another page is not reopened here', async () => {
    bff(() => Promise.reject(new Error('no delete expected')));
    // A sync-manager state saved on another page, and a malformed one for this page's scope.
    vi.stubGlobal('location', { pathname: '/control-panel/admin/audit-log', search: '', assign });
    saveDraft('sync-manager:groups', {
      row: groups[0],
      values: { name: 'x', keycloakName: '', members: [] },
      intent: 'remove',
      idempotencyKey: '0b6c3f1e-8a44-4c61-9d43-5d0b3c7e2f10',
    });
    vi.stubGlobal('location', { pathname: PATH, search: '', assign });
    expect(sessionStorage.length).toBe(1);
    renderPage();
    await screen.findByRole('button', { name: 'Sync Gruppe Polizei bearbeiten' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('a state of the wrong shape for this page is ignored', async () => {
    bff(() => Promise.reject(new Error('no delete expected')));
    saveDraft('sync-manager:groups', { row: { id: '5' }, values: {}, intent: 'remove' });
    renderPage();
    await screen.findByRole('button', { name: 'Sync Gruppe Polizei bearbeiten' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a new sync object whose save met a lost session comes back as typed, without a delete question', async () => {
    answer.mockImplementation((path) => {
      if (path === 'syncManager.objects.list') return Promise.resolve(objects);
      if (path === 'syncManager.groups.list') return Promise.resolve(groups);
      if (path === 'syncManager.objects.create')
        return Promise.reject(bffError('UNAUTHORIZED', 401, 'Bitte melde dich an.'));
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    const first = renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Sync Objects' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Neues Sync Objekt hinzufügen' }));
    let dialog = await findDialog('Neues Sync Objekt hinzufügen');
    await userEvent.selectOptions(within(dialog).getByLabelText('Plattform'), 'discord');
    await userEvent.type(within(dialog).getByLabelText('Externe ID'), '4711');
    await userEvent.type(within(dialog).getByLabelText('Beschreibung'), 'Rolle Feuerwehr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(sessionStorage.length).toBe(1));
    // Who is signed in is asked again (the access gate then sends the user to the sign-in).
    expect(answer).toHaveBeenCalledWith('session.me', undefined);
    first.unmount();

    // Signed in again and back on the page: the dialog as it was, nothing asked about deleting.
    answer.mockImplementation((path, input) => {
      if (path === 'syncManager.objects.list') return Promise.resolve(objects);
      if (path === 'syncManager.groups.list') return Promise.resolve(groups);
      return Promise.resolve({ path, input });
    });
    renderPage();
    dialog = await findDialog('Neues Sync Objekt hinzufügen');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Plattform').value).toBe('discord');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Externe ID').value).toBe('4711');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Beschreibung').value).toBe('Rolle Feuerwehr');
    expect(within(dialog).queryByText(/Bestätige jetzt das Löschen/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Sync Objekt wurde erstellt')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('syncManager.objects.create', {
      values: { plattform: 'discord', externalId: '4711', description: 'Rolle Feuerwehr' },
      idempotencyKey: UUID,
    });
  });
});

describe('sync group memberships (a sync object belongs to one group)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    answer.mockReset();
  });

  it("shows each object's group, and that ticking one of another group moves it, before saving", async () => {
    answer.mockImplementation((path, input) => {
      if (path === 'syncManager.objects.list') return Promise.resolve(objects);
      if (path === 'syncManager.groups.list') return Promise.resolve(groups);
      if (path === 'syncManager.groups.create') return Promise.resolve({ path, input });
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Sync Gruppe hinzufügen' }));
    const dialog = await findDialog('Neue Sync Gruppe hinzufügen');
    const mod = await within(dialog).findByLabelText('Servergruppe Mod [teamspeak]');
    expect(mod.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText('Gehört zu „Admin“')).toBeTruthy();
    expect(within(dialog).getByText('Gehört zu „Polizei“')).toBeTruthy();
    expect(within(dialog).getByText('Gehört zu keiner Gruppe')).toBeTruthy();
    expect(within(dialog).queryByText(/wird aus/)).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Moderation');
    await userEvent.click(mod);
    expect(within(dialog).getByText('Gehört zu „Admin“ – wird aus „Admin“ entfernt')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Sync Gruppe wurde erstellt')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('syncManager.groups.create', {
      values: { name: 'Moderation', keycloakName: null, syncObjects: [{ id: 3 }] },
      idempotencyKey: UUID,
    });
  });

  it('unticking an object of this group says it leaves the group; deleting the group names what becomes ungrouped', async () => {
    bff(() => Promise.reject(new Error('no delete expected')));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Gruppe Polizei bearbeiten' }));
    const dialog = await findDialog('Sync Gruppe bearbeiten');
    expect(await within(dialog).findByText('Gehört zu dieser Gruppe')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Rolle Polizei [discord]'));
    expect(within(dialog).getByText('Gehört zu dieser Gruppe – wird daraus entfernt')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(within(dialog).getByRole('group', { name: 'Löschen bestätigen' }).textContent).toContain(
      'Diese Sync Gruppe wirklich löschen? Ein Admin kann das Löschen im Audit-Log rückgängig machen: dann wird der Eintrag mit denselben Angaben neu angelegt, aber unter einer neuen Nummer – was auf die alte Nummer verweist, findet ihn nicht wieder.Danach gehören diese Sync Objekte keiner Gruppe mehr an: Rolle Polizei [discord]. Beim Rückgängigmachen kommen sie wieder in die Gruppe.',
    );
  });
});

describe('empty lists', () => {
  beforeEach(() => {
    sessionStorage.clear();
    answer.mockReset();
  });

  it('deleting the last sync group leaves "Keine Sync Gruppen vorhanden"', async () => {
    let current = [groups[0]];
    answer.mockImplementation((path, input) => {
      if (path === 'syncManager.objects.list') return Promise.resolve(objects);
      if (path === 'syncManager.groups.list') return Promise.resolve(current);
      if (path === 'syncManager.groups.remove') {
        current = [];
        return Promise.resolve({ path, input });
      }
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Gruppe Polizei bearbeiten' }));
    const dialog = await findDialog('Sync Gruppe bearbeiten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Keine Sync Gruppen vorhanden')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync Gruppe Polizei bearbeiten' })).toBeNull();
  });
});

describe('a sync group with a Keycloak group older than the rule', () => {
  const legacy = { id: 7, name: 'Prüfteam', keycloakName: 'pruefung/alt', syncObjects: [] };
  const refusal = () =>
    Object.assign(bffError('BAD_REQUEST', 400), {
      data: {
        code: 'BAD_REQUEST',
        fieldErrors: {
          keycloakName:
            '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
        },
      },
    });
  beforeEach(() => {
    sessionStorage.clear();
    answer.mockReset();
    answer.mockImplementation((path, input) => {
      if (path === 'syncManager.objects.list') return Promise.resolve(objects);
      if (path === 'syncManager.groups.list') return Promise.resolve([legacy]);
      if (path === 'syncManager.groups.update') {
        const { values } = input as { values: { keycloakName: string | null } };
        return values.keycloakName === legacy.keycloakName
          ? Promise.resolve({ ...legacy, syncObjects: [objects[0]] })
          : Promise.reject(refusal());
      }
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
  });

  it('saves a ticked object, sending the untouched value back as it was', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Gruppe Prüfteam bearbeiten' }));
    const dialog = await findDialog('Sync Gruppe bearbeiten');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Keycloak Gruppe').value).toBe('pruefung/alt');
    await userEvent.click(await within(dialog).findByLabelText('Servergruppe Admin [teamspeak]'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Sync Gruppe wurde bearbeitet')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('syncManager.groups.update', {
      id: 7,
      values: { name: 'Prüfteam', keycloakName: 'pruefung/alt', syncObjects: [{ id: 1 }] },
      expected: legacy,
    });
  });

  it('shows the refusal of a changed value under the field, with what was typed kept', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Gruppe Prüfteam bearbeiten' }));
    const dialog = await findDialog('Sync Gruppe bearbeiten');
    const field = within(dialog).getByLabelText<HTMLInputElement>('Keycloak Gruppe');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Gruppenname (z. B. pruefteam) oder Pfad (z. B. /team/admin); leer für keine.',
      ),
    ).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '/../admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(
      await within(dialog).findByText(
        '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
      ),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('/../admin');
  });
});
