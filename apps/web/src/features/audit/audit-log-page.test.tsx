import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '../../test/dialog';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveDraft } from '../../lib/form-draft';
import { bffError, renderWithBff, type Answer } from '../../test/trpc';
import { filterFromParams, paramsOf, positionFromParams } from './audit-filter';
import { AuditLogPage } from './audit-log-page';

const PATH = '/control-panel/admin/audit-log';

const base = {
  actorId: 'sub-1',
  actorName: 'Anna Admin',
  targetType: 'catalogue.achievements',
  targetId: '7',
  before: null,
  after: null,
  outcome: 'success',
  status: null,
  detail: null,
  requestId: null,
  clientIp: null,
  callKind: 'session',
  clientId: null,
  sent: null,
  forced: false,
};
const rows = [
  {
    ...base,
    id: '2',
    at: '2026-11-25T10:00:00.000Z',
    action: 'catalogue.achievements.remove',
    before: { id: 7, name: 'Angler', exp: 10 },
  },
  { ...base, id: '1', at: '2026-11-25T09:00:00.000Z', action: 'auth.sign-in', targetType: 'user' },
].map((row) => ({ ...row, undoOf: null, undoneBy: null }));

const answer = vi.fn<Answer>();
/** Where the page's router is now, shown for the test to read. */
function Where() {
  const here = useLocation();
  return <output data-testid="where">{`${here.pathname}${here.search}`}</output>;
}
const address = () => screen.getByTestId('where').textContent;

function renderAt(
  address: string,
  shown: unknown[] = rows,
  undo?: (input: unknown) => Promise<unknown>,
  paging: { total?: number; more?: boolean; hasNext?: boolean } = {},
) {
  answer.mockImplementation((path, input) => {
    if (path === 'audit.list')
      return Promise.resolve({
        rows: shown,
        total: paging.total ?? shown.length,
        more: paging.more ?? false,
        page: 1,
        pageSize: 25,
        first: '1764064800000000.3',
        last: '1764061200000000.1',
        hasNext: paging.hasNext ?? false,
      });
    if (path === 'audit.undo' && undo) return undo(input);
    if (path === 'audit.undoPlan') return Promise.resolve({ verb: 'update', together: [], stays: [] });
    if (path === 'audit.chain')
      return Promise.resolve({ intact: true, events: 2, lastSeq: 2, lastHash: 'x' });
    return Promise.reject(new Error(`unexpected call ${path}`));
  });
  return renderWithBff(
    <MemoryRouter initialEntries={[address]}>
      <AuditLogPage />
      <Where />
    </MemoryRouter>,
    answer,
  );
}

const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

const listInputs = () =>
  answer.mock.calls.filter(([path]) => path === 'audit.list').map(([, input]) => input);

afterEach(() => answer.mockReset());

describe('the audit filter in the address', () => {
  it('reads known values and leaves out unknown ones', () => {
    const filter = filterFromParams(
      new URLSearchParams('art=remove&bereich=achievements&ziel=Angler&ergebnis=nope&von=2026-11-25T10:00'),
    );
    expect(filter).toEqual({
      person: '',
      kind: 'remove',
      area: 'achievements',
      target: 'Angler',
      outcome: '',
      from: '2026-11-25T10:00',
      to: '',
      record: '',
    });
    expect(filterFromParams(new URLSearchParams('art=delete&bis=gestern&eintrag=19x'))).toMatchObject({
      record: '',
      kind: '',
      to: '',
    });
  });

  it('writes only what is set, and the page beyond the first', () => {
    const filter = filterFromParams(new URLSearchParams('ziel= Löschen '));
    expect(paramsOf(filter).toString()).toBe('ziel=L%C3%B6schen');
    expect(paramsOf(filter, 3).toString()).toBe('ziel=L%C3%B6schen&seite=3');
    expect(paramsOf(filter, 3, { after: '1764061200000000.1' }).toString()).toBe(
      'ziel=L%C3%B6schen&seite=3&nach=1764061200000000.1',
    );
    expect(paramsOf(filter, 1, { after: '1764061200000000.1' }).toString()).toBe('ziel=L%C3%B6schen');
  });

  it('reads a page position only beyond the first page and only in its form', () => {
    expect(positionFromParams(new URLSearchParams('seite=2&nach=1764061200000000.1'))).toEqual({
      after: '1764061200000000.1',
    });
    expect(positionFromParams(new URLSearchParams('seite=3&vor=1764064800000000.3'))).toEqual({
      before: '1764064800000000.3',
    });
    expect(positionFromParams(new URLSearchParams('nach=1764061200000000.1'))).toBeNull();
    expect(positionFromParams(new URLSearchParams('seite=2&nach=gestern'))).toBeNull();
  });
});

