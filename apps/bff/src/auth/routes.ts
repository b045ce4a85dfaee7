/**
 * /auth/* (architecture §5): sign-in with authorization code + PKCE and the password change through
 * Keycloak's application-initiated action (sign-in.ts), the callback (callback.ts), logout that
 * cannot be triggered cross-site and also ends the Keycloak session (logout.ts), and back-channel
 * logout from the identity provider (backchannel-logout.ts); what they share is flow-common.ts.
 */
import type { FastifyInstance } from 'fastify';
import { backchannelLogout } from './backchannel-logout';
import { callback } from './callback';
import type { AuthRoutesOptions } from './flow-common';
import { logoutRoutes } from './logout';
import { signInRoutes } from './sign-in';

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
