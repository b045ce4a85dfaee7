/**
 * Live where it helps (decision 106): tRPC subscriptions over server-sent events.
 * - `live.audit`: the audit log's records as they are completed, on any instance, that match the
 *   viewer's filter (who may read the audit log; policy table). Each is a tracked event with the
 *   record's id, so a reconnect with `lastEventId` catches up on what it missed.
 * - `live.presence`: who else (another session) has the same row open in an edit dialog (who may edit the row;
 *   PRESENCE_POLICY). Open while the stream is open; announced once a heartbeat, it expires when
 *   the heartbeats stop.
 * Both say whether live updates flow (`live: false`: paused, e.g. with Redis away) and end when the
 * session ends.
 */
import { decide, ERROR_MESSAGES, PRESENCE_KINDS, PRESENCE_POLICY } from '@nova/domain';
import { tracked, TRPCError } from '@trpc/server';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AuditLog } from '../audit/log';
import { hubEvents, liveAccessOf } from '../live/stream';
import { authedProcedure, router } from '../trpc/init';
import { AuditRecord, Filter, toFilter } from './audit';

/** At most this many records are sent again after a reconnect (the viewer reloads its page anyway). */
const CATCH_UP = 50;

const RecordId = z.string().regex(/^\d{1,18}$/);

function auditOf(ctx: { audit?: AuditLog | undefined }): AuditLog {
  if (!ctx.audit) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no audit log' });
  return ctx.audit;
}

const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

export const liveRouter = router({
  audit: authedProcedure
    .input(Filter.extend({ lastEventId: RecordId.nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const live = liveAccessOf(ctx);
      const audit = auditOf(ctx);
      const { lastEventId, ...rest } = input;
      const filter = toFilter(rest);
      const matching = async (id: string) => {
        const { rows } = await audit.list({ ...filter, record: id }, { offset: 0, limit: 1 });
        return rows[0] ? AuditRecord.parse(rows[0]) : null;
      };
      const events = hubEvents(live, 'audit', signal, (hub, emit) => [
        hub.onAudit((id) => emit({ kind: 'audit', id })),
      ]);
      for await (const event of events) {
        if (event.kind === 'state') {
          yield { kind: 'status' as const, live: live.hub.up };
          if (!lastEventId || !live.hub.up) continue;
          // Back after a lost connection: what was completed meanwhile, oldest first.
          const { rows } = await audit.list(filter, { offset: 0, limit: CATCH_UP });
          const missed = rows.filter((row) => row.outcome !== 'pending' && byId(row.id, lastEventId) > 0);
          for (const row of missed.sort((a, b) => byId(a.id, b.id)))
            yield tracked(row.id, { kind: 'entry' as const, row: AuditRecord.parse(row) });
        } else if (event.kind === 'audit') {
          const row = await matching(event.id);
          if (row) yield tracked(row.id, { kind: 'entry' as const, row });
        }
      }
    }),

  presence: authedProcedure
    .input(
      z.strictObject({
        kind: z.enum(PRESENCE_KINDS),
        id: z.string().trim().min(1).max(64),
      }),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      // The row's own access: only who may edit it sees and announces who edits it.
      if (decide(PRESENCE_POLICY[input.kind], ctx.principal) !== 'allow')
        throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
      const live = liveAccessOf(ctx);
      const { userId, displayName } = ctx.principal;
      const target = `${input.kind}:${input.id}`;
      const stream = randomUUID();
      const events = hubEvents(live, 'presence', signal, (hub, emit) => [
        hub.watch(target, () => emit({ kind: 'presence' })),
      ]);
      const holder = createHash('sha256').update(`presence:${live.session}`).digest('hex').slice(0, 32);
      live.hub.join(target, stream, { userId, holder, name: displayName.slice(0, 120) });
      let said = '';
      try {
        for await (const event of events) {
          // Other sessions only: a second tab of this browser is no one else; the same person in
          // another browser is (the row is open twice).
          const names = live.hub
            .editors(target)
            .filter((editor) => editor.holder !== holder)
            .map((editor) => editor.name);
          const others = [...new Set(names)].sort((a, b) => a.localeCompare(b, 'de'));
          const now = JSON.stringify([live.hub.up, others]);
          if (event.kind === 'presence' && now === said) continue;
          said = now;
          yield { live: live.hub.up, editors: others };
        }
      } finally {
        live.hub.leave(target, stream);
      }
    }),
});
