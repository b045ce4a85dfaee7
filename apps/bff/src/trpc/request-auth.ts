/**
 * Who is calling /trpc, decided before any procedure runs (architecture §5):
 * - `Authorization: Bearer` → verified against the issuer's JWKS; invalid is 401, never a fallback
 *   to the cookie.
 * - otherwise the session cookie, and the request must prove it comes from our SPA: `X-CSRF: 1`, no
 *   foreign `Origin`, no cross-site Fetch Metadata, JSON bodies only. Anything else is 403.
 */
import { ERROR_MESSAGES } from '@nova/domain';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidBearerError, verifyBearer } from '../auth/bearer';
import type { OidcClient } from '../auth/oidc';
import { shortenIp } from '../audit/client-ip';
import type { AuditLog } from '../audit/log';
import {
  EXPORT_ACTION,
  isAdminProcedure,
  proceduresOfUrl,
  recordRefusal,
  targetTypeOf,
  type RefusalReason,
} from '../audit/refusals';
import type { LoadedSession, SessionManager } from '../session/manager';
import type { Principal } from '../kinds/principal';

export type RequestAuth =
  | { kind: 'anonymous'; staleCookie: boolean }
  | { kind: 'session'; principal: Principal; session: LoadedSession }
  | { kind: 'bearer'; principal: Principal; token: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

function reject(reply: FastifyReply, status: 401 | 403, message: string) {
  const code = status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: { message, code: status === 401 ? -32001 : -32003, data: { code, httpStatus: status } } });
}

/**
 * A live stream (decision 106) is opened by the browser's EventSource, which cannot send X-CSRF: its
 * proof is the Fetch Metadata a page cannot forge, a same-origin fetch that is no navigation or
 * embedded resource, and it only reads (GET of a `live.` subscription).
 */
function isSameOriginStream(request: {
  headers: IncomingHttpHeaders;
  method?: string | undefined;
  url?: string | undefined;
}): boolean {
  if (request.method !== 'GET' || request.url === undefined) return false;
  const procedures = proceduresOfUrl(request.url);
  return (
    procedures.length === 1 &&
    procedures[0]?.startsWith('live.') === true &&
    request.headers['sec-fetch-site'] === 'same-origin' &&
    request.headers['sec-fetch-dest'] === 'empty'
  );
}

export function csrfProblem(
  request: { headers: IncomingHttpHeaders; method?: string | undefined; url?: string | undefined },
  publicUrl: string,
): string | null {
  if (request.headers['x-csrf'] !== '1' && !isSameOriginStream(request)) return 'missing X-CSRF header';
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(publicUrl).origin) return 'foreign Origin';
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site ${site}`;
  if (request.method === 'POST') {
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('application/json')) return `content type ${type || '(none)'}`;
  }
  return null;
}

export interface RequestAuthDeps {
  publicUrl: string;
  sessions: SessionManager;
  oidc: OidcClient;
  machineClientIds: readonly string[];
  /** Refusals of administrative procedures are recorded here (decision 060). */
  audit?: AuditLog;
  /** The administrative procedures a request outside /trpc names (default: the audit export's). */
  adminActionsOf?: (request: FastifyRequest) => string[];
}

/** Records a refusal before any procedure ran, once per administrative procedure of the call. */
async function recordRefused(deps: RequestAuthDeps, request: FastifyRequest, reason: RefusalReason) {
  const { audit } = deps;
  if (!audit) return;
  const paths = request.url.startsWith('/trpc/') ? proceduresOfUrl(request.url) : [];
  // The export download is an administrative call of its own (the audit log's).
  const actions = request.url.startsWith('/trpc/')
    ? paths.filter(isAdminProcedure)
    : (deps.adminActionsOf?.(request) ?? [EXPORT_ACTION]);
  for (const action of actions) {
    await recordRefusal(audit, request.log, {
      actor: null,
      action,
      target: { type: targetTypeOf(action), id: null },
      detail: reason,
      requestId: request.id,
      clientIp: shortenIp(request.ip),
    });
  }
}

/** A call with an Authorization header: a verified bearer token, or 401. */
export async function authenticateBearer(
  deps: RequestAuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  header: string,
) {
  const { oidc, machineClientIds } = deps;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  if (!match?.[1]) {
    await recordRefused(deps, request, 'invalid-token');
    return reject(reply, 401, ERROR_MESSAGES.UNAUTHORIZED);
  }
  try {
    const identity = await verifyBearer(match[1], await oidc.jwks(), {
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      machineClientIds,
    });
    request.auth = { kind: 'bearer', principal: { via: 'bearer', ...identity }, token: match[1] };
    return;
  } catch (error) {
    if (!(error instanceof InvalidBearerError)) throw error;
    // Only the reason code: jose's errors carry the token's claims.
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    request.log.info({ reason: error.message, code }, 'bearer token refused');
    await recordRefused(deps, request, 'invalid-token');
    return reject(reply, 401, ERROR_MESSAGES.UNAUTHORIZED);
  }
}

export function requestAuthHook(deps: RequestAuthDeps) {
  const { publicUrl, sessions } = deps;
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    if (header !== undefined) return authenticateBearer(deps, request, reply, header);

    const problem = csrfProblem(request, publicUrl);
    if (problem) {
      request.log.info({ problem }, 'request refused by the CSRF check');
      await recordRefused(deps, request, 'csrf');
      return reject(reply, 403, ERROR_MESSAGES.CSRF);
    }

    const cookie = request.cookies[sessions.cookieName];
    const session = await sessions.load(cookie);
    if (!session) {
      request.auth = { kind: 'anonymous', staleCookie: cookie !== undefined };
      if (cookie !== undefined) reply.clearCookie(sessions.cookieName, sessions.cookieOptions);
      return;
    }
    await sessions.touch(session);
    const { record } = session;
    request.auth = {
      kind: 'session',
      session,
      principal: {
        via: 'session',
        machine: false,
        clientId: null,
        userId: record.userId,
        username: record.auth.username,
        displayName: record.displayName,
        roles: record.auth.roles,
        authTime: record.authTime ?? null,
      },
    };
  };
}
