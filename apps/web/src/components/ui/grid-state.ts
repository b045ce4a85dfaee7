/**
 * A data grid's state in the address (decision 061): page, rows per page, search, sort, hidden
 * columns and the screen's own filters are search parameters, so a reload, a shared link and the
 * browser's back button show the same rows. Several grids on one route keep apart by a prefix.
 */
import { LIMITS } from '@nova/domain';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface GridState {
  page: number;
  pageSize: number;
  search: string;
  /** One sorted column at a time; `null` keeps the list's own order. */
  sort: { id: string; desc: boolean } | null;
  hidden: string[];
  filters: Record<string, string>;
}

export interface Grid {
  state: GridState;
  /** Changes part of the state; a changed search, sort, size or filter starts at page 1. */
  update: (patch: Partial<GridState>) => void;
}

const NAMES = {
  page: 'seite',
  pageSize: 'anzahl',
  search: 'suche',
  sort: 'sortierung',
  hidden: 'ausgeblendet',
} as const;

function positive(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

export function readGrid(
  params: URLSearchParams,
  prefix = '',
  filterKeys: readonly string[] = [],
): GridState {
  const get = (name: string) => params.get(prefix + name);
  const size = positive(get(NAMES.pageSize));
  const sort = get(NAMES.sort);
  return {
    page: positive(get(NAMES.page)) ?? 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : LIMITS.pageSize,
    search: get(NAMES.search) ?? '',
    sort: sort ? { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') } : null,
    hidden: (get(NAMES.hidden) ?? '').split(',').filter(Boolean),
    filters: Object.fromEntries(
      filterKeys.flatMap((key) => {
        const value = get(key);
        return value ? [[key, value]] : [];
      }),
    ),
  };
}

/** The parameters with the grid's part replaced; defaults are left out to keep addresses short. */
export function writeGrid(
  params: URLSearchParams,
  state: GridState,
  prefix = '',
  filterKeys: readonly string[] = [],
): URLSearchParams {
  // Rewritten in one order, so equal states read as equal addresses.
  const next = new URLSearchParams(params);
  for (const name of [...Object.values(NAMES), ...filterKeys]) next.delete(prefix + name);
  const put = (name: string, value: string | null) => {
    if (value !== null && value !== '') next.set(prefix + name, value);
  };
  put(NAMES.page, state.page > 1 ? String(state.page) : null);
  put(NAMES.pageSize, state.pageSize !== LIMITS.pageSize ? String(state.pageSize) : null);
  put(NAMES.search, state.search);
  put(NAMES.sort, state.sort ? `${state.sort.desc ? '-' : ''}${state.sort.id}` : null);
  put(NAMES.hidden, state.hidden.join(','));
  for (const key of filterKeys) put(key, state.filters[key] ?? null);
  return next;
}

/** What a change does to the page: anything that reorders or refilters the rows starts over. */
export function applyPatch(state: GridState, patch: Partial<GridState>): GridState {
  const restart =
    patch.page === undefined &&
    (patch.search !== undefined ||
      patch.sort !== undefined ||
      patch.pageSize !== undefined ||
      patch.filters !== undefined);
  return { ...state, ...patch, ...(restart ? { page: 1 } : {}) };
}

export function useGridState(prefix = '', filterKeys: readonly string[] = []): Grid {
  const [params, setParams] = useSearchParams();
  const state = readGrid(params, prefix, filterKeys);
  return {
    state,
    update: (patch) =>
      setParams(
        (current) =>
          writeGrid(current, applyPatch(readGrid(current, prefix, filterKeys), patch), prefix, filterKeys),
        // A search's first letter is a step back undoes; the next ones replace it (one entry per
        // keystroke would bury the way back). Every other change is a step of its own.
        { replace: Object.keys(patch).length === 1 && patch.search !== undefined && state.search !== '' },
      ),
  };
}
