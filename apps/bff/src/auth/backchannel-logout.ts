/** OIDC Back-Channel Logout 1.0 (architecture §5.1): the identity provider ends sessions. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyLogoutToken } from './logout-token';
import { noStore, securityEvent, type AuthRoutesOptions } from './flow-common';

/** The identity provider ended sessions (OIDC Back-Channel Logout 1.0): ours end with them. */
export async function backchannelLogout(
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
