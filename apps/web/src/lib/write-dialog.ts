/**
 * The screen's half of the one write-dialog hook (decision 045): which dialog is open, for which row,
 * with which idempotency key, and where the focus goes when it closes. The other half, the form with
 * its save, delete, field errors, step-up, conflict and outcome handling, is the dialog's chunk
 * (components/write-dialog); it stays out of the screen's code so a table shows without
 * react-hook-form and the dialog library (decision 042).
 *
 * A dialog left for a sign-in (a 401 while saving, or the re-authentication a delete asked for) is
 * kept as a draft of `scope` (form-draft.ts) with the row as it was loaded, and opens again on return.
 */
import { useCallback, useRef, useState } from 'react';
import { hasDraft, useRestoredDraft } from './form-draft';

export type WriteIntent = 'save' | 'remove';

/**
 * The write spine's calls (createInputOf / updateInputOf / removeInputOf of @nova/contracts): `Row`
 * as the list gives it, `Values` what a create or update sends.
 */
export interface WriteCalls<Row, Values = unknown> {
  create: (input: { values: Values; idempotencyKey: string }) => Promise<unknown>;
  update: (input: { id: number; values: Values; expected: Row; force?: true }) => Promise<unknown>;
  remove: (input: { id: number; expected: Row; force?: true }) => Promise<unknown>;
}

/**
 * A tRPC router's create/update/remove (its vanilla client: `trpc.useUtils().client…`) as the
 * dialog's calls, with the procedures' own input types.
 */
export function writeCallsOf<Row, Values>(procedures: {
  create: { mutate: WriteCalls<Row, Values>['create'] };
  update: { mutate: WriteCalls<Row, Values>['update'] };
  remove: { mutate: WriteCalls<Row, Values>['remove'] };
}): WriteCalls<Row, Values> {
  return {
    create: (input) => procedures.create.mutate(input),
    update: (input) => procedures.update.mutate(input),
    remove: (input) => procedures.remove.mutate(input),
  };
}

/** What a dialog keeps across a trip through the sign-in. Never secrets: rows and form values. */
export interface WriteDraft<Row, V> {
  /** The row as it was loaded when the dialog opened (the `expected` of the write); null: new. */
  row: Row | null;
  values: V;
  intent: WriteIntent;
  idempotencyKey: string;
}

export interface OpenWriteDialog<Row, V> {
  row: Row | null;
  /** Made when the dialog opens: a double click or a retry sends the same key (creates only). */
  idempotencyKey: string;
  /** Back from the sign-in: what the form held then, and what was under way. */
  restored?: { values: V; intent: WriteIntent };
  /** A new number per opening, so the form starts afresh. */
  serial: number;
}

export interface WriteDialogState<Row, V> {
  scope: string;
  open: OpenWriteDialog<Row, V> | null;
  openCreate: () => void;
  /** `opener`: the element to give the focus back to, when it is not the focused one (double click). */
  openEdit: (row: Row, opener?: Element | null) => void;
  close: () => void;
  /** Where the focus goes after the dialog closed, however it closed (Escape, ✕, save, delete). */
  returnFocus: () => void;
  /** Marks the button that opens the create dialog, so the focus finds it again after a reload. */
  createOpenerProps: { 'data-write-opener': string };
}

let serials = 0;

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function draftGuard<Row, V>(isValues: (values: unknown) => values is V) {
  return (state: unknown): state is WriteDraft<Row, V> => {
    if (!isObject(state)) return false;
    const { row, values, intent, idempotencyKey } = state;
    const rowOk = row === null ? intent === 'save' : isObject(row) && Number.isInteger(row.id);
    return (
      rowOk &&
      (intent === 'save' || intent === 'remove') &&
      typeof idempotencyKey === 'string' &&
      isValues(values)
    );
  };
}

/** Whether a dialog of `scope` waits to be opened again on this page (a screen choosing its tab). */
export function hasWriteDraft(scope: string): boolean {
  return hasDraft(scope);
}

function focusable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && element !== document.body;
}

/** The page's main heading, focusable for this purpose: where the focus goes when the opener is gone. */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

export function useWriteDialog<Row extends { id: number }, V>(
  scope: string,
  isValues: (values: unknown) => values is V,
): WriteDialogState<Row, V> {
  const draft = useRestoredDraft(scope, draftGuard<Row, V>(isValues));
  const [open, setOpen] = useState<OpenWriteDialog<Row, V> | null>(() =>
    draft
      ? {
          row: draft.row,
          idempotencyKey: draft.idempotencyKey,
          restored: { values: draft.values, intent: draft.intent },
          serial: ++serials,
        }
      : null,
  );
  const opener = useRef<{ element: HTMLElement | null; rowId: number | null }>({
    element: null,
    rowId: draft?.row?.id ?? null,
  });

  const remember = (rowId: number | null, element?: Element | null) => {
    const active = document.activeElement;
    opener.current = {
      element: focusable(element) ? element : focusable(active) ? active : null,
      rowId,
    };
  };

  const openCreate = () => {
    remember(null);
    setOpen({ row: null, idempotencyKey: newIdempotencyKey(), serial: ++serials });
  };
  const openEdit = (row: Row, element?: Element | null) => {
    remember(row.id, element);
    setOpen({ row, idempotencyKey: newIdempotencyKey(), serial: ++serials });
  };
  const close = useCallback(() => setOpen(null), []);

  const returnFocus = useCallback(() => {
    const { element, rowId } = opener.current;
    // The opener as it was, else its successor after the list reloaded (the row's own button, the
    // create button), else the page's heading (the row was deleted).
    const target = focusable(element)
      ? element
      : rowId !== null
        ? document.querySelector<HTMLElement>(`tr[data-row-id="${rowId}"] button`)
        : document.querySelector<HTMLElement>(`[data-write-opener="${scope}"]`);
    (focusable(target) ? target : pageHeading())?.focus();
  }, [scope]);

  return {
    scope,
    open,
    openCreate,
    openEdit,
    close,
    returnFocus,
    createOpenerProps: { 'data-write-opener': scope },
  };
}