describe('pages past the counted bound', () => {
  it('says "mehr als", goes on by the last row and back by the first', async () => {
    const user = userEvent.setup();
    renderAt(`${PATH}?seite=2&nach=1764070000000000.9`, rows, undefined, {
      total: 1000,
      more: true,
      hasNext: true,
    });
    expect(await screen.findByText('mehr als 1.000 Einträge')).toBeTruthy();
    expect(screen.getByText('Seite 2 von mehr als 40')).toBeTruthy();
    expect(listInputs()[0]).toEqual({ page: 2, pageSize: 25, after: '1764070000000000.9' });
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(address()).toBe(`${PATH}?seite=3&nach=1764061200000000.1`));
    await waitFor(() =>
      expect(listInputs().at(-1)).toEqual({ page: 3, pageSize: 25, after: '1764061200000000.1' }),
    );
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(address()).toBe(`${PATH}?seite=2&vor=1764064800000000.3`));
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(address()).toBe(PATH));
  });

  it('has no "Weiter" after the last page', async () => {
    renderAt(`${PATH}?seite=2&nach=1764070000000000.9`, rows, undefined, { total: 27, hasNext: false });
    expect(await screen.findByText('Seite 2 von 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('disabled', true);
  });
});

describe('the audit log page', () => {
  it('asks the BFF with the filter of the address and shows it in the form', async () => {
    renderAt(`${PATH}?art=remove&bereich=achievements&ziel=Angler&seite=2`);
    await screen.findByRole('link', { name: '„Angler“' });
    expect(listInputs()[0]).toEqual({
      kind: 'remove',
      area: 'achievements',
      target: 'Angler',
      page: 2,
      pageSize: 25,
    });
    expect(valueOf('Art')).toBe('remove');
    expect(valueOf('Bereich')).toBe('achievements');
    expect(valueOf('Ziel oder Stichwort')).toBe('Angler');
  });

  it('puts the filter into the address on "Filtern" and clears it on "Zurücksetzen"', async () => {
    const user = userEvent.setup();
    renderAt(PATH);
    await screen.findByRole('link', { name: '„Angler“' });
    await user.type(screen.getByLabelText('Ziel oder Stichwort'), 'Radiosender');
    await user.selectOptions(screen.getByLabelText('Art'), 'Geändert');
    await user.selectOptions(screen.getByLabelText('Ergebnis'), 'Abgelehnt');
    await user.type(screen.getByLabelText('Person'), 'anna');
    await user.click(screen.getByRole('button', { name: 'Filtern' }));
    expect(address()).toBe(`${PATH}?person=anna&art=update&ziel=Radiosender&ergebnis=refused`);
    expect(listInputs().at(-1)).toEqual({
      person: 'anna',
      kind: 'update',
      target: 'Radiosender',
      outcome: 'refused',
      page: 1,
      pageSize: 25,
    });

    // The form is renewed for the new address; the button used keeps the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filtern' })));

    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(address()).toBe(PATH);
    expect(valueOf('Ziel oder Stichwort')).toBe('');
    expect(valueOf('Art')).toBe('');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zurücksetzen' })),
    );
  });

  it('links a catalogue target to its row in the manager; a sign-in has no changes to show', async () => {
    renderAt(PATH);
    const link = await screen.findByRole('link', { name: '„Angler“' });
    expect(link.getAttribute('href')).toBe(
      '/control-panel/admin/server-manager/achievement-manager?bearbeiten=7',
    );
    const [, removed, signIn] = screen.getAllByRole('row');
    expect(within(removed!).getByRole('button', { name: 'Änderungen anzeigen' })).toBeTruthy();
    expect(within(signIn!).getByText('Angemeldet')).toBeTruthy();
    expect(within(signIn!).queryByRole('button', { name: 'Änderungen anzeigen' })).toBeNull();
  });
});

