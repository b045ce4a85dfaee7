/**
 * The audit log's filter in the address (reload, sharing and browser back keep it): German parameter
 * names, kinds, areas and outcomes by their keys, times as the `datetime-local` fields show them.
 */
import { AUDIT_AREAS, AUDIT_KINDS, AUDIT_OUTCOMES, type AuditArea, type AuditKind } from '@nova/domain';

export interface AuditFilterValues {
  person: string;
  kind: AuditKind | '';
  area: AuditArea | '';
  target: string;
  outcome: keyof typeof AUDIT_OUTCOMES | '';
  from: string;
  to: string;
  /** One record by its number (an undo's links, decision 093); not a field of the form. */
  record: string;
}

export const EMPTY_FILTER: AuditFilterValues = {
  person: '',
  kind: '',
  area: '',
  target: '',
  outcome: '',
  from: '',
  to: '',
  record: '',
};

/** The address parameter of each field. */
export const FILTER_PARAMS: Readonly<Record<keyof AuditFilterValues, string>> = {
  person: 'person',
  kind: 'art',
  area: 'bereich',
  target: 'ziel',
  outcome: 'ergebnis',
  from: 'von',
  to: 'bis',
  record: 'eintrag',
};
export const PAGE_PARAM = 'seite';
/**
 * Where a page begins (decision 104): `nach` the page below a row, `vor` the page above it, by the
 * row's position (so "Weiter" and "Zurück" stay one quick step however deep, and a reload shows the
 * same rows while new ones arrive). A page number without a position still works.
 */
export const POSITION_PARAMS = { after: 'nach', before: 'vor' } as const;
export type PagePosition = { after: string } | { before: string } | null;
const POSITION = /^\d{1,19}\.\d{1,18}$/;

const oneOf = <K extends string>(keys: readonly K[], value: string | null): K | '' =>
  value !== null && (keys as readonly string[]).includes(value) ? (value as K) : '';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const time = (value: string | null) => (value !== null && LOCAL_TIME.test(value) ? value : '');
const text = (value: string | null) => (value ?? '').slice(0, 200);

/** The filter an address asks for; unknown values are left out. */
export function filterFromParams(params: URLSearchParams): AuditFilterValues {
  const get = (field: keyof AuditFilterValues) => params.get(FILTER_PARAMS[field]);
  return {
    person: text(get('person')),
    kind: oneOf(Object.keys(AUDIT_KINDS) as AuditKind[], get('kind')),
    area: oneOf(AUDIT_AREAS, get('area')),
    target: text(get('target')),
    outcome: oneOf(Object.keys(AUDIT_OUTCOMES) as (keyof typeof AUDIT_OUTCOMES)[], get('outcome')),
    from: time(get('from')),
    to: time(get('to')),
    record: /^\d{1,18}$/.test(get('record') ?? '') ? (get('record') ?? '') : '',
  };
}

export function pageFromParams(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10) || 1);
}

/** The position a page begins at, from the address (none on page 1). */
export function positionFromParams(params: URLSearchParams): PagePosition {
  if (pageFromParams(params) <= 1) return null;
  const after = params.get(POSITION_PARAMS.after);
  if (after !== null && POSITION.test(after)) return { after };
  const before = params.get(POSITION_PARAMS.before);
  if (before !== null && POSITION.test(before)) return { before };
  return null;
}

/** The address of a filter and page: empty fields and page 1 (with no position) are left out. */
export function paramsOf(
  filter: AuditFilterValues,
  page = 1,
  position: PagePosition = null,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of Object.keys(FILTER_PARAMS) as (keyof AuditFilterValues)[]) {
    const value = filter[field].trim();
    if (value) params.set(FILTER_PARAMS[field], value);
  }
  if (page > 1) {
    params.set(PAGE_PARAM, String(page));
    if (position && 'after' in position) params.set(POSITION_PARAMS.after, position.after);
    if (position && 'before' in position) params.set(POSITION_PARAMS.before, position.before);
  }
  return params;
}

/** `datetime-local` values are local time; the BFF takes ISO timestamps. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** What the BFF's list and export take (the same schema for both). */
export function bffFilterOf(filter: AuditFilterValues) {
  const from = toIso(filter.from);
  const to = toIso(filter.to);
  return {
    ...(filter.person.trim() ? { person: filter.person.trim() } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.area ? { area: filter.area } : {}),
    ...(filter.target.trim() ? { target: filter.target.trim() } : {}),
    ...(filter.outcome ? { outcome: filter.outcome } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(filter.record ? { record: filter.record } : {}),
  };
}

export type DatePreset = 'today' | 'yesterday' | 'week';

export const DATE_PRESETS: Readonly<Record<DatePreset, string>> = {
  today: 'Heute',
  yesterday: 'Gestern',
  week: '7 Tage',
};

/** A local time as the `datetime-local` fields show it ("2026-11-28T00:00"). */
function localText(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * "Von" and "Bis" of a preset, in local time: today from midnight on; yesterday from its midnight to
 * its last second; the last 7 days from the midnight six days ago (today counts as one).
 */
export function presetRange(preset: DatePreset, now = new Date()): { from: string; to: string } {
  const midnight = (daysAgo: number) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, 0, 0);
  if (preset === 'today') return { from: localText(midnight(0)), to: '' };
  if (preset === 'yesterday') {
    const from = localText(midnight(1));
    return { from, to: `${from.slice(0, 11)}23:59:59` };
  }
  return { from: localText(midnight(6)), to: '' };
}
