/**
 * The audit log viewer's procedure (role web:admin, policy table): one filtered page, newest first.
 * The CSV export is a streamed download (plugins/audit-export.ts).
 */
import { TRPCError } from '@trpc/server';
import {
  AUDIT_AREAS,
  AUDIT_KINDS,
  ERROR_MESSAGES,
  auditHistoryAccess,
  decide,
  type AuditKind,
} from '@nova/domain';
import { z } from 'zod';
import { auditRefusal } from '../audit/audited';
import { isAuditCursor, type AuditFilter, type AuditLog } from '../audit/log';
import { undo, undoPlan } from '../audit/undo';
import type { Database } from '../db/database';
import type { Principal } from '../kinds/principal';
import { HoldRefused, holdsOfRecord, releaseHold, setHold } from '../privacy/legal-holds';
import { authedProcedure, router } from '../trpc/init';

const PAGE_SIZES = [25, 50, 100] as const;

const text = z.string().trim().max(200).optional();
/** A position in the list (decision 104): `<epoch microseconds>.<id>` of a shown row. */
const Cursor = z.string().max(40).refine(isAuditCursor, 'Ungültige Position.').optional();
/** `pending`: the action is running (or ended with the process); `unknown`: its answer never came. */
const OUTCOMES = ['success', 'refused', 'failed', 'pending', 'unknown'] as const;
const KINDS = Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]];
export const Filter = z.strictObject({
  person: text,
  action: text,
  kind: z.enum(KINDS).optional(),
  area: z.enum(AUDIT_AREAS as [(typeof AUDIT_AREAS)[number], ...(typeof AUDIT_AREAS)[number][]]).optional(),
  target: text,
  /** The records about one player (their page's "Verlauf"), by the game API's user id. */
  aboutUser: z.string().trim().min(1).max(64).optional(),
  outcome: z.enum(OUTCOMES).optional(),
  /** One record by its number (an undo's links, decision 093). */
  record: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  from: z.iso.datetime({ offset: true, error: 'Bitte gib einen gültigen Zeitpunkt an.' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'Bitte gib einen gültigen Zeitpunkt an.' }).optional(),
});

/** One record as the viewer gets it (also the live audit log's entries, decision 106). */
export const AuditRecord = z.object({
  id: z.string(),
  at: z.string(),
  /** The acting person (decision 099): subject, login and in-game name while they are known. */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorDisplayName: z.string().nullable(),
  actorPerson: z.string().nullable(),
  /** Forgotten (decision 100): the record names only the person's number. */
  actorErased: z.boolean(),
  targetPerson: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.enum(OUTCOMES),
  status: z.number().nullable(),
  detail: z.string().nullable(),
  requestId: z.string().nullable(),
  clientIp: z.string().nullable(),
  callKind: z.enum(['session', 'person-token', 'machine']).nullable(),
  clientId: z.string().nullable(),
  sent: z.unknown(),
  forced: z.boolean(),
  /** The record an undo takes back, and the undo that took this one back (decision 063). */
  undoOf: z.string().nullable(),
  undoneBy: z.string().nullable(),
  /** A refusal's target named from the target's other records (decision 093). */
  targetName: z.string().nullable().optional(),
});

/** How many of a row's records its editor's "Verlauf" shows (the audit log has them all). */
const HISTORY_SIZE = 50;

const RecordId = z.string().regex(/^\d{1,18}$/);

export function toFilter(input: z.infer<typeof Filter>): AuditFilter {
  return {
    person: input.person || undefined,
    action: input.action || undefined,
    kind: input.kind,
    area: input.area,
    target: input.target || undefined,
    about: input.aboutUser ? { type: 'user', id: input.aboutUser } : undefined,
    outcome: input.outcome,
    record: input.record,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
  };
}

function auditOf(ctx: { audit?: AuditLog | undefined }) {
  if (!ctx.audit) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no audit log' });
  return ctx.audit;
}

async function dbOf(ctx: { database?: Database | undefined }) {
  if (!ctx.database) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no database' });
  return ctx.database.open();
}

/** A hold's reason: why the record is needed (decision 100). */
const Reason = z
  .string()
  .trim()
  .min(3, 'Bitte gib einen Grund an (mindestens 3 Zeichen).')
  .max(500, 'Höchstens 500 Zeichen.');
const Hold = z.object({
  id: z.string(),
  person: z.string(),
  recordId: z.string().nullable(),
  reason: z.string(),
  setAt: z.string(),
  setBy: z.string().nullable(),
});

/** The acting admin as the audit log names an actor, and the request. */
function holdActor(ctx: {
  principal?: Principal | null | undefined;
  request?: { id: string; clientIp: string | null } | undefined;
}) {
  const principal = ctx.principal;
  if (!principal) throw new TRPCError({ code: 'UNAUTHORIZED' });
  return {
    by: { id: principal.userId, name: principal.username, displayName: principal.displayName },
    requestId: ctx.request?.id ?? null,
    clientIp: ctx.request?.clientIp ?? null,
  };
}

