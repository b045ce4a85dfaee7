import { CATALOGUES } from '@nova/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bffError, renderWithBff, type Answer } from '../../test/trpc';
import { CataloguePage } from './catalogue-page';
import { catalogueDialog } from './dialog-chunk';
import { emptyValues, isNumericText, payloadOf, valuesOf } from './form-values';
import { hubCards } from './hub-page';

describe('hub cards (decision 007)', () => {
  const titles = (roles: string[]) => hubCards(roles).map((card) => [card.title, card.blocked]);

  it('shows the skin role the Skins card and, without their roles, Radiosender and Wantedkatalog as blocked', () => {
    expect(titles(['web:admin:server-manager', 'web:admin:server-manager:skin'])).toEqual([
      ['Skins', null],
      ['Radiosender', 'Dafür fehlt dir die Rolle „web:admin:server-manager:radio“'],
      ['Wantedkatalog', 'Dafür fehlt dir die Rolle „web:admin:server-manager:wanted“'],
    ]);
  });

  it('shows Generische Einstellungen with the achievement role, never enabled', () => {
    expect(titles(['web:admin:server-manager', 'web:admin:server-manager:achievement'])).toEqual([
      ['Achievements', null],
      ['Generische Einstellungen', 'Noch nicht verfügbar'],
    ]);
  });

  it('shows a card whose route role is held even without the card role, and names a missing hub role', () => {
    expect(titles(['web:admin:server-manager:radio'])).toEqual([
      ['Radiosender', 'Dafür fehlt dir die Rolle „web:admin:server-manager“'],
    ]);
    expect(titles(['web:beta'])).toEqual([]);
  });

  it('shows all six cards in the spec order to an administrator with every role', () => {
    const cards = hubCards([
      'web:admin:server-manager',
      'web:admin:server-manager:achievement',
      'web:admin:server-manager:car',
      'web:admin:server-manager:skin',
      'web:admin:server-manager:radio',
      'web:admin:server-manager:wanted',
    ]);
    expect(cards.map((card) => card.title)).toEqual([
      'Achievements',
      'Generische Einstellungen',
      'Fahrzeuge',
      'Skins',
      'Radiosender',
      'Wantedkatalog',
    ]);
    expect(cards.map((card) => card.href)).toEqual([
      '/control-panel/admin/server-manager/achievement-manager',
      null,
      '/control-panel/admin/server-manager/vehicle-manager',
      '/control-panel/admin/server-manager/skin-manager',
      '/control-panel/admin/server-manager/radio-manager',
      '/control-panel/admin/server-manager/wanted-manager',
    ]);
  });
});

describe('form values (doc 2 §5)', () => {
  it('starts every displayed field empty and leaves the id out', () => {
    expect(emptyValues(CATALOGUES.wantedReasons)).toEqual({ reason_name: '', points: '', is_static: '' });
  });

  it('sends empty numbers as 0, or as the skin defaults, and option texts as numbers', () => {
    const values = {
      ...emptyValues(CATALOGUES.serverSkins),
      skinId: '171',
      gender: '1',
      wearhat: '1',
      description: '',
    };
    expect(payloadOf(CATALOGUES.serverSkins, values)).toEqual({
      skinId: 171,
      gender: 1,
      job: -1,
      faction: -1,
      gang: -1,
      wearhat: 1,
      wearmask: 0,
      expire: 0,
      expiration: 10,
      description: '',
      blocked: 0,
      category: undefined,
      season: undefined,
    });
  });

  it('reads decimals with a comma and shows rows as text', () => {
    const row = { id: 400, trailer: 0, level: 3, tankvolume: 62.5, tankconsumption: 8 };
    const values = valuesOf(CATALOGUES.vehicleTypes, row);
    expect(values).toMatchObject({ trailer: '0', level: '3', tankvolume: '62.5', cangas: '' });
    expect(payloadOf(CATALOGUES.vehicleTypes, { ...values, tankconsumption: '9,75' })).toMatchObject({
      tankvolume: 62.5,
      tankconsumption: 9.75,
      cangas: 0,
    });
  });

  it('accepts only numeric text while typing', () => {
    const [points] = CATALOGUES.wantedReasons.fields.filter((f) => f.name === 'points');
    const [job] = CATALOGUES.serverSkins.fields.filter((f) => f.name === 'job');
    const [tank] = CATALOGUES.vehicleTypes.fields.filter((f) => f.name === 'tankvolume');
    if (!points || !job || !tank) throw new Error('registry changed');
    expect(['', '0', '42'].map((t) => isNumericText(points, t))).toEqual([true, true, true]);
    expect(['4a', '-1', '1.5', ' '].map((t) => isNumericText(points, t))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['-', '-1', '12'].map((t) => isNumericText(job, t))).toEqual([true, true, true]);
    expect(['1,5', '1.25', '1,2,3'].map((t) => isNumericText(tank, t))).toEqual([true, true, false]);
  });
});

