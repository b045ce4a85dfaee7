/**
 * The finished data export as a download (decision 101): a plain HTTP GET, streamed chunk by chunk
 * from the database, for the person it was made for only and only until it expires. The same checks
 * as /trpc (rate limits, the CSRF proof); another person, a machine client, an unknown or expired
 * export are all answered 404 in German, so nobody learns whose exports exist. Every download and
 * every refused one is audited.
 */
import { Readable } from 'node:stream';
import { decide, DOWNLOADS, ERROR_MESSAGES } from '@nova/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shortenIp } from '../audit/client-ip';
import type { AuditLog } from '../audit/log';
import { callKindOf } from '../kinds/principal';
import type { RateLimitHooks } from '../plugins/rate-limits';
import type { ExportStore } from './export-store';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const EXPORT_NOT_FOUND =
  'Diesen Export gibt es nicht (mehr). Exporte können nur von der Person heruntergeladen werden, die sie angefordert hat, und nur 24 Stunden lang.';

export interface ExportDownloadOptions {
  audit: AuditLog;
  exports: ExportStore;
  authenticate: Hook;
  limits: Pick<RateLimitHooks, 'trpcPerClient' | 'trpcPerUser'>;
  now: () => number;
}

function refuse(reply: FastifyReply, status: 401 | 404 | 503, message: string) {
  const code = { 401: 'UNAUTHORIZED', 404: 'NOT_FOUND', 503: 'SERVICE_UNAVAILABLE' }[status];
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: { message, code: -32000 - (status % 100), data: { code, httpStatus: status } } });
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function exportDownload(app: FastifyInstance, options: ExportDownloadOptions, done: () => void): void {
  const { audit, exports, authenticate, limits, now } = options;
  const { path, access } = DOWNLOADS.privacyExport;
  app.get<{ Params: { id: string } }>(
    path,
    { onRequest: [limits.trpcPerClient, authenticate, limits.trpcPerUser] },
    async (request, reply) => {
      const auth = request.auth;
      const principal = auth.kind === 'anonymous' ? null : auth.principal;
      const record = (outcome: 'success' | 'refused', detail: string | null) =>
        audit
          .write({
            actor: principal ? { id: principal.userId, name: principal.username } : null,
            callKind: principal ? callKindOf(principal) : null,
            clientId: principal?.clientId ?? null,
            action: 'privacy.download',
            target: { type: 'privacy.export', id: request.params.id.slice(0, 36) },
            outcome,
            detail,
            requestId: request.id,
            clientIp: shortenIp(request.ip),
          })
          .then(
            () => true,
            (error: unknown) => {
              request.log.error({ err: error }, 'audit record of an export download could not be written');
              return false;
            },
          );
      const decision = decide(access, principal);
      if (decision === 'unauthenticated') {
        await record('refused', 'unauthenticated');
        return refuse(reply, 401, ERROR_MESSAGES.UNAUTHORIZED);
      }
      const { id } = request.params;
      let row;
      try {
        row = ID.test(id) ? await exports.get(id) : null;
      } catch (error) {
        request.log.warn({ err: error }, 'export download: database unavailable');
        return refuse(reply, 503, ERROR_MESSAGES.SERVICE_UNAVAILABLE);
      }
      const mine =
        decision === 'allow' &&
        row !== null &&
        row.person_id === principal?.userId &&
        row.state === 'ready' &&
        row.expires_at !== null &&
        row.expires_at.getTime() > now();
      if (!row || !mine) {
        await record('refused', row && row.person_id !== principal?.userId ? 'forbidden' : 'not-found');
        return refuse(reply, 404, EXPORT_NOT_FOUND);
      }
      // Audit first: a download that cannot be recorded does not happen.
      if (!(await record('success', null))) return refuse(reply, 503, ERROR_MESSAGES.SERVICE_UNAVAILABLE);
      const stream = Readable.from(exports.chunks(row.id));
      stream.on('error', (error) => request.log.error({ err: error }, 'export download cut off'));
      const day = row.created_at.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="meine-daten-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
  done();
}
