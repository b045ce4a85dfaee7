/**
 * /auth/* (architecture §5): sign-in with authorization code + PKCE, the callback, logout that
 * cannot be triggered cross-site and also ends the Keycloak session, the password change through
 * Keycloak's application-initiated action, and back-channel logout from the identity provider.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES, SIGNED_OUT_LANDING, signInMethodOf } from '@nova/domain';
import * as oidcLib from 'openid-client';
import { shortenIp } from '../audit/client-ip';
import type { AuditEntry } from '../audit/entry';
import type { AuditLog } from '../audit/log';
import type { GameApiClient } from '../game-api/client';
import type { SessionManager } from '../session/manager';
import type { PendingLogin } from '../session/types';
import { authStateFrom } from './claims';
import { resolveDisplayName } from './display-name';
import { verifyLogoutToken } from './logout-token';
import { EndSessionRefusedError, type OidcClient, type TokenSet } from './oidc';
import { loginProblemPage, logoutConfirmPage, otherAccountPage } from './pages';
import { safeReturnTo } from './return-to';

/**
 * Pending sign-ins last 10 minutes (specification §9.14; the earlier client's hour was its storage's):
 * enough for a sign-in with a password manager or a forgotten password, short for a flood.
 */
const PENDING_LOGIN_MS = 10 * 60 * 1000;

/**
 * The password change's outcome as the browser reports it (Keycloak's `kc_action_status` in the
 * callback address). Neither Keycloak's tokens nor dev-idp's say whether the password changed, so
 * the record keeps one of three fixed values marked as the browser's claim, never the text itself
 * (decision 060).
 */
export function reportedPasswordStatus(status: string | undefined): string {
  if (status === 'success') return 'password-success-reported';
  if (status === 'cancelled') return 'password-cancelled-reported';
  return 'password-unknown-reported';
}

export const TOO_MANY_SIGN_INS =
  'Gerade werden sehr viele Anmeldungen gleichzeitig begonnen. Bitte versuche es in einigen Minuten erneut.';
const SETTINGS_PATH = ROUTES.settings.path;

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

function noStore(reply: FastifyReply): FastifyReply {
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

const HTML = 'text/html; charset=utf-8';

/** One of the BFF's own German problem pages, never cached. */
function problemPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return noStore(reply).code(status).type(HTML).send(loginProblemPage(message));
}

/** /auth/*: sign-in and password change, the callback, logout and back-channel logout. */
export function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  signInRoutes(app, options);
  app.get('/auth/callback', (request, reply) => callback(options, request, reply));
  logoutRoutes(app, options);
  app.post('/auth/backchannel-logout', (request, reply) => backchannelLogout(options, request, reply));
}

/**
 * Records a security event; while the database is away it is kept and written when it is back
 * (decision 068). Rejects only when it can be neither written nor kept.
 */
