import { CATALOGUES } from '@nova/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '../../test/dialog';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bffError, renderWithBff, type Answer } from '../../test/trpc';
import { CataloguePage } from './catalogue-page';
import { catalogueDialog } from './dialog-chunk';
import { emptyValues, numberProblem, numericInput, payloadOf, tidyNumberText, valuesOf } from './form-values';
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

describe('form values (specification §5)', () => {
  it('starts every displayed field empty, yes/no at "Nein", and leaves the id out', () => {
    expect(emptyValues(CATALOGUES.wantedReasons)).toEqual({ reason_name: '', points: '', is_static: '0' });
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

  it('starts a colour at the black its picker shows, a valid colour', () => {
    expect(emptyValues(CATALOGUES.serverRadios)).toMatchObject({ color: '#000000' });
  });

  it('shows and reads numbers the German way: decimal comma and thousands dots', () => {
    const row = { id: 400, trailer: 0, level: 3, tankvolume: 62.5, tankconsumption: 8, vehvalue: 38000 };
    const values = valuesOf(CATALOGUES.vehicleTypes, row);
    expect(values).toMatchObject({
      trailer: '0',
      level: '3',
      tankvolume: '62,5',
      vehvalue: '38.000',
      cangas: '',
    });
    expect(
      payloadOf(CATALOGUES.vehicleTypes, { ...values, tankconsumption: '9,75', vehvalue: '1.250.000' }),
    ).toMatchObject({ tankvolume: 62.5, tankconsumption: 9.75, vehvalue: 1_250_000, cangas: 0 });
    expect(payloadOf(CATALOGUES.vehicleTypes, { ...values, vehvalue: '1500' }).vehvalue).toBe(1500);
    expect(payloadOf(CATALOGUES.vehicleTypes, { ...values, vehvalue: '1.500' }).vehvalue).toBe(1500);
    expect(payloadOf(CATALOGUES.vehicleTypes, { ...values, tankvolume: '1.500,50' }).tankvolume).toBe(1500.5);
    // In a field with decimals a lone dot is the number pad's decimal point.
    expect(payloadOf(CATALOGUES.vehicleTypes, { ...values, tankvolume: '12.5' }).tankvolume).toBe(12.5);
    expect(payloadOf(CATALOGUES.vehicleTypes, { ...values, tankvolume: '12,' }).tankvolume).toBe(12);
  });

  it('names a number it cannot read instead of dropping it', () => {
    const field = (name: string) => {
      const found = CATALOGUES.vehicleTypes.fields.find((f) => f.name === name);
      if (!found) throw new Error('registry changed');
      return found;
    };
    const whole = 'Bitte gib eine ganze Zahl ein, zum Beispiel 1.500.';
    const decimal = 'Bitte gib eine Zahl ein, zum Beispiel 1.500 oder 12,5.';
    expect(numberProblem(field('vehvalue'), 'abc')).toBe(whole);
    expect(numberProblem(field('vehvalue'), '1,5')).toBe(whole);
    expect(numberProblem(field('vehvalue'), '1.00')).toBe(whole);
    expect(numberProblem(field('tankvolume'), '1,2,3')).toBe(decimal);
    expect(numberProblem(field('vehvalue'), '1.500')).toBeUndefined();
    expect(numberProblem(field('vehvalue'), '')).toBeUndefined();
    expect(numberProblem(field('tankvolume'), '12,5')).toBeUndefined();
    expect(tidyNumberText(field('vehvalue'), '1500000')).toBe('1.500.000');
    expect(tidyNumberText(field('tankvolume'), '12.5')).toBe('12,5');
    expect(tidyNumberText(field('vehvalue'), 'abc')).toBe('abc');
  });

  it('ignores keystrokes that are not part of a number', () => {
    const [points] = CATALOGUES.wantedReasons.fields.filter((f) => f.name === 'points');
    const [job] = CATALOGUES.serverSkins.fields.filter((f) => f.name === 'job');
    const [tank] = CATALOGUES.vehicleTypes.fields.filter((f) => f.name === 'tankvolume');
    if (!points || !job || !tank) throw new Error('registry changed');
    expect(['', '0', '42', '1.500'].map((t) => numericInput(points, t))).toEqual(['', '0', '42', '1.500']);
    expect(['4a', '-1', '1,5', ' '].map((t) => numericInput(points, t))).toEqual([null, null, null, null]);
    expect(['-', '-1', '12'].map((t) => numericInput(job, t))).toEqual(['-', '-1', '12']);
    expect(['1,5', '1.25', '12,', '1.500,5'].map((t) => numericInput(tank, t))).toEqual([
      '1,5',
      '1.25',
      '12,',
      '1.500,5',
    ]);
    expect(['1,2,3', '1,5a'].map((t) => numericInput(tank, t))).toEqual([null, null]);
  });
});

describe('a catalogue screen with the write dialog', () => {
  const ROW = { id: 7, name: 'Erste Schritte', description: 'Melde dich an', exp: 10, money: 500 };
  const answer = vi.fn<Answer>();

  function renderScreen(write: (path: string, input: unknown) => Promise<unknown>, address = '/') {
    answer.mockImplementation((path, input) =>
      path === 'catalogue.achievements.list' ? Promise.resolve([ROW]) : write(path, input),
    );
    renderWithBff(
      <MemoryRouter initialEntries={[address]}>
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

  it('opens the row an audit log link names (?bearbeiten=7)', async () => {
    renderScreen((path) => Promise.reject(new Error(`unexpected call ${path}`)), '/?bearbeiten=7');
    const dialog = await findDialog('Achievement bearbeiten');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Erste Schritte');
  });

  it('turns the grid to the linked row, clearing a search that hides it', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({
      ...ROW,
      id: i + 1,
      name: `Eintrag ${String(i + 1).padStart(2, '0')}`,
    }));
    answer.mockImplementation((path) =>
      path === 'catalogue.achievements.list'
        ? Promise.resolve(rows)
        : Promise.reject(new Error(`unexpected call ${path}`)),
    );
    renderWithBff(
      <MemoryRouter initialEntries={['/?suche=Eintrag+0&sortierung=-name&bearbeiten=12']}>
        <CataloguePage catalogueKey="achievements" />
      </MemoryRouter>,
      answer,
    );
    const dialog = await findDialog('Achievement bearbeiten');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Eintrag 12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    // Sorted by name, descending: 45 … 26 on page 1, 25 … 6 on page 2; the search is gone.
    expect(await screen.findByRole('button', { name: 'Achievement 12 bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seite 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Achievement 5 bearbeiten' })).toBeNull();
  });

  it('sends the typed values, empty numbers as 0, and reports success', async () => {
    renderScreen((path, input) => Promise.resolve({ path, input }));
    await userEvent.click(await screen.findByRole('button', { name: 'Achievement hinzufügen' }));
    const dialog = await findDialog('Achievement hinzufügen');
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

  it('reads a pasted "1.500" as fifteen hundred and refuses "abc" under its field, sending nothing', async () => {
    renderScreen((path, input) => Promise.resolve({ path, input }));
    await userEvent.click(await screen.findByRole('button', { name: 'Achievement hinzufügen' }));
    const dialog = await findDialog('Achievement hinzufügen');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Sparer');
    const money = within(dialog).getByLabelText<HTMLInputElement>('Geld ($)');
    await userEvent.click(money);
    await userEvent.paste('abc');
    expect(
      await within(dialog).findByText('Bitte gib eine ganze Zahl ein, zum Beispiel 1.500.'),
    ).toBeTruthy();
    expect(money.value).toBe('abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(answer).not.toHaveBeenCalledWith('catalogue.achievements.create', expect.anything());
    await userEvent.clear(money);
    await userEvent.paste('1.500');
    await userEvent.type(within(dialog).getByLabelText('Erfahrung'), '2000');
    await userEvent.tab();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Erfahrung').value).toBe('2.000');
    expect(within(dialog).queryByText('Bitte gib eine ganze Zahl ein, zum Beispiel 1.500.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Achievement erfolgreich erstellt')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('catalogue.achievements.create', {
      values: { name: 'Sparer', description: '', exp: 2000, money: 1500 },
      idempotencyKey: UUID,
    });
  });

  it('saving what is stored already sends nothing and says so', async () => {
    renderScreen((path) => Promise.reject(new Error(`unexpected call ${path}`)));
    await userEvent.click(await screen.findByRole('button', { name: 'Achievement 7 bearbeiten' }));
    const dialog = await findDialog('Achievement bearbeiten');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.type(name, 'x');
    await userEvent.type(name, '{Backspace}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(
      await within(dialog).findByText('Keine Änderung: Der Eintrag ist bereits so gespeichert.'),
    ).toBeTruthy();
    expect(answer).not.toHaveBeenCalledWith('catalogue.achievements.update', expect.anything());
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
    const dialog = await findDialog('Achievement bearbeiten');
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
    const dialog = await findDialog('Achievement bearbeiten');
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
    await findDialog('Achievement bearbeiten');
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Achievement 7 bearbeiten' })),
    );
  });
});

describe('catalogue tables speak in names and German numbers', () => {
  const answer = vi.fn<Answer>();
  const VEHICLES = [
    {
      id: 411,
      trailer: 0,
      level: 12,
      tankvolume: 66.5,
      tankconsumption: 12.5,
      canelectric: 0,
      cangas: 0,
      tankclass: 0,
      vehvalue: 250000,
      vehtype: 0,
      trunkvolume: 10,
      enginestart: 1,
    },
    {
      id: 611,
      trailer: 1,
      level: 0,
      tankvolume: 0,
      tankconsumption: 0,
      canelectric: 0,
      cangas: 0,
      tankclass: 1,
      vehvalue: 900,
      vehtype: 5,
      trunkvolume: 0,
      enginestart: 0,
    },
  ];
  const SKIN = {
    id: 3,
    skinId: 171,
    gender: 1,
    job: -1,
    faction: 4,
    gang: -1,
    wearhat: 0,
    wearmask: 1,
    expire: 0,
    expiration: 10,
    description: 'Kellnerin',
    blocked: 0,
    category: 2,
    season: 0,
  };

  function renderManager(catalogueKey: 'vehicleTypes' | 'serverSkins' | 'wantedReasons', rows: unknown[]) {
    answer.mockImplementation((path) =>
      path === `catalogue.${catalogueKey}.list` ? Promise.resolve(rows) : Promise.reject(new Error(path)),
    );
    renderWithBff(
      <MemoryRouter>
        <CataloguePage catalogueKey={catalogueKey} />
      </MemoryRouter>,
      answer,
    );
  }
  const cellsOf = (text: string) =>
    within(screen.getByText(text).closest('tr') as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  beforeAll(() => catalogueDialog());
  beforeEach(() => {
    sessionStorage.clear();
    answer.mockReset();
  });

  it('names the vehicle model, its class and fuel, and writes decimals with a comma', async () => {
    renderManager('vehicleTypes', VEHICLES);
    await screen.findByText('Infernus');
    expect(cellsOf('Infernus')).toEqual([
      '411',
      'Infernus',
      'Nein',
      '12',
      '66,5',
      '12,5',
      'Nein',
      'Nein',
      'Benzin',
      '250.000',
      'Pkw',
      '10',
      '1',
      'Bearbeiten',
    ]);
    expect(cellsOf('Utility Trailer')).toContain('Anhänger');
    expect(cellsOf('Utility Trailer')).toContain('Diesel');
    await userEvent.type(screen.getByLabelText('Suchen'), 'trailer');
    await waitFor(() => expect(screen.queryByText('Infernus')).toBeNull());
    expect(screen.getByText('Utility Trailer')).toBeTruthy();
  });

  it('shows "–" for a skin without job or gang, and the skin as a picture beside its id', async () => {
    renderManager('serverSkins', [SKIN]);
    await screen.findByText('Kellnerin');
    const cells = cellsOf('Kellnerin');
    expect(cells.slice(0, 6)).toEqual(['3', '171', 'Weiblich', '–', 'Nr. 4', '–']);
    const picture = screen.getByText('Kellnerin').closest('tr')?.querySelector('img');
    expect(picture?.getAttribute('src')).toMatch(/skins\/171\.png$/);
  });

  it('shows a vehicle value as "12,5" in the form and reads a typed "." as the decimal point', async () => {
    renderManager('vehicleTypes', VEHICLES);
    await userEvent.click(await screen.findByRole('button', { name: 'Fahrzeugtyp 411 bearbeiten' }));
    const dialog = await findDialog('Fahrzeugtyp bearbeiten');
    const consumption = within(dialog).getByLabelText<HTMLInputElement>('Verbrauch');
    expect(consumption.value).toBe('12,5');
    await userEvent.clear(consumption);
    await userEvent.type(consumption, '9.75');
    await userEvent.tab();
    expect(consumption.value).toBe('9,75');
    await userEvent.type(consumption, 'x,');
    expect(consumption.value).toBe('9,75');
  });

  it('names the model in the vehicle editor and picks its codes by name, sending the number', async () => {
    renderManager('vehicleTypes', VEHICLES);
    await userEvent.click(await screen.findByRole('button', { name: 'Fahrzeugtyp 411 bearbeiten' }));
    const dialog = await findDialog('Fahrzeugtyp bearbeiten');
    expect(within(dialog).getByText('Infernus')).toBeTruthy();
    const kind = within(dialog).getByLabelText<HTMLSelectElement>('Fahrzeugart');
    expect(kind.selectedOptions[0]?.textContent).toBe('Pkw');
    expect([...kind.options].map((option) => option.textContent)).toContain('Ferngesteuert');
    expect(
      within(dialog).getByLabelText<HTMLSelectElement>('Tankklasse').selectedOptions[0]?.textContent,
    ).toBe('Benzin');
    expect(
      within(dialog).getByLabelText<HTMLSelectElement>('Gasantrieb').selectedOptions[0]?.textContent,
    ).toBe('Nein');
    answer.mockImplementation((path, input) =>
      path === 'catalogue.vehicleTypes.list'
        ? Promise.resolve(VEHICLES)
        : Promise.resolve({ ...VEHICLES[0], ...(input as { values: object }).values }),
    );
    await userEvent.selectOptions(kind, 'Motorrad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(answer.mock.calls.find(([path]) => path === 'catalogue.vehicleTypes.update')?.[1]).toMatchObject(
        {
          id: 411,
          values: { vehtype: 1, cangas: 0 },
        },
      ),
    );
  });

  it('offers a skin\'s faction as "Keine" or the numbers in use with their skins, and shows the skin', async () => {
    renderManager('serverSkins', [SKIN, { ...SKIN, id: 4, faction: 4, description: 'Barkeeperin' }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Skin hinzufügen' }));
    const dialog = await findDialog('Skin hinzufügen');
    const faction = within(dialog).getByLabelText<HTMLSelectElement>('Fraktion');
    expect([...faction.options].map((option) => option.textContent)).toEqual([
      'Keine',
      'Nr. 4 – Kellnerin, Barkeeperin',
      'Andere Nummer …',
    ]);
    expect(faction.selectedOptions[0]?.textContent).toBe('Keine');
    await userEvent.selectOptions(faction, 'Andere Nummer …');
    const other = within(dialog).getByLabelText<HTMLInputElement>('Fraktion: Nummer');
    await userEvent.clear(other);
    await userEvent.type(other, '7');
    expect(faction.selectedOptions[0]?.textContent).toBe('Andere Nummer …');
    await userEvent.type(within(dialog).getByLabelText('Skin-ID'), '171');
    expect(within(dialog).getByAltText('Vorschau von Skin 171').getAttribute('src')).toMatch(
      /skins\/171\.png$/,
    );
  });

  it('offers one option per value in a yes/no select', async () => {
    renderManager('wantedReasons', [{ id: 1, reason_name: 'Raub', points: 3, is_static: 0 }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Wantedgrund hinzufügen' }));
    const dialog = await findDialog('Wantedgrund hinzufügen');
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Statisch');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Nein', 'Ja']);
    expect(select.value).toBe('0');
  });
});
