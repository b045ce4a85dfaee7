/**
 * Logout (architecture §5.1): only from our own pages, ending the session here and at the identity
 * provider.
 */
import type { FastifyInstance } from 'fastify';
import { SIGNED_OUT_LANDING } from '@nova/domain';
import { EndSessionRefusedError } from './oidc';
import { logoutConfirmPage } from './pages';
import { AUTH_HTML, isSameOrigin, noStore, securityEvent, type AuthRoutesOptions } from './flow-common';

/** GET /auth/logout (the confirmation page) and POST /auth/logout. */
export function logoutRoutes(app: FastifyInstance, options: AuthRoutesOptions): void {
  const { publicUrl, sessions, oidc, audit } = options;
  app.get('/auth/logout', (_request, reply) => noStore(reply).type(AUTH_HTML).send(logoutConfirmPage()));

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
      actor: {
        id: session.record.userId,
        name: session.record.auth.username,
        displayName: session.record.displayName,
      },
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
