/**
 * The identity provider's answer to a sign-in (architecture §5.1): the pending sign-in checked, the
 * code exchanged, a new session for the person it vouched for, or a refusal.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInMethodOf } from '@nova/domain';
import { shortenIp } from '../audit/client-ip';
import type { PendingLogin } from '../session/types';
import { authStateFrom } from './claims';
import { resolveDisplayName } from './display-name';
import type { TokenSet } from './oidc';
import { otherAccountPage } from './pages';
import {
  AUTH_HTML,
  noStore,
  problemPage,
  securityEvent,
  SETTINGS_PATH,
  type AuthRoutesOptions,
} from './flow-common';

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

/** The identity provider's answer: the pending sign-in checked, the code exchanged. */
export async function callback(
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
      actor: { id: userId, name: auth.username, displayName },
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
      // The other account is the target's person (decision 099), never a name in the detail.
      detail: 'other-account',
      requestId: request.id,
      clientIp: shortenIp(request.ip),
      callKind: 'session',
    })
    .catch((error: unknown) => request.log.error({ err: error }, 'refused re-authentication not recorded'));
  return noStore(reply)
    .code(403)
    .type(AUTH_HTML)
    .send(otherAccountPage(pending.subject.username, kept, pending.returnTo));
}
