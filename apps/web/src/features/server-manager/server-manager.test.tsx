import { CATALOGUES } from '@nova/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../components/ui/data-table';
import { CatalogueForm } from './catalogue-form';
import { emptyValues, isNumericText, payloadOf, valuesOf } from './form-values';
import { hubCards } from './hub-page';

const api = vi.hoisted(() => ({
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
}));
vi.mock('./catalogue-api', () => ({
  useCatalogueApi: () => ({
    create: { useMutation: () => ({ mutateAsync: api.create, isPending: false }) },
    update: { useMutation: () => ({ mutateAsync: api.update, isPending: false }) },
    remove: { useMutation: () => ({ mutateAsync: api.remove, isPending: false }) },
  }),
}));

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

describe('DataTable', () => {
  const rows = Array.from({ length: 45 }, (_, index) => ({ id: index + 1, name: `Zeile ${index + 1}` }));
  const columns: ColumnDef<(typeof rows)[number]>[] = [
    { id: 'id', header: 'ID', accessorFn: (row) => row.id },
    { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  ];

  function renderTable(page: number) {
    const onPageChange = vi.fn();
    const onAction = vi.fn();
    render(
      <DataTable
        caption="Test"
        data={rows}
        columns={columns}
        page={page}
        onPageChange={onPageChange}
        getRowId={(row) => String(row.id)}
        rowAction={{ text: 'Bearbeiten', label: (row) => `Zeile ${row.id} bearbeiten`, onAction }}
      />,
    );
    return { onPageChange, onAction };
  }

  it('shows 20 rows of the current page and numbered pages between Zurück and Weiter', async () => {
    const { onPageChange } = renderTable(3);
    const body = screen.getAllByRole('rowgroup')[1];
    if (!body) throw new Error('no body');
    expect(within(body).getAllByRole('row')).toHaveLength(5);
    expect(within(body).getAllByRole('row')[0]?.textContent).toContain('Zeile 41');
    expect(screen.getByRole('button', { name: 'Seite 3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button', { name: /^Seite/ })).toHaveLength(3);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Weiter' }).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Seite 1' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('opens a row by double-click and by its own button from the keyboard', async () => {
    const { onAction } = renderTable(1);
    fireEvent.doubleClick(screen.getByText('Zeile 2'));
    expect(onAction).toHaveBeenCalledWith(rows[1]);
    screen.getByRole('button', { name: 'Zeile 5 bearbeiten' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onAction).toHaveBeenLastCalledWith(rows[4]);
  });
});

describe('CatalogueForm', () => {
  function renderForm(kind: 'create' | 'edit') {
    const onDone = vi.fn();
    const row = { id: 7, name: 'Erste Schritte', description: 'Melde dich an', exp: 10, money: 500 };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CatalogueForm
          catalogueKey="achievements"
          catalogue={CATALOGUES.achievements}
          mode={kind === 'create' ? { kind } : { kind, row }}
          initialValues={
            kind === 'create' ? emptyValues(CATALOGUES.achievements) : valuesOf(CATALOGUES.achievements, row)
          }
          onDone={onDone}
        />
      </QueryClientProvider>,
    );
    return onDone;
  }

  it('sends the typed values, empty numbers as 0, and reports success', async () => {
    api.create.mockResolvedValueOnce(null);
    const onDone = renderForm('create');
    expect(screen.queryByLabelText('ID')).toBeNull();
    await userEvent.type(screen.getByLabelText('Name'), 'Angler');
    await userEvent.type(screen.getByLabelText('Erfahrung'), '2x5');
    await userEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(api.create).toHaveBeenCalledWith({
      values: { name: 'Angler', description: '', exp: 25, money: 0 },
    });
    expect(onDone).toHaveBeenCalledWith('created');
  });

  it('puts server field errors under their fields and keeps the input', async () => {
    api.update.mockRejectedValueOnce({
      data: {
        code: 'BAD_REQUEST',
        fieldErrors: { name: 'Dieser Wert ist bereits vergeben', id: 'Falsche ID' },
      },
    });
    const onDone = renderForm('edit');
    expect(screen.getByLabelText<HTMLInputElement>('ID').readOnly).toBe(true);
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Schon da');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(api.update).toHaveBeenCalledWith({
      id: 7,
      values: { name: 'Schon da', description: 'Melde dich an', exp: 10, money: 500 },
    });
    expect(await screen.findByText('Dieser Wert ist bereits vergeben')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe('Schon da');
    expect(screen.getByRole('alert').textContent).toBe(
      'Achievement konnte nicht aktualisiert werden: Falsche ID',
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks before deleting and reports the deletion', async () => {
    api.remove.mockResolvedValueOnce({ id: 7 });
    const onDone = renderForm('edit');
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    expect(api.remove).toHaveBeenCalledWith({ id: 7 });
    expect(onDone).toHaveBeenCalledWith('removed');
  });
});
