import type { ColumnDef } from '@tanstack/react-table';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { applyPatch, readGrid, useGridState, writeGrid } from './grid-state';

interface Row {
  id: number;
  name: string;
  level: number | null;
}

// 45 rows: "Zeile 1" … "Zeile 45", levels counting down from 45 with row 7 left empty.
const rows: Row[] = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: `Zeile ${index + 1}`,
  level: index === 6 ? null : 45 - index,
}));
const columns: ColumnDef<Row>[] = [
  { id: 'id', header: 'ID', accessorFn: (row) => row.id },
  { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  {
    id: 'level',
    header: 'Level',
    accessorFn: (row) => row.level,
    meta: { text: (row) => (row.level === null ? '' : `Stufe ${row.level}`) },
  },
];

function Screen({ onAction }: { onAction: (row: Row) => void }) {
  const grid = useGridState();
  const location = useLocation();
  return (
    <>
      <div data-testid="address">{location.search}</div>
      <DataTable
        caption="Test"
        data={rows}
        columns={columns}
        grid={grid}
        getRowId={(row) => String(row.id)}
        rowAction={{ text: 'Bearbeiten', label: (row) => `Zeile ${row.id} bearbeiten`, onAction }}
      />
    </>
  );
}

function renderTable(search = '') {
  const onAction = vi.fn();
  render(
    <MemoryRouter initialEntries={[`/liste${search}`]}>
      <Screen onAction={onAction} />
    </MemoryRouter>,
  );
  return { onAction };
}

const address = () => screen.getByTestId('address').textContent;
const bodyRows = () => {
  const body = screen.getAllByRole('rowgroup')[1];
  if (!body) throw new Error('no body');
  return within(body).getAllByRole('row');
};
const firstCells = () => bodyRows().map((row) => row.querySelector('td')?.textContent);

describe('DataTable', () => {
  it('shows 20 rows of the page in the address and numbered pages between Zurück and Weiter', async () => {
    renderTable('?seite=3');
    expect(bodyRows()).toHaveLength(5);
    expect(bodyRows()[0]?.textContent).toContain('Zeile 41');
    expect(screen.getByRole('button', { name: 'Seite 3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button', { name: /^Seite \d/ })).toHaveLength(3);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Weiter' }).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(address()).toBe('?seite=2');
    await userEvent.click(screen.getByRole('button', { name: 'Seite 1' }));
    expect(address()).toBe('');
    expect(firstCells()[0]).toBe('1');
  });

  it('shows the last page for an address past the end', () => {
    renderTable('?seite=9');
    expect(bodyRows()[0]?.textContent).toContain('Zeile 41');
  });

  it('sorts by a header click, ascending then descending then unsorted, with aria-sort and empty cells last', async () => {
    renderTable('?seite=2');
    const header = () => screen.getByRole('columnheader', { name: /Level/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    await userEvent.click(within(header()).getByRole('button'));
    expect(address()).toBe('?sortierung=level');
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    // Ascending levels 1, 2, … belong to rows 45, 44, …
    expect(firstCells().slice(0, 3)).toEqual(['45', '44', '43']);
    await userEvent.click(within(header()).getByRole('button'));
    expect(address()).toBe('?sortierung=-level');
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(firstCells().slice(0, 2)).toEqual(['1', '2']);
    await userEvent.click(screen.getByRole('button', { name: 'Seite 3' }));
    // Row 7 has no level: last in both directions.
    expect(firstCells().at(-1)).toBe('7');
    await userEvent.click(within(header()).getByRole('button'));
    expect(address()).toBe('');
    expect(header().getAttribute('aria-sort')).toBe('none');
  });

  it('comes to rest after sorting and searching: no render follows without a change', async () => {
    let commits = 0;
    render(
      <Profiler id="grid" onRender={() => commits++}>
        <MemoryRouter initialEntries={['/liste']}>
          <Screen onAction={vi.fn()} />
        </MemoryRouter>
      </Profiler>,
    );
    // Resting: no commit for 100 ms, within 50 tries. A render loop commits again within
    // milliseconds and never rests; a late but legitimate render (a loaded machine) only delays it.
    const rests = async () => {
      for (let tries = 0; tries < 50; tries++) {
        const before = commits;
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (commits === before) return true;
      }
      return false;
    };
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Level/ })).getByRole('button'));
    expect(await rests()).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Suchen' }), { target: { value: 'Zeile 1' } });
    expect(await rests()).toBe(true);
    // Still answering: the second click sorts descending.
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Level/ })).getByRole('button'));
    expect(address()).toBe('?suche=Zeile+1&sortierung=-level');
    expect(screen.getByRole('columnheader', { name: /Level/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts texts in natural German order, not by character codes', () => {
    renderTable('?sortierung=-name');
    expect(firstCells().slice(0, 3)).toEqual(['45', '44', '43']);
  });

  it('searches every column as it reads, from page 1, and keeps the search in the address', async () => {
    renderTable('?seite=2');
    await userEvent.type(screen.getByLabelText('Suchen'), 'stufe 40');
    expect(address()).toBe('?suche=stufe+40');
    expect(firstCells()).toEqual(['6']);
    expect(screen.getByRole('status').textContent).toBe('1 Treffer');
    await userEvent.clear(screen.getByLabelText('Suchen'));
    await userEvent.type(screen.getByLabelText('Suchen'), 'nichts');
    expect(screen.getByText('Keine Einträge gefunden.')).toBeTruthy();
  });

  it('reads a shared address with search, sort and page', () => {
    renderTable('?suche=zeile+1&sortierung=-id&seite=1');
    // "Zeile 1", "Zeile 10" … "Zeile 19": 11 rows, the highest id first.
    expect(firstCells()).toEqual(['19', '18', '17', '16', '15', '14', '13', '12', '11', '10', '1']);
  });

  it('changes the rows per page from page 1 and jumps to a typed page', async () => {
    renderTable('?seite=2');
    await userEvent.selectOptions(screen.getByLabelText('Pro Seite'), '10');
    expect(address()).toBe('?anzahl=10');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('von 5')).toBeTruthy();
    const jump = screen.getByLabelText('Zu Seite');
    await userEvent.clear(jump);
    await userEvent.type(jump, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Springen' }));
    expect(address()).toBe('?seite=4&anzahl=10');
    expect(firstCells()[0]).toBe('31');
    await userEvent.clear(jump);
    await userEvent.type(jump, '99{Enter}');
    expect(address()).toBe('?seite=5&anzahl=10');
    expect(document.activeElement).toBe(jump);
  });

  it('hides a column from "Spalten" and keeps it hidden in the address', async () => {
    renderTable();
    await userEvent.click(screen.getByText('Spalten'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Name' }));
    expect(address()).toBe('?ausgeblendet=name');
    expect(screen.queryByRole('columnheader', { name: /Name/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Level/ })).toBeTruthy();
  });

  it('opens a row by double-click and by its own button from the keyboard', async () => {
    const { onAction } = renderTable();
    fireEvent.doubleClick(screen.getByText('Zeile 2'));
    expect(onAction).toHaveBeenCalledWith(rows[1]);
    screen.getByRole('button', { name: 'Zeile 5 bearbeiten' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onAction).toHaveBeenLastCalledWith(rows[4]);
  });
});

describe('grid state in the address', () => {
  it('reads only valid values and falls back to the defaults', () => {
    expect(readGrid(new URLSearchParams('seite=0&anzahl=7&sortierung=-name&ausgeblendet=a,b'))).toEqual({
      page: 1,
      pageSize: 20,
      search: '',
      sort: { id: 'name', desc: true },
      hidden: ['a', 'b'],
      filters: {},
    });
  });

  it('keeps grids apart by their prefix and leaves other parameters alone', () => {
    const params = new URLSearchParams('tab=objects&gruppen-seite=2&objekte-plattform=discord');
    const state = readGrid(params, 'objekte-', ['plattform']);
    expect(state.filters).toEqual({ plattform: 'discord' });
    expect(state.page).toBe(1);
    const next = writeGrid(params, applyPatch(state, { page: 3 }), 'objekte-', ['plattform']);
    expect(next.toString()).toBe('tab=objects&gruppen-seite=2&objekte-seite=3&objekte-plattform=discord');
  });

  it('starts at page 1 after a new search, sort, size or filter, not after a page change', () => {
    const state = readGrid(new URLSearchParams('seite=4'));
    expect(applyPatch(state, { search: 'a' }).page).toBe(1);
    expect(applyPatch(state, { sort: null }).page).toBe(1);
    expect(applyPatch(state, { pageSize: 50 }).page).toBe(1);
    expect(applyPatch(state, { filters: {} }).page).toBe(1);
    expect(applyPatch(state, { hidden: ['x'] }).page).toBe(4);
  });
});