describe('a catalogue screen with the write dialog', () => {
  const ROW = { id: 7, name: 'Erste Schritte', description: 'Melde dich an', exp: 10, money: 500 };
  const answer = vi.fn<Answer>();

  function renderScreen(write: (path: string, input: unknown) => Promise<unknown>) {
    answer.mockImplementation((path, input) =>
      path === 'catalogue.achievements.list' ? Promise.resolve([ROW]) : write(path, input),
    );
    renderWithBff(
      <MemoryRouter>
        <CataloguePage catalogueKey="achievements" />
      </MemoryRouter>,
      answer,
    );
  }

  // The dialog is a chunk of its own, loaded once here as the idle prefetch would (so no test waits
  // for the first import).
  beforeAll(() => catalogueDialog());
  beforeEach(() => {
    sessionStorage.clear();
    answer.mockReset();
  });

  /** A create carries the dialog's idempotency key (a v4 UUID). */
  const UUID: unknown = expect.stringMatching(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );

  it('sends the typed values, empty numbers as 0, and reports success', async () => {
    renderScreen((path, input) => Promise.resolve({ path, input }));
    await userEvent.click(await screen.findByRole('button', { name: 'Achievement hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Achievement hinzufügen' });
    expect(within(dialog).queryByLabelText('ID')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Angler');
    await userEvent.type(within(dialog).getByLabelText('Erfahrung'), '2x5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Achievement erfolgreich erstellt')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('catalogue.achievements.create', {
      values: { name: 'Angler', description: '', exp: 25, money: 0 },
      idempotencyKey: UUID,
    });
  });

  it('puts server field errors under their fields and keeps the input', async () => {
    renderScreen(() =>
      Promise.reject(
        Object.assign(bffError('BAD_REQUEST', 400), {
          data: {
            code: 'BAD_REQUEST',
            fieldErrors: { name: 'Dieser Wert ist bereits vergeben', id: 'Falsche ID' },
          },
        }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Achievement 7 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Achievement bearbeiten' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('ID').readOnly).toBe(true);
    const name = within(dialog).getByLabelText<HTMLInputElement>('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Schon da');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Dieser Wert ist bereits vergeben')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('catalogue.achievements.update', {
      id: 7,
      values: { name: 'Schon da', description: 'Melde dich an', exp: 10, money: 500 },
      expected: { id: 7, name: 'Erste Schritte', description: 'Melde dich an', exp: 10, money: 500 },
    });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe('Schon da');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Achievement konnte nicht aktualisiert werden: Falsche ID',
    );
  });

  it('asks before deleting and reports the deletion; the focus goes to the heading, the row being gone', async () => {
    renderScreen((path, input) => Promise.resolve(input));
    await userEvent.click(await screen.findByRole('button', { name: 'Achievement 7 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Achievement bearbeiten' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(answer).not.toHaveBeenCalledWith('catalogue.achievements.remove', expect.anything());
    answer.mockImplementation((path, input) =>
      path === 'catalogue.achievements.list' ? Promise.resolve([]) : Promise.resolve(input),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Achievement erfolgreich gelöscht')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('catalogue.achievements.remove', {
      id: 7,
      expected: { id: 7, name: 'Erste Schritte', description: 'Melde dich an', exp: 10, money: 500 },
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Achievements verwalten' })),
    );
  });

  it('a double-clicked row gives the focus back to its own button when the dialog closes', async () => {
    renderScreen(() => Promise.reject(new Error('no write expected')));
    fireEvent.doubleClick(await screen.findByText('Erste Schritte'));
    await screen.findByRole('dialog', { name: 'Achievement bearbeiten' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Achievement 7 bearbeiten' })),
    );
  });
});
