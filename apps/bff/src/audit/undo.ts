/**
 * "Rückgängig machen" in the audit log (decision 063): a successful catalogue or sync-manager write
 * is taken back by writing the record's before-state through the same write spine as the editors
 * (audited.ts): audit-first intent, conditional on the row still being the record's after-state
 * (else CONFLICT with the current row), step-up for the delete that undoes a create and the create
 * that undoes a delete, recorded as `audit.undo` linking the original record.
 *
 * A change set (decision 105): a sync group's save that took objects from other groups wrote one
 * record per group in one request. Undoing any of them undoes the whole set in one step, under the
 * locks of every group, each compared with what the set left; one undo record per group.
 */
import {
  CatalogueId,
  SyncGroup,
  SyncGroupForm,
  SyncObject,
  SyncObjectForm,
  catalogues,
  gameApiPaths as paths,
} from '@nova/contracts';
import {
  CATALOGUES,
  CATALOGUE_KEYS,
  ERROR_MESSAGES,
  decide,
  editableFields,
  procedureAccess,
  type CatalogueKey,
} from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { requireStepUp, type StepUpContext } from '../auth/step-up';
import type { GameApiClient } from '../game-api/client';
import { goneAsNull } from '../game-api/errors';
import { syncGroups, syncObjects, type AdminCall } from '../sync/sync-manager';
import { audited, auditRefusal, type RelatedChange } from './audited';
import type { AuditLog, AuditRecord } from './log';

export const UNDO_ACTION = 'audit.undo';

type Row = { id: number } & Record<string, unknown>;

/** The writes of one kind of target, with the caller's token. */
interface TargetWrites {
  /** The procedures of the editor (`catalogue.serverRadios`), whose roles the undo needs too. */
  procedures: string;
  read(call: AdminCall, id: number): Promise<Row | null>;
  create(call: AdminCall, values: unknown): Promise<Row | null>;
  update(call: AdminCall, id: number, values: unknown): Promise<Row | null>;
  remove(call: AdminCall, id: number): Promise<unknown>;
  /** The values to write from a stored state; null when the state cannot be written as it is. */
  valuesOf(state: unknown): unknown;
}

const writeAnswer = z.unknown().optional();

function catalogueWrites(key: CatalogueKey): TargetWrites {
  const contract = catalogues[key];
  const fields = editableFields(CATALOGUES[key]).map((field) => field.name);
  const asRow = (value: unknown) => (value ?? null) as Row | null;
  return {
    procedures: `catalogue.${key}`,
    read: async ({ gameApi, token }, id) =>
      asRow(await goneAsNull(gameApi.get(paths.catalogueItem(key, id), contract.item, { token }))),
    create: async ({ gameApi, token }, values) =>
      asRow(await gameApi.send('POST', paths.catalogue(key), writeAnswer, values, { token })),
    update: async ({ gameApi, token }, id, values) =>
      asRow(await gameApi.send('PUT', paths.catalogueItem(key, id), writeAnswer, values, { token })),
    remove: ({ gameApi, token }, id) =>
      gameApi.send('DELETE', paths.catalogueItem(key, id), z.unknown(), undefined, { token }),
    valuesOf: (state) => {
      const row = (state ?? {}) as Record<string, unknown>;
      const picked = Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
      const parsed = contract.input.safeParse(picked);
      return parsed.success ? parsed.data : null;
    },
  };
}

function syncWrites(
  procedures: string,
  calls: typeof syncObjects | typeof syncGroups,
  row: z.ZodType,
  form: z.ZodType,
): TargetWrites {
  const asRow = (value: unknown) => (value === null ? null : (row.parse(value) as Row));
  return {
    procedures,
    read: async (call, id) => asRow(await calls.read(call, id)),
    create: async (call, values) => asRow(await calls.create(call, values as never)),
    update: async (call, id, values) => asRow(await calls.update(call, id, values as never)),
    remove: (call, id) => calls.remove(call, id),
    valuesOf: (state) => {
      const parsed = form.safeParse(state);
      return parsed.success ? parsed.data : null;
    },
  };
}

function writesOf(targetType: string | null): TargetWrites | null {
  const key = targetType?.startsWith('catalogue.') ? targetType.slice('catalogue.'.length) : null;
  if (key !== null && (CATALOGUE_KEYS as string[]).includes(key)) return catalogueWrites(key as CatalogueKey);
  if (targetType === 'sync.object')
    return syncWrites('syncManager.objects', syncObjects, SyncObject, SyncObjectForm);
  if (targetType === 'sync.group')
    return syncWrites('syncManager.groups', syncGroups, SyncGroup, SyncGroupForm);
  return null;
}

