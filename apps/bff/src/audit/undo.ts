/**
 * "Rückgängig machen" in the audit log (decision 063): a successful catalogue or sync-manager write
 * is taken back by writing the record's before-state through the same write spine as the editors
 * (audited.ts): audit-first intent, conditional on the row still being the record's after-state
 * (else CONFLICT with the current row), step-up for the delete that undoes a create and the create
 * that undoes a delete, recorded as `audit.undo` linking the original record.
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
import { audited, auditRefusal } from './audited';
import type { AuditRecord } from './log';

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

/** Takes back the change `recordId` recorded; answers the row as it is afterwards (null: deleted). */
export async function undo(
  ctx: UndoContext,
  input: { recordId: string; force?: true | undefined },
): Promise<{ row: Row | null }> {
  const audit = ctx.audit;
  if (!audit) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no audit log' });
  const record = await audit.get(input.recordId);
  if (!record) throw new TRPCError({ code: 'NOT_FOUND', message: 'Diesen Eintrag gibt es nicht.' });
  const refusal = notUndoable(record);
  const writes = writesOf(record.targetType);
  if (refusal || !writes || record.targetId === null)
    throw new TRPCError({ code: 'BAD_REQUEST', message: refusal ?? 'nicht rückgängig zu machen' });

  const original = record.action.split('.').at(-1) as Verb;
  const verb = VERB_OF_UNDO[original];
  const id = Number(record.targetId);
  const target = { type: record.targetType ?? '', id };
  // Deny by default: the undo needs the editor's own role for the write it makes.
  if (decide(procedureAccess(`${writes.procedures}.${verb}`), ctx.principal) !== 'allow') {
    await auditRefusal(ctx, UNDO_ACTION, 'forbidden', target);
    throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
  }
  // A delete (undoing a create) and a re-create (undoing a delete) need a recent sign-in, as a delete does.
  if (verb !== 'update') await requireStepUp(ctx, UNDO_ACTION, target);

  const values = verb === 'remove' ? null : writes.valuesOf(record.before);
  if (verb !== 'remove' && values === null)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Der frühere Stand dieses Eintrags ist nicht vollständig gespeichert.',
    });
  const call: AdminCall = { gameApi: ctx.gameApi, token: await ctx.accessToken() };
  // The row must still be what the original change left: its after-state (null after a delete).
  const expected = verb === 'create' ? null : ((record.after ?? null) as Row | null);
  const condition = { expected, force: input.force, read: () => writes.read(call, id) };

  const row = await audited(ctx, {
    action: UNDO_ACTION,
    target: verb === 'create' ? { type: target.type, id: null } : target,
    // The re-create compares the old id (it must still be gone): held like the target of an update.
    ...(verb === 'create' ? { locks: [target] } : {}),
    undoOf: record.id,
    sent: values,
    condition,
    run: async (): Promise<Row | null> => {
      if (verb === 'update') return (await writes.update(call, id, values)) ?? { id, ...(values as object) };
      if (verb === 'remove') {
        await writes.remove(call, id);
        return null;
      }
      return writes.create(call, values);
    },
    after: (result) => result ?? (verb === 'create' ? values : null),
    ...(verb === 'create' ? { targetId: (result: Row | null) => result?.id ?? null } : {}),
  });
  return { row };
}
