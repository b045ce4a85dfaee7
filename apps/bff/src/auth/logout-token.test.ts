import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKCHANNEL_LOGOUT_EVENT, verifyLogoutToken } from './logout-token';

const ISSUER = 'https://sso.example/realms/nova';
const CLIENT = 'nova-web';

describe('logout token (OIDC Back-Channel Logout 1.0 §2.6)', () => {
  let sign: (payload: JWTPayload, foreign?: boolean) => Promise<string>;
  let keys: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    const own = await generateKeyPair('RS256');
    const foreign = await generateKeyPair('RS256');
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(own.publicKey)), kid: 'k', alg: 'RS256' }] });
    sign = (payload, useForeign = false) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: 'k', typ: 'logout+jwt' })
        .sign(useForeign ? foreign.privateKey : own.privateKey);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const valid = () => ({
    iss: ISSUER,
    aud: CLIENT,
    iat: now(),
    jti: 'jti-1',
    sid: 'sid-1',
    sub: 'user-1',
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  });
  const verify = (token: string) => verifyLogoutToken(token, keys, { issuer: ISSUER, clientId: CLIENT });

  it('accepts a valid token and names sid and sub', async () => {
    await expect(verify(await sign(valid()))).resolves.toEqual({ jti: 'jti-1', sid: 'sid-1', sub: 'user-1' });
  });

  it('accepts a token that names only the user', async () => {
    const { sid: _sid, ...bySub } = valid();
    await expect(verify(await sign(bySub))).resolves.toEqual({ jti: 'jti-1', sub: 'user-1' });
  });

  it.each([
    ['a foreign signature', async () => sign(valid(), true)],
    ['another issuer', async () => sign({ ...valid(), iss: 'https://evil.example' })],
    ['another audience', async () => sign({ ...valid(), aud: 'forum' })],
    ['no event', async () => sign({ ...valid(), events: {} })],
    ['a nonce', async () => sign({ ...valid(), nonce: 'n' })],
    [
      'neither sid nor sub',
      async () => {
        const { sid: _s, sub: _u, ...none } = valid();
        return sign(none);
      },
    ],
    [
      'no jti',
      async () => {
        const { jti: _j, ...noJti } = valid();
        return sign(noJti);
      },
    ],
    ['an old iat', async () => sign({ ...valid(), iat: now() - 3600 })],
  ])('refuses %s', async (_name, token) => {
    await expect(verify(await token())).rejects.toThrow();
  });
});