type Verb = 'create' | 'update' | 'remove';
const VERB_OF_UNDO: Record<Verb, Verb> = { create: 'remove', update: 'update', remove: 'create' };

/** Why a record cannot be undone, in German; null when it can. */
export function notUndoable(record: AuditRecord): string | null {
  if (record.undoneBy !== null) return 'Diese Änderung wurde bereits rückgängig gemacht.';
  if (record.outcome !== 'success') return 'Nur erfolgreiche Änderungen können rückgängig gemacht werden.';
  const verb = record.action.split('.').at(-1);
  if (!writesOf(record.targetType) || !['create', 'update', 'remove'].includes(verb ?? ''))
    return 'Diese Aktion kann nicht rückgängig gemacht werden.';
  if (record.targetId === null || !CatalogueId.safeParse(Number(record.targetId)).success)
    return 'Dieser Eintrag kann nicht rückgängig gemacht werden.';
  return null;
}

/** What an undo needs of the procedure's context (trpc/context.ts). */
interface UndoContext extends StepUpContext {
  gameApi: GameApiClient;
  /** The caller's access token for the game API. */
  accessToken: () => Promise<string>;
}

/** One record's undo: which write, on which row, with which values. */
interface Step {
  record: AuditRecord;
  writes: TargetWrites;
  /** The write that takes the record back. */
  verb: Verb;
  id: number;
  target: { type: string; id: number };
}

function stepOf(record: AuditRecord): Step {
  const refusal = notUndoable(record);
  const writes = writesOf(record.targetType);
  if (refusal || !writes || record.targetId === null)
    throw new TRPCError({ code: 'BAD_REQUEST', message: refusal ?? 'nicht rückgängig zu machen' });
  const original = record.action.split('.').at(-1) as Verb;
  const id = Number(record.targetId);
  return { record, writes, verb: VERB_OF_UNDO[original], id, target: { type: record.targetType ?? '', id } };
}

/** The ids of a sync group state's objects. */
function objectIds(state: unknown): Set<number> {
  const objects = (state as { syncObjects?: unknown } | null)?.syncObjects;
  if (!Array.isArray(objects)) return new Set();
  return new Set(
    objects.flatMap((object) => {
      const id = (object as { id?: unknown } | null)?.id;
      return typeof id === 'number' ? [id] : [];
    }),
  );
}

/** Whether one record's group took an object the other's gave up (one move, two records). */
function moved(a: AuditRecord, b: AuditRecord): boolean {
  const gained = (r: AuditRecord) => [...objectIds(r.after)].filter((id) => !objectIds(r.before).has(id));
  const lost = (r: AuditRecord) => [...objectIds(r.before)].filter((id) => !objectIds(r.after).has(id));
  return gained(a).some((id) => lost(b).includes(id)) || gained(b).some((id) => lost(a).includes(id));
}

const GROUP_WRITES = ['syncManager.groups.create', 'syncManager.groups.update'];

/**
 * The other records of `record`'s change set (decision 105): the successful group saves of the same
 * request linked to it by moved objects, directly or through another. `together`: undone with it;
 * `stays`: taken back already (or not to be taken back), so they stay as they are.
 */
export async function changeSetOf(
  audit: Pick<AuditLog, 'ofRequest'>,
  record: AuditRecord,
): Promise<{ together: AuditRecord[]; stays: AuditRecord[] }> {
  if (record.targetType !== 'sync.group' || !GROUP_WRITES.includes(record.action))
    return { together: [], stays: [] };
  const candidates = (await audit.ofRequest(record, 'sync.group')).filter(
    (other) => other.id !== record.id && other.outcome === 'success' && GROUP_WRITES.includes(other.action),
  );
  const set = [record];
  for (let grew = true; grew;) {
    grew = false;
    for (const other of candidates) {
      if (!set.includes(other) && set.some((member) => moved(member, other))) {
        set.push(other);
        grew = true;
      }
    }
  }
  const others = set.slice(1);
  return {
    together: others.filter((other) => notUndoable(other) === null),
    stays: others.filter((other) => notUndoable(other) !== null),
  };
}