describe('"Rückgängig machen" on a row', () => {
  const update = {
    ...base,
    id: '5',
    at: '2026-11-25T11:00:00.000Z',
    action: 'catalogue.achievements.update',
    before: { id: 7, name: 'Angler', exp: 10 },
    after: { id: 7, name: 'Angler', exp: 20 },
    undoOf: null,
    undoneBy: null,
  };
  const conflict = () =>
    Object.assign(bffError('CONFLICT', 409, 'Der Eintrag wurde inzwischen geändert.', 'changed'), {
      data: {
        code: 'CONFLICT',
        httpStatus: 409,
        reason: 'changed',
        conflict: {
          reason: 'changed',
          current: { id: 7, name: 'Angler', exp: 30 },
          changedBy: { name: 'Bernd', at: '2026-11-25T12:00:00.000Z' },
        },
      },
    });

  it('asks, sends the record, and after a conflict offers to take it back anyway', async () => {
    const user = userEvent.setup();
    const undo = vi.fn((input: unknown) =>
      (input as { force?: true }).force
        ? Promise.resolve({ row: { id: 7 }, recreatedAs: null, together: [] })
        : Promise.reject(conflict()),
    );
    renderAt(PATH, [update], undo);
    await user.click(
      await screen.findByRole('button', { name: 'Achievement „Angler“ geändert: rückgängig machen' }),
    );
    const question = await findDialog('Änderung rückgängig machen?', 'alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Rückgängig machen' }));
    const clash = await findDialog('Eintrag wurde inzwischen geändert', 'alertdialog');
    expect(clash.textContent).toContain('Bernd hat diesen Eintrag am');
    await user.click(within(clash).getByRole('button', { name: 'Trotzdem rückgängig machen' }));
    expect(await screen.findByText('Die Änderung wurde rückgängig gemacht.')).toBeTruthy();
    expect(undo.mock.calls.map(([input]) => input)).toEqual([
      { recordId: '5' },
      { recordId: '5', force: true },
    ]);
  });

  it('gives the focus back to "Rückgängig machen" after Escape, and to the row after the undo', async () => {
    const user = userEvent.setup();
    renderAt(PATH, [update], () => Promise.resolve({ row: { id: 7 }, recreatedAs: null, together: [] }));
    const opener = await screen.findByRole('button', {
      name: 'Achievement „Angler“ geändert: rückgängig machen',
    });
    await user.click(opener);
    await findDialog('Änderung rückgängig machen?', 'alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    const question = await findDialog('Änderung rückgängig machen?', 'alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Rückgängig machen' }));
    expect(await screen.findByText('Die Änderung wurde rückgängig gemacht.')).toBeTruthy();
    // The undo button goes once the list says so; the row's own button keeps the place.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Änderungen anzeigen' }));
  });

  it('explains the step-up before leaving for it', async () => {
    const user = userEvent.setup();
    const stepUp = bffError('FORBIDDEN', 403, 'Bitte bestätige diese Aktion.', 'STEP_UP_REQUIRED');
    renderAt(PATH, [{ ...update, action: 'catalogue.achievements.create' }], () => Promise.reject(stepUp));
    await user.click(await screen.findByRole('button', { name: /rückgängig machen$/ }));
    const question = await findDialog('Änderung rückgängig machen?', 'alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Rückgängig machen' }));
    const explained = await findDialog('Erneute Anmeldung nötig', 'alertdialog');
    expect(within(explained).getByRole('button', { name: 'Weiter zur Anmeldung' })).toBeTruthy();
  });

  it('opens the question again after the step-up sign-in, once, and undoes on confirming', async () => {
    const user = userEvent.setup();
    // What "Weiter zur Anmeldung" kept before leaving for the sign-in.
    saveDraft('audit-undo', { recordId: '5' });
    const undo = vi.fn((_input: unknown) =>
      Promise.resolve({ row: { id: 12 }, recreatedAs: 12, together: [] }),
    );
    const removed = { ...update, action: 'catalogue.achievements.remove', after: null };
    renderAt(PATH, [removed, { ...update, id: '4' }], undo);
    const question = await findDialog('Änderung rückgängig machen?', 'alertdialog');
    expect(question.textContent).toContain(
      'Du hast dich erneut angemeldet. Bestätige jetzt das Rückgängigmachen.',
    );
    expect(question.textContent).toContain('„Achievement „Angler“ gelöscht“ wird zurückgenommen');
    // A re-created row gets a new number: the question says so, the success names it.
    expect(question.textContent).toContain(
      '„Angler“ wird mit dem früheren Stand neu angelegt – unter einer neuen Nummer: die alte Nr. 7 wird nicht wieder vergeben',
    );
    expect(sessionStorage.getItem('nova:draft:audit-undo')).toBeNull();
    await user.click(await within(question).findByRole('button', { name: 'Rückgängig machen' }));
    expect(
      await screen.findByText('Die Änderung wurde rückgängig gemacht: „Angler“ ist als Nr. 12 neu angelegt.'),
    ).toBeTruthy();
    expect(undo.mock.calls.map(([input]) => input)).toEqual([{ recordId: '5' }]);
    // Asked once: a later question is the plain one.
    await user.click(
      screen.getByRole('button', { name: 'Achievement „Angler“ gelöscht: rückgängig machen' }),
    );
    const again = await findDialog('Änderung rückgängig machen?', 'alertdialog');
    expect(again.textContent).not.toContain('Du hast dich erneut angemeldet');
  });

  it('ignores a kept undo of a record the page does not show', async () => {
    saveDraft('audit-undo', { recordId: '99' });
    renderAt(PATH, [update]);
    expect(
      await screen.findByRole('button', { name: 'Achievement „Angler“ geändert: rückgängig machen' }),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('marks a change taken back and offers no second undo; sign-ins have none', async () => {
    renderAt(PATH, [{ ...update, undoneBy: '9' }, rows[1]]);
    expect(await screen.findByText('Rückgängig gemacht (Nr. 9)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /rückgängig machen$/ })).toBeNull();
  });
});
