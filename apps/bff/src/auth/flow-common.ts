/**
 * What the /auth/* flows share (architecture §5.1): their options, the no-store answers, the German
 * problem page, the same-site checks and the security events they record.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '@nova/domain';
import { shortenIp } from '../audit/client-ip';
import type { AuditEntry } from '../audit/entry';
import type { AuditLog } from '../audit/log';
import type { GameApiClient } from '../game-api/client';
import type { SessionManager } from '../session/manager';
import type { OidcClient } from './oidc';
import { loginProblemPage } from './pages';

export interface AuthRoutesOptions {
  publicUrl: string;
  sessions: SessionManager;
  oidc: OidcClient;
  gameApi: GameApiClient;
  /** Security events (sign-in, sign-out, step-up, back-channel logout). */
  audit?: AuditLog;
  /** Pending sign-ins of all instances at most (PENDING_SIGN_INS_MAX, decision 054). */
  pendingSignInsMax?: number;
}

/** Where the password change starts and returns to. */
export const SETTINGS_PATH = ROUTES.settings.path;

/** An answer of the /auth/* flows: never cached. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * A navigation that starts something on the user's behalf (the password change) must not come from
 * another site: a foreign Origin, or Fetch Metadata other than same-origin or a typed address/bookmark
 * ("none"), is refused. Without either header (an old browser, a script) it passes: the identity
 * provider still asks the user before anything changes.
 */
export function isNotCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== new URL(publicUrl).origin) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** A state-changing request must come from our own pages (Origin, else Fetch Metadata). */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === new URL(publicUrl).origin;
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin';
}

export const AUTH_HTML = 'text/html; charset=utf-8';

/** One of the BFF's own German problem pages, never cached. */
export function problemPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return noStore(reply).code(status).type(AUTH_HTML).send(loginProblemPage(message));
}

/**
 * Records a security event; while the database is away it is kept and written when it is back
 * (decision 068). Rejects only when it can be neither written nor kept.
 */
export async function securityEvent(
  audit: AuditLog | undefined,
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'requestId' | 'clientIp' | 'outcome'>,
): Promise<void> {
  if (!audit) return;
  await audit.writeOrHold({
    ...entry,
    outcome: 'success',
    requestId: request.id,
    clientIp: shortenIp(request.ip),
  });
}
