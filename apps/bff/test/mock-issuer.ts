/**
 * A minimal OpenID issuer for tests that need to sign tokens themselves (bearer and logout-token
 * checks): discovery and JWKS over real HTTP, plus helpers that sign with its key or a foreign one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';

export interface MockIssuer {
  issuer: string;
  sign(
    payload: JWTPayload,
    options?: { expiresIn?: string | number; key?: 'own' | 'foreign'; typ?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startMockIssuer(): Promise<MockIssuer> {
  const own = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(own.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    res.setHeader('content-type', 'application/json');
    if (path.endsWith('/.well-known/openid-configuration')) {
      res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
          token_endpoint: `${issuer}/protocol/openid-connect/token`,
          jwks_uri: `${issuer}/protocol/openid-connect/certs`,
          end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
      return;
    }
    if (path.endsWith('/protocol/openid-connect/certs')) {
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;

  async function sign(
    payload: JWTPayload,
    options: { expiresIn?: string | number; key?: 'own' | 'foreign'; typ?: string } = {},
  ): Promise<string> {
    const key: CryptoKey = options.key === 'foreign' ? foreign.privateKey : own.privateKey;
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', ...(options.typ ? { typ: options.typ } : {}) })
      .setIssuedAt();
    if (payload.iss === undefined) jwt.setIssuer(issuer);
    if (options.expiresIn !== undefined) jwt.setExpirationTime(options.expiresIn);
    return jwt.sign(key);
  }

  return {
    get issuer() {
      return issuer;
    },
    sign,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
