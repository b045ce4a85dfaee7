/**
 * Sign-in and the password change (architecture §5.1): authorization code + PKCE, a pending sign-in
 * stored for the callback; the password change through Keycloak's application-initiated action.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidcLib from 'openid-client';
import type { PendingLogin } from '../session/types';
import { safeReturnTo } from './return-to';
import { isNotCrossSite, noStore, problemPage, SETTINGS_PATH, type AuthRoutesOptions } from './flow-common';

/**
 * Pending sign-ins last 10 minutes (specification §9.14; the earlier client's hour was its storage's):
 * enough for a sign-in with a password manager or a forgotten password, short for a flood.
 */
const PENDING_LOGIN_MS = 10 * 60 * 1000;

export const TOO_MANY_SIGN_INS =
  'Gerade werden sehr viele Anmeldungen gleichzeitig begonnen. Bitte versuche es in einigen Minuten erneut.';

// Sign-in starts store a pending login for 10 minutes: /auth/* is limited per client across
// instances (plugins/rate-limits.ts), and all pending sign-ins together are capped
// (PENDING_SIGN_INS_MAX), so no number of clients can grow the store without bound.

async function startAuthorization(
  options: AuthRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  action: 'login' | 'password',
  returnTo: string,
  reauth?: { stepUp: boolean; subject: PendingLogin['subject'] },
): Promise<FastifyReply> {
  const { sessions, oidc, pendingSignInsMax } = options;
  const stepUp = reauth?.stepUp === true;
  // Reuse this browser's binding (several tabs may sign in at once), but only one we could have made.
  const existing = request.cookies[sessions.bindingCookieName];
  const binding =
    existing && /^[A-Za-z0-9_-]{22}$/.test(existing) ? existing : randomBytes(16).toString('base64url');
  const state = oidcLib.randomState();
  const nonce = oidcLib.randomNonce();
  const codeVerifier = oidcLib.randomPKCECodeVerifier();
  const stored = await sessions.store.putPending(
    state,
    {
      codeVerifier,
      nonce,
      returnTo,
      binding,
      action,
      ...(stepUp ? { stepUp } : {}),
      ...(reauth?.subject ? { subject: reauth.subject } : {}),
    },
    PENDING_LOGIN_MS,
    pendingSignInsMax,
  );
  if (!stored) {
    request.log.warn({ limit: pendingSignInsMax }, 'pending sign-ins at their limit; refused');
    return problemPage(reply.header('retry-after', '60'), 503, TOO_MANY_SIGN_INS);
  }
  const url = await oidc.authorizationUrl({
    state,
    nonce,
    codeVerifier,
    ...(action === 'password' ? { extra: { kc_action: 'UPDATE_PASSWORD' } } : {}),
    // Re-authentication (decision 022): the identity provider must ask for the password again.
    ...(stepUp ? { extra: { max_age: '0', prompt: 'login' } } : {}),
  });
  reply.setCookie(sessions.bindingCookieName, binding, {
    ...sessions.cookieOptions,
    maxAge: PENDING_LOGIN_MS / 1000,
  });
  return noStore(reply).redirect(url.href, 302);
}

/** GET /auth/login and GET /auth/password. */
export function signInRoutes(app: FastifyInstance, options: AuthRoutesOptions): void {
  const { publicUrl, sessions } = options;
  app.get('/auth/login', async (request, reply) => {
    const { returnTo, stepUp } = request.query as { returnTo?: unknown; stepUp?: unknown };
    const target = safeReturnTo(returnTo, publicUrl);
    const signedIn = await sessions.load(request.cookies[sessions.cookieName]);
    // `stepUp=1` signs a signed-in admin in again (max_age=0, prompt=login) before a delete.
    if (stepUp === '1' && signedIn) {
      const subject = { userId: signedIn.record.userId, username: signedIn.record.auth.username };
      return startAuthorization(options, request, reply, 'login', target, { stepUp: true, subject });
    }
    if (signedIn) return noStore(reply).redirect(target, 302);
    return startAuthorization(options, request, reply, 'login', target);
  });

  app.get('/auth/password', async (request, reply) => {
    if (!isNotCrossSite(request, publicUrl)) {
      return problemPage(
        reply,
        403,
        'Die Passwortänderung kann nur von dieser Website aus gestartet werden.',
      );
    }
    const signedIn = await sessions.load(request.cookies[sessions.cookieName]);
    if (!signedIn) {
      return noStore(reply).redirect(`/auth/login?returnTo=${encodeURIComponent(SETTINGS_PATH)}`, 302);
    }
    const subject = { userId: signedIn.record.userId, username: signedIn.record.auth.username };
    return startAuthorization(options, request, reply, 'password', SETTINGS_PATH, {
      stepUp: false,
      subject,
    });
  });
}