async function securityEvent(
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

function signInRoutes(app: FastifyInstance, options: AuthRoutesOptions): void {
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

/** The identity provider's answer: the pending sign-in checked, the code exchanged. */
async function callback(
  options: AuthRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { sessions, oidc, publicUrl } = options;
  const query = request.query as Record<string, string | undefined>;
  const pending = query.state ? await sessions.store.takePending(query.state) : null;
  if (!pending || pending.binding !== request.cookies[sessions.bindingCookieName]) {
    return problemPage(reply, 400, 'Die Anmeldung ist abgelaufen oder ungültig. Bitte versuche es erneut.');
  }
  // The binding served this one sign-in; a later callback cannot reuse it.
  reply.clearCookie(sessions.bindingCookieName, sessions.cookieOptions);
  if (query.error) {
    request.log.info({ error: query.error }, 'the identity provider refused the authorization');
    if (pending.action === 'password')
      return noStore(reply).redirect(`${SETTINGS_PATH}?passwort=fehler`, 302);
    return problemPage(reply, 400, 'Die Anmeldung wurde abgebrochen oder vom Identitätsdienst abgelehnt.');
  }
  let tokens;
  try {
    tokens = await oidc.exchange(new URL(request.url, publicUrl), {
      state: query.state ?? '',
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
  } catch (error) {
    request.log.warn({ err: error }, 'the authorization code could not be exchanged');
    return problemPage(
      reply,
      502,
      'Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuche es erneut.',
    );
  }
  return completeSignIn(options, request, reply, pending, tokens, query.kc_action_status);
}

/** A new session for the person the identity provider vouched for (or a refusal). */
async function completeSignIn(
  options: AuthRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  pending: PendingLogin,
  tokens: TokenSet,
  passwordStatus: string | undefined,
): Promise<FastifyReply> {
  const { sessions, oidc, gameApi, audit } = options;
  const claims = tokens.idClaims ?? {};
  const userId = typeof claims.sub === 'string' ? claims.sub : '';
  const auth = authStateFrom(tokens, oidc.clientId);
  const previous = await sessions.load(request.cookies[sessions.cookieName]);
  // A re-authentication (step-up, password change) must return the person who started it.
  if (pending.subject && pending.subject.userId !== userId) {
    const other = { userId, username: auth.username };
    const kept = previous?.record.userId === pending.subject.userId;
    const started = { ...pending, subject: pending.subject };
    return otherPersonAnswered(options, request, reply, started, other, tokens, kept);
  }

  let target = pending.returnTo;
  if (pending.action === 'password') {
    const label =
      passwordStatus === 'success' ? 'geaendert' : passwordStatus === 'cancelled' ? 'abgebrochen' : 'fehler';
    target = `${pending.returnTo}?passwort=${label}`;
    // ASVS v5 §7: a changed password ends the account's other sessions, here and at the identity
    // provider (Keycloak keeps them unless the user ticks "sign out other devices").
    if (passwordStatus === 'success') await endOtherSessions(options, request, userId, claims.sid);
  }

  const displayName = await resolveDisplayName(claims, auth, gameApi, userId, request.log);
  const authTime = typeof claims.auth_time === 'number' ? claims.auth_time : null;
  try {
    await securityEvent(audit, request, {
      actor: { id: userId, name: auth.username },
      // A re-authentication as someone else (Keycloak's "Login neu starten") is a new sign-in.
      action:
        pending.stepUp && previous?.record.userId === userId
          ? 'auth.step-up'
          : pending.action === 'password'
            ? 'auth.password'
            : 'auth.sign-in',
      target: { type: 'user', id: userId },
      detail: pending.action === 'password' ? reportedPasswordStatus(passwordStatus) : null,
    });
  } catch (error) {
    // Sign-ins are accountable: without their record there is no new session (the previous one stays).
    request.log.error({ err: error }, 'sign-in not recorded; refused');
    return problemPage(
      reply,
      503,
      'Die Anmeldung ist gerade nicht möglich. Bitte versuche es später erneut.',
    );
  }
  // A new session id at every sign-in (also the re-authentication of a password change); the
  // previous session (if any) ends.
  if (previous) await sessions.store.destroy(previous.key);
  const userAgent = request.headers['user-agent'];
  const { id } = await sessions.create({
    userId,
    sid: typeof claims.sid === 'string' ? claims.sid : null,
    displayName,
    auth,
    authTime,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    ip: shortenIp(request.ip),
    signInMethod: signInMethodOf(claims),
  });
  reply.setCookie(sessions.cookieName, id, sessions.cookieOptions);
  return noStore(reply).redirect(target, 302);
}

/**
 * Ends every BFF session of the user and, for each one of another identity-provider session, that
 * session too (with its refresh token, as "Abmelden" does). This browser's own identity-provider
 * session (same `sid`) stays: it has just been re-authenticated.
 */
async function endOtherSessions(
  { sessions: { store }, oidc }: AuthRoutesOptions,
  request: FastifyRequest,
  userId: string,
  sid: unknown,
): Promise<void> {
  const sessions = await store.listByUser(userId);
  await store.destroyByUser(userId);
  const ended = new Set<string>();
  for (const { record } of sessions) {
    const refreshToken = record.auth.refreshToken;
    if (!refreshToken || (record.sid && (record.sid === sid || ended.has(record.sid)))) continue;
    if (record.sid) ended.add(record.sid);
    try {
      await oidc.endSessionByRefreshToken(refreshToken);
    } catch (error) {
      request.log.warn({ err: error }, 'the identity provider session could not be ended');
    }
  }
}

/**
 * The identity provider answered a re-authentication with another account (dev-idp lets anyone
 * sign in at the prompt; Keycloak fixes the username, but the BFF does not rely on it, decision
 * 053): no session changes hands. The signed-in session stays as it was (unless the provider
 * ended it meanwhile by back-channel logout, as dev-idp does when another account signs in), the
 * other account's new provider session is ended again, the attempt is recorded and the person gets
 * a German explanation.
 */
async function otherPersonAnswered(
  { oidc, audit }: AuthRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  pending: PendingLogin & { subject: NonNullable<PendingLogin['subject']> },
  other: { userId: string; username: string },
  tokens: TokenSet,
  kept: boolean,
): Promise<FastifyReply> {
  request.log.warn({ kept }, 're-authentication answered by another account; no session changed');
  if (tokens.refreshToken) {
    await oidc.endSessionByRefreshToken(tokens.refreshToken).catch((error: unknown) => {
      request.log.warn({ err: error }, "the other account's provider session could not be ended");
    });
  }
  await audit
    ?.write({
      actor: { id: pending.subject.userId, name: pending.subject.username },
      action: pending.action === 'password' ? 'auth.password' : 'auth.step-up',
      target: { type: 'user', id: other.userId },
      outcome: 'refused',
      detail: `anderes Konto: ${other.username}`,
      requestId: request.id,
      clientIp: shortenIp(request.ip),
      callKind: 'session',
    })
    .catch((error: unknown) => request.log.error({ err: error }, 'refused re-authentication not recorded'));
  return noStore(reply)
    .code(403)
    .type(HTML)
    .send(otherAccountPage(pending.subject.username, kept, pending.returnTo));
}

function logoutRoutes(app: FastifyInstance, options: AuthRoutesOptions): void {
  const { publicUrl, sessions, oidc, audit } = options;
  app.get('/auth/logout', (_request, reply) => noStore(reply).type(HTML).send(logoutConfirmPage()));

  app.post('/auth/logout', async (request, reply) => {
    if (!isSameOrigin(request, publicUrl)) {
      return noStore(reply).code(403).send({ error: 'Abmeldung nur von dieser Website aus möglich.' });
    }
    const session = await sessions.load(request.cookies[sessions.cookieName]);
    reply.clearCookie(sessions.cookieName, sessions.cookieOptions);
    if (!session) return noStore(reply).redirect('/', 303);
    await sessions.store.destroy(session.key);
    // Signing out is never blocked; a record that cannot be written is logged.
    await securityEvent(audit, request, {
      actor: { id: session.record.userId, name: session.record.auth.username },
      action: 'auth.sign-out',
      target: { type: 'user', id: session.record.userId },
    }).catch((error: unknown) => request.log.error({ err: error }, 'sign-out not recorded'));
    // The identity provider's session ends server to server, with the refresh token and the client's
    // credentials: no token travels through the browser (an ID token in the redirect would).
    // Only when that is refused (no refresh token, or one the provider no longer knows) does the
    // browser go to the provider's logout page, with client_id and post_logout_redirect_uri only.
    // Otherwise the start page says that the user was signed out.
    let target: string = SIGNED_OUT_LANDING;
    const { refreshToken } = session.record.auth;
    try {
      if (!refreshToken) throw new EndSessionRefusedError('no refresh token in the session');
      await oidc.endSessionByRefreshToken(refreshToken);
    } catch (error) {
      if (error instanceof EndSessionRefusedError) {
        request.log.info(
          { reason: error.message },
          'session end refused server-side; the browser confirms it',
        );
        target = (await oidc.endSessionUrl().catch(() => null))?.href ?? SIGNED_OUT_LANDING;
      } else {
        request.log.warn(
          { err: error },
          'the identity provider is unreachable; only the local session ended',
        );
      }
    }
    return noStore(reply).redirect(target, 303);
  });
}

/** The identity provider ended sessions (OIDC Back-Channel Logout 1.0): ours end with them. */
async function backchannelLogout(
  { sessions: { store }, oidc, audit }: AuthRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  noStore(reply);
  const body = request.body as Record<string, unknown> | undefined;
  const token = typeof body?.logout_token === 'string' ? body.logout_token : undefined;
  if (!token)
    return reply.code(400).send({ error: 'invalid_request', error_description: 'logout_token fehlt' });
  try {
    const claims = await verifyLogoutToken(token, await oidc.jwks(), {
      issuer: oidc.issuer,
      clientId: oidc.clientId,
    });
    if (!(await store.markOnce(`logout-jti:${claims.jti}`, 15 * 60 * 1000))) {
      return await reply
        .code(400)
        .send({ error: 'invalid_request', error_description: 'logout_token wiederverwendet' });
    }
    // With both sid and sub, a session must match both; with only one, that one.
    const ended = claims.sid
      ? await store.destroyBySid(claims.sid, claims.sub)
      : await store.destroyByUser(claims.sub ?? '');
    request.log.info({ ended, bySid: Boolean(claims.sid) }, 'back-channel logout');
    // Ended at the identity provider (an admin there, or the user elsewhere): who, it does not say.
    if (ended > 0) {
      await securityEvent(audit, request, {
        actor: null,
        action: 'session.ended-by-idp',
        target: { type: 'user', id: claims.sub ?? null },
        detail: `${ended} ended`,
      }).catch((error: unknown) => request.log.error({ err: error }, 'back-channel logout not recorded'));
    }
    return await reply.code(200).send();
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    request.log.warn(
      { reason: error instanceof Error ? error.message : 'unknown', code },
      'back-channel logout refused',
    );
    return reply.code(400).send({ error: 'invalid_request', error_description: 'logout_token ungültig' });
  }
}