function refused(error: unknown): never {
  if (error instanceof HoldRefused) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
  throw error;
}

export const auditRouter = router({
  list: authedProcedure
    .input(
      Filter.extend({
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z
          .number()
          .int()
          .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Ungültige Seitengröße.')
          .default(25),
        /** The page below this row (the next one), or above it (the previous one), decision 104. */
        after: Cursor,
        before: Cursor,
      }),
    )
    .output(
      z.object({
        rows: z.array(AuditRecord),
        /** Exact up to 1,000; past it 1,000 with `more`. */
        total: z.number(),
        more: z.boolean(),
        page: z.number(),
        pageSize: z.number(),
        /** The positions of the first and last row shown, and whether a page follows. */
        first: z.string().nullable(),
        last: z.string().nullable(),
        hasNext: z.boolean(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { page, pageSize, after, before, ...filter } = input;
      const found = await auditOf(ctx).list(toFilter(filter), {
        ...(after ? { after } : before ? { before } : { offset: (page - 1) * pageSize }),
        limit: pageSize,
      });
      return { ...found, page, pageSize };
    }),

  /**
   * "Rückgängig machen" (decision 063): the record's before-state written back through the write
   * spine, conditional on the row still being its after-state; `force` after a conflict.
   */
  undo: authedProcedure
    .input(z.strictObject({ recordId: RecordId, force: z.literal(true).optional() }))
    .output(
      z.object({
        row: z.record(z.string(), z.unknown()).nullable(),
        /** The new number of a row a deleted one was created again as (decision 105). */
        recreatedAs: z.number().nullable(),
        /** The other records of its change set, taken back in the same step. */
        together: z.array(z.string()),
      }),
    )
    .mutation(({ ctx, input }) => undo(ctx, input)),

  /**
   * What "Rückgängig machen" will do, for its question (decision 105): the write it makes, and the
   * other records of the change set it takes back together or leaves as they are.
   */
  undoPlan: authedProcedure
    .input(z.strictObject({ recordId: RecordId }))
    .output(
      z.object({
        verb: z.enum(['create', 'update', 'remove']),
        together: z.array(AuditRecord),
        stays: z.array(AuditRecord),
      }),
    )
    .query(({ ctx, input }) => undoPlan(ctx, input.recordId)),

  /**
   * An editor's "Verlauf" (decision 105): the newest records of one row, for those who may read the
   * audit log and edit that kind of row (auditHistoryAccess; any other target type is refused).
   */
  history: authedProcedure
    .input(
      z.strictObject({
        targetType: z.string().min(1).max(64),
        targetId: z.string().regex(/^\d{1,18}$/),
      }),
    )
    .output(z.object({ rows: z.array(AuditRecord), total: z.number() }))
    .query(async ({ ctx, input }) => {
      const target = { type: input.targetType, id: input.targetId };
      if (decide(auditHistoryAccess(input.targetType), ctx.principal) !== 'allow') {
        await auditRefusal(ctx, 'audit.history', 'forbidden', target);
        throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
      }
      return auditOf(ctx).list({ about: target }, { offset: 0, limit: HISTORY_SIZE });
    }),

  /** The open legal holds of a record's persons (its details, decision 100). */
  holds: authedProcedure
    .input(z.strictObject({ recordId: RecordId }))
    .output(z.array(Hold))
    .query(async ({ ctx, input }) => holdsOfRecord(await dbOf(ctx), input.recordId)),

  /** Keeps the keys of a record's persons until released ("Aufbewahren", decision 100). */
  hold: authedProcedure
    .input(z.strictObject({ recordId: RecordId, reason: Reason }))
    .output(z.array(Hold))
    .mutation(async ({ ctx, input }) =>
      setHold(await dbOf(ctx), auditOf(ctx), { ...input, ...holdActor(ctx) }).catch(refused),
    ),

  /** Releases a hold; the person may then be forgotten (decision 100). */
  releaseHold: authedProcedure
    .input(z.strictObject({ id: RecordId, reason: Reason }))
    .output(z.object({ released: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await releaseHold(await dbOf(ctx), auditOf(ctx), { ...input, ...holdActor(ctx) }).catch(refused);
      return { released: true as const };
    }),

  /** Whether the hash chain is intact, and its first broken link (decision 058). */
  chain: authedProcedure
    .output(
      z.object({
        intact: z.boolean(),
        events: z.number(),
        lastSeq: z.number(),
        lastHash: z.string(),
        /** Events the linker has not reached yet (decision 068). */
        unlinked: z.number().optional(),
        broken: z.object({ seq: z.number(), recordId: z.string().nullable(), reason: z.string() }).optional(),
      }),
    )
    .query(({ ctx }) => auditOf(ctx).chainStatus()),
});
