/**
 * "Meine Daten" (Accounteinstellungen) and "Datenschutzanfragen" (decisions 101, 102). A player's
 * own export and requests need only a sign-in and never take a person id; the operator's side needs
 * `web:admin:privacy`. Every step is audited.
 */
import { randomUUID } from 'node:crypto';
import {
  canMovePrivacyRequest,
  PRIVACY_REASON_MAX,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestStatus,
} from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { EXPORT_STEPS } from '../privacy/areas';
import type { ExportRow } from '../privacy/export-store';
import { toView } from '../privacy/requests';
import { authedProcedure, router } from '../trpc/init';

export const ONE_A_DAY = 'Du hast heute schon einen Export angefordert. Ein neuer ist morgen wieder möglich.';
export const BROWSER_ONLY = 'Den Export gibt es nur für eine Anmeldung im Browser.';
export const ALREADY_OPEN = 'Zu dieser Art hast du bereits eine offene Anfrage.';
export const NOT_FOUND = 'Diese Anfrage gibt es nicht.';
export const STATUS_CHANGED = 'Die Anfrage wurde inzwischen bearbeitet. Bitte lade die Seite neu.';
export const TRANSITION_REFUSED = 'Dieser Statuswechsel ist nicht möglich.';
export const REASON_REQUIRED = 'Bitte gib einen Grund für die Ablehnung an.';

const withPrivacy = authedProcedure.use(({ ctx, next }) => {
  const privacy = ctx.privacy;
  if (!privacy) throw new Error('privacy services missing in the context');
  return next({ ctx: { privacy } });
});

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const ExportState = z.enum(['none', 'queued', 'running', 'ready', 'failed', 'expired']);
const ExportStatus = z.object({
  state: ExportState,
  /** 0–100. */
  progress: z.number(),
  createdAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  /** Whether a new export may be asked for today. */
  canStart: z.boolean(),
});

function statusOf(row: ExportRow | null, now: number, today: string): z.infer<typeof ExportStatus> {
  if (!row) {
    return {
      state: 'none',
      progress: 0,
      createdAt: null,
      expiresAt: null,
      sizeBytes: null,
      downloadUrl: null,
      error: null,
      canStart: true,
    };
  }
  const expired = row.state === 'ready' && row.expires_at !== null && row.expires_at.getTime() <= now;
  const state = expired ? 'expired' : row.state;
  return {
    state,
    progress: row.state === 'ready' ? 100 : Math.floor((row.steps_done / row.steps_total) * 100),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    downloadUrl: state === 'ready' ? `/export/meine-daten/${row.id}` : null,
    error: row.state === 'failed' ? row.error : null,
    canStart: row.state === 'failed' || row.day !== today,
  };
}

const RequestKind = z.enum(['erasure', 'restriction'], { error: 'Unbekannte Art der Anfrage.' });
const RequestStatus = z.enum(['received', 'processing', 'done', 'rejected'], {
  error: 'Unbekannter Status.',
});
const Reason = z
  .string()
  .trim()
  .max(PRIVACY_REASON_MAX, `Höchstens ${PRIVACY_REASON_MAX} Zeichen.`)
  .transform((text) => (text === '' ? null : text));
const RequestId = z.string().regex(/^\d{1,18}$/, NOT_FOUND);

const RequestView = z.object({
  id: z.string(),
  personId: z.string(),
  personName: z.string(),
  kind: RequestKind,
  reason: z.string().nullable(),
  status: RequestStatus,
  statusReason: z.string().nullable(),
  receivedAt: z.string(),
  deadline: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  erasure: z
    .object({
      done: z.array(z.string()),
      gameData: z.array(z.object({ where: z.string(), what: z.string() })),
    })
    .nullable(),
});

/** What the player sees of their own request (not who handled it, not the erasure's details). */
const OwnRequestView = RequestView.pick({
  id: true,
  kind: true,
  reason: true,
  status: true,
  statusReason: true,
  receivedAt: true,
  deadline: true,
  updatedAt: true,
});