/** What an undo will do, for its confirmation (decision 105). */
export async function undoPlan(
  ctx: Pick<UndoContext, 'audit'>,
  recordId: string,
): Promise<{ verb: Verb; together: AuditRecord[]; stays: AuditRecord[] }> {
  const audit = ctx.audit;
  if (!audit) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no audit log' });
  const record = await audit.get(recordId);
  if (!record) throw new TRPCError({ code: 'NOT_FOUND', message: 'Diesen Eintrag gibt es nicht.' });
  const step = stepOf(record);
  return { verb: step.verb, ...(await changeSetOf(audit, record)) };
}

/**
 * Takes back the change `recordId` recorded, with the rest of its change set; answers the row as it
 * is afterwards (null: deleted), the new number of a re-created row, and the records taken back
 * together with it.
 */
export async function undo(
  ctx: UndoContext,
  input: { recordId: string; force?: true | undefined },
): Promise<{ row: Row | null; recreatedAs: number | null; together: string[] }> {
  const audit = ctx.audit;
  if (!audit) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no audit log' });
  const record = await audit.get(input.recordId);
  if (!record) throw new TRPCError({ code: 'NOT_FOUND', message: 'Diesen Eintrag gibt es nicht.' });
  const main = stepOf(record);
  // A re-created row cannot be one of several (its new number is the answer); sets never hold one.
  const others = (await changeSetOf(audit, record)).together
    .map(stepOf)
    .filter((step) => step.verb !== 'create');
  const steps = [main, ...others];

  // Deny by default: the undo needs the editor's own role for every write it makes.
  for (const step of steps) {
    if (decide(procedureAccess(`${step.writes.procedures}.${step.verb}`), ctx.principal) !== 'allow') {
      await auditRefusal(ctx, UNDO_ACTION, 'forbidden', main.target);
      throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
    }
  }
  // A delete (undoing a create) and a re-create (undoing a delete) need a recent sign-in, as a delete does.
  if (steps.some((step) => step.verb !== 'update')) await requireStepUp(ctx, UNDO_ACTION, main.target);

  const valuesOf = (step: Step) => {
    if (step.verb === 'remove') return null;
    const values = step.writes.valuesOf(step.record.before);
    if (values === null)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'Der frühere Stand dieses Eintrags ist nicht vollständig gespeichert.',
      });
    return values;
  };
  const mainValues = valuesOf(main);
  const call: AdminCall = { gameApi: ctx.gameApi, token: await ctx.accessToken() };
  // The row must still be what the original change left: its after-state (null after a delete).
  const conditionOf = (step: Step) => ({
    expected: step.verb === 'create' ? null : ((step.record.after ?? null) as Row | null),
    force: input.force,
    read: () => step.writes.read(call, step.id),
  });
  const runOf = (step: Step, values: unknown) => async (): Promise<Row | null> => {
    if (step.verb === 'update')
      return (await step.writes.update(call, step.id, values)) ?? { id: step.id, ...(values as object) };
    if (step.verb === 'remove') {
      await step.writes.remove(call, step.id);
      return null;
    }
    return step.writes.create(call, values);
  };
  const related: RelatedChange[] = others.map((step) => {
    const values = valuesOf(step);
    return {
      action: UNDO_ACTION,
      target: step.target,
      before: null,
      after: step.verb === 'remove' ? null : { id: step.id, ...(values as object) },
      detail: `with ${record.id}`,
      undoOf: step.record.id,
      condition: conditionOf(step),
      run: runOf(step, values),
      afterOf: (result) => result ?? (step.verb === 'remove' ? null : { id: step.id, ...(values as object) }),
    };
  });

  const recreates = main.verb === 'create';
  const row = await audited(ctx, {
    action: UNDO_ACTION,
    target: recreates ? { type: main.target.type, id: null } : main.target,
    // The re-create compares the old id (it must still be gone): held like the target of an update.
    ...(recreates ? { locks: [main.target] } : {}),
    undoOf: record.id,
    sent: mainValues,
    condition: conditionOf(main),
    related,
    run: runOf(main, mainValues),
    after: (result) => result ?? (recreates ? mainValues : null),
    ...(recreates ? { targetId: (result: Row | null) => result?.id ?? null } : {}),
  });
  return {
    row,
    recreatedAs: recreates && row && Number.isSafeInteger(row.id) ? row.id : null,
    together: others.map((step) => step.record.id),
  };
}
