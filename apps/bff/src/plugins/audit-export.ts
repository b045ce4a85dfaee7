/**
 * The audit log as a CSV download (decision 059): a plain HTTP GET, streamed page by page from the
 * database (keyset pages, AuditLog.pages), so memory stays bounded whatever the number of rows; the
 * CSV is written in slices with a turn of the event loop between them, so other requests are answered
 * while exports run, and at most `maxConcurrent` run per instance (decision 071). The same checks as /trpc: rate limits, the CSRF proof or
 * a verified bearer token (requestAuthHook), the policy's role (web:admin, no machine clients), the
 * viewer's filter validated. Reading the log is not itself an audited action; a refused export is.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { decide, DOWNLOADS, ERROR_MESSAGES } from '@nova/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shortenIp } from '../audit/client-ip';
import { csvHeader, csvLines } from '../audit/csv';
import { EXPORT_ACTION, recordRefusal, type RefusalReason } from '../audit/refusals';
import { callKindOf } from '../kinds/principal';
import type { AuditFilter, AuditLog, AuditRecord } from '../audit/log';
import { Filter, toFilter } from '../routers/audit';
import type { RateLimitHooks } from './rate-limits';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface AuditExportOptions {
  audit: AuditLog;
  /** The /trpc authentication hook (CSRF proof or bearer token). */
  authenticate: Hook;
  limits: Pick<RateLimitHooks, 'trpcPerClient' | 'trpcPerUser'>;
  /** Rows per database page. */
  pageSize?: number;
  /** Exports this instance streams at once; one more is refused with 429 (AUDIT_EXPORTS_MAX). */
  maxConcurrent: number;
}

/** Rows formatted between two turns of the event loop: a slice costs well under a millisecond. */
const SLICE_ROWS = 25;
/** Seconds a refused export is asked to wait: an export of 100,000 records takes about that long. */
const RETRY_AFTER_SECONDS = 30;
export const EXPORTS_BUSY =
  'Gerade werden schon mehrere Exporte erstellt. Bitte versuche es in einer halben Minute erneut.';

const CODES = {
  400: ['BAD_REQUEST', -32600],
  401: ['UNAUTHORIZED', -32001],
  403: ['FORBIDDEN', -32003],
  429: ['TOO_MANY_REQUESTS', -32029],
  503: ['SERVICE_UNAVAILABLE', -32053],
} as const;

/** The same JSON shape as a tRPC error, so the SPA reads the message the same way. */
function refuse(reply: FastifyReply, status: keyof typeof CODES, message: string) {
  const [code, number] = CODES[status];
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: { message, code: number, data: { code, httpStatus: status } } });
}

async function* csvOf(first: IteratorResult<AuditRecord[]>, rest: AsyncGenerator<AuditRecord[]>) {
  yield csvHeader();
  let page = first.done ? null : first.value;
  while (page) {
    for (let start = 0; start < page.length; start += SLICE_ROWS) {
      // The stream asks for the next slice only when the client took the last (backpressure).
      yield csvLines(page.slice(start, start + SLICE_ROWS));
      // Other requests' callbacks run before the next slice.
      await nextTurn();
    }
    const next = await rest.next();
    page = next.done ? null : next.value;
  }
}

export function auditExport(app: FastifyInstance, options: AuditExportOptions, done: () => void): void {
  const { audit, authenticate, limits, pageSize = 100, maxConcurrent } = options;
  let running = 0;
  const { path, access } = DOWNLOADS.auditLogCsv;
  app.get(
    path,
    { onRequest: [limits.trpcPerClient, authenticate, limits.trpcPerUser] },
    async (request, reply) => {
      const auth = request.auth;
      const principal = auth.kind === 'anonymous' ? null : auth.principal;
      const refused = (detail: RefusalReason) =>
        recordRefusal(audit, request.log, {
          actor: principal
            ? { id: principal.userId, name: principal.username, displayName: principal.displayName }
            : null,
          callKind: principal ? callKindOf(principal) : null,
          clientId: principal?.clientId ?? null,
          action: EXPORT_ACTION,
          target: { type: 'audit', id: null },
          detail,
          requestId: request.id,
          clientIp: shortenIp(request.ip),
        });
      const decision = decide(access, principal);
      if (decision === 'unauthenticated') {
        await refused('unauthenticated');
        return refuse(reply, 401, ERROR_MESSAGES.UNAUTHORIZED);
      }
      if (decision !== 'allow') {
        await refused('forbidden');
        return refuse(reply, 403, ERROR_MESSAGES.FORBIDDEN);
      }

      const parsed = Filter.safeParse(request.query);
      if (!parsed.success) {
        await refused('invalid-input');
        return refuse(reply, 400, ERROR_MESSAGES.BAD_REQUEST);
      }
      const filter: AuditFilter = toFilter(parsed.data);

      if (running >= maxConcurrent) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return refuse(reply, 429, EXPORTS_BUSY);
      }
      // Held until the answer ends, complete or cut off.
      running++;
      reply.raw.once('close', () => running--);

      // The first page before the answer starts: a database that is away is a 503, not a cut file.
      const pages = audit.pages(filter, pageSize);
      let first: IteratorResult<AuditRecord[]>;
      try {
        first = await pages.next();
      } catch (error) {
        request.log.warn({ err: error }, 'audit export: database unavailable');
        return refuse(reply, 503, ERROR_MESSAGES.SERVICE_UNAVAILABLE);
      }
      const stream = Readable.from(csvOf(first, pages), { objectMode: false });
      // A failure after the first page cuts the download (the browser sees a network error).
      stream.on('error', (error) => request.log.error({ err: error }, 'audit export cut off'));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
  done();
}