export const privacyRouter = router({
  exportStatus: withPrivacy.output(ExportStatus).query(async ({ ctx }) => {
    const row = await ctx.privacy.exports.latest(ctx.principal.userId);
    return statusOf(row, ctx.now(), berlinDay.format(new Date(ctx.now())));
  }),

  startExport: withPrivacy.output(ExportStatus).mutation(async ({ ctx }) => {
    const session = ctx.ownSession;
    if (!session) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: BROWSER_ONLY });
    const { userId, username } = ctx.principal;
    const today = berlinDay.format(new Date(ctx.now()));
    const id = randomUUID();
    const outcome = await audited(ctx, {
      action: 'privacy.startExport',
      target: { type: 'user', id: userId },
      run: () =>
        ctx.privacy.exports.create({
          id,
          personId: userId,
          personName: username,
          day: today,
          sessionKey: session.key,
          stepsTotal: EXPORT_STEPS,
          parts: { konto: session.claims() },
        }),
      after: (result) => ({ export: result === 'created' ? id : null, result }),
    });
    if (outcome === 'taken') throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ONE_A_DAY });
    ctx.privacy.kick();
    return statusOf(await ctx.privacy.exports.get(id), ctx.now(), today);
  }),

  myRequests: withPrivacy.output(z.array(OwnRequestView)).query(async ({ ctx }) => {
    const rows = await ctx.privacy.requests.ofPerson(ctx.principal.userId);
    return rows.map((row) => OwnRequestView.parse(toView(row)));
  }),

  createRequest: withPrivacy
    .input(z.strictObject({ kind: RequestKind, reason: Reason.optional() }))
    .output(OwnRequestView)
    .mutation(async ({ ctx, input }) => {
      const { userId, username } = ctx.principal;
      if (await ctx.privacy.requests.openOf(userId, input.kind)) {
        throw new TRPCError({ code: 'CONFLICT', message: ALREADY_OPEN });
      }
      const row = await audited(ctx, {
        action: 'privacy.createRequest',
        target: { type: 'privacy.request', id: null },
        sent: { kind: input.kind, art: PRIVACY_REQUEST_KINDS[input.kind], reason: input.reason ?? null },
        run: () =>
          ctx.privacy.requests.create({
            personId: userId,
            personName: username,
            kind: input.kind,
            reason: input.reason ?? null,
          }),
        targetId: (created) => String(created.id),
        after: (created) => ({ status: PRIVACY_REQUEST_STATUSES[created.status] }),
      });
      return OwnRequestView.parse(toView(row));
    }),

  requests: withPrivacy.output(z.array(RequestView)).query(async ({ ctx }) => {
    const rows = await ctx.privacy.requests.list();
    return rows.map(toView);
  }),

  request: withPrivacy
    .input(z.strictObject({ id: RequestId }))
    .output(RequestView)
    .query(async ({ ctx, input }) => {
      const row = await ctx.privacy.requests.get(input.id);
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return toView(row);
    }),

  setStatus: withPrivacy
    .input(
      z
        .strictObject({ id: RequestId, from: RequestStatus, to: RequestStatus, reason: Reason.optional() })
        .superRefine((value, issue) => {
          if (value.to === 'rejected' && !value.reason)
            issue.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
        }),
    )
    .output(RequestView)
    .mutation(async ({ ctx, input }) => {
      const { from, to } = input as { from: PrivacyRequestStatus; to: PrivacyRequestStatus };
      if (!canMovePrivacyRequest(from, to))
        throw new TRPCError({ code: 'BAD_REQUEST', message: TRANSITION_REFUSED });
      const row = await ctx.privacy.requests.get(input.id);
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
      if (row.status !== from) throw new TRPCError({ code: 'CONFLICT', message: STATUS_CHANGED });
      const by = {
        id: ctx.principal.userId,
        name: ctx.principal.username,
        displayName: ctx.principal.displayName,
      };
      const person = { id: row.person_id, name: row.person_name };
      const erase = row.kind === 'erasure' && to === 'done';
      const moved = await audited(ctx, {
        action: 'privacy.setStatus',
        target: { type: 'privacy.request', id: input.id },
        knownBefore: { status: PRIVACY_REQUEST_STATUSES[from] },
        sent: { status: PRIVACY_REQUEST_STATUSES[to], reason: input.reason ?? null },
        run: async () => {
          // An erasure is done when the BFF's part is done; its own record tells what it did.
          const erasure = erase
            ? await audited(ctx, {
                action: 'privacy.erase',
                target: { type: 'user', id: person.id },
                run: () => ctx.privacy.eraser.erase(person, by, { requestId: input.id, meta: ctx.request }),
                after: (result) => ({ done: result.done, gameData: result.gameData.length }),
              })
            : null;
          const updated = await ctx.privacy.requests.move(input.id, from, to, {
            by: by.name,
            reason: input.reason ?? null,
            erasure,
          });
          if (!updated) throw new TRPCError({ code: 'CONFLICT', message: STATUS_CHANGED });
          return updated;
        },
        after: (updated) => ({ status: PRIVACY_REQUEST_STATUSES[updated.status] }),
      });
      return toView(moved);
    }),
});
