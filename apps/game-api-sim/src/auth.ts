/**
 * Bearer-token checks of the simulated game API (architecture §4): every call except `toplist` and
 * `calendar` carries the user's Keycloak access token (RFC 6750). Roles are read like Keycloak's:
 * `resource_access[azp].roles` first, then `realm_access.roles` (specification §6, domain `hasRole`).
 */
import { DEMO_PLAYERS } from '@nova/demo';
import { hasRole } from '@nova/domain';
import type { FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { HttpError, forbidden } from './errors';

const TokenClaimsSchema = z
  .object({
    sub: z.string().min(1),
    azp: z.string().optional(),
    realm_access: z.object({ roles: z.array(z.string()).optional() }).optional(),
    resource_access: z.record(z.string(), z.object({ roles: z.array(z.string()).optional() })).optional(),
  })
  .loose();
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

export type VerifyToken = (token: string) => Promise<TokenClaims>;

/** The identity provider (discovery or JWKS) could not be reached: 503, not the token's fault. */
export class IdentityProviderUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IdentityProviderUnavailable';
  }
}

/** jose errors that mean "this token is not acceptable" (401) rather than "cannot check" (503). */
const TOKEN_ERRORS: ReadonlySet<string> = new Set([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
]);

const Discovery = z.object({ issuer: z.string(), jwks_uri: z.url() });
const DISCOVERY_TIMEOUT_MS = 5000;

async function discoverJwks(issuer: string): Promise<JWTVerifyGetKey> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const doc = Discovery.parse(await response.json());
  // OpenID Connect Discovery 1.0 §4.3: the document's issuer must be the one we asked.
  if (doc.issuer !== issuer) throw new Error(`discovery issuer ${doc.issuer} is not ${issuer}`);
  return createRemoteJWKSet(new URL(doc.jwks_uri));
}

/**
 * Verifies Keycloak access tokens of `issuer`: signature against the provider's JWKS (found by
 * discovery on first use, then cached), `iss`, `exp` (required), algorithms RS256/ES256/PS256 only.
 * No audience check: Keycloak access tokens name `account` or nothing as audience unless a mapper is
 * configured, and this is a demo stand-in; the real game API decides its own audience policy.
 */
export function issuerVerifier(issuer: string): VerifyToken {
  let jwks: Promise<JWTVerifyGetKey> | undefined;
  const keys = (): Promise<JWTVerifyGetKey> => {
    jwks ??= discoverJwks(issuer).catch((cause: unknown) => {
      jwks = undefined; // try again on the next request
      throw new IdentityProviderUnavailable('OpenID discovery failed', { cause });
    });
    return jwks;
  };
  return async (token) => {
    const getKey = await keys();
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer,
        algorithms: ['RS256', 'ES256', 'PS256'],
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (cause) {
      if (cause instanceof errors.JOSEError && TOKEN_ERRORS.has(cause.code)) throw cause;
      throw new IdentityProviderUnavailable('JWKS could not be loaded', { cause });
    }
    return TokenClaimsSchema.parse(payload);
  };
}

export interface Principal {
  sub: string;
  has(role: string): boolean;
}

const principals = new WeakMap<FastifyRequest, Principal>();

export function principalOf(request: FastifyRequest): Principal {
  const principal = principals.get(request);
  // Only reachable when a route forgot its `token` guard: fail closed.
  if (!principal) throw new HttpError(401, { error: 'Nicht angemeldet' });
  return principal;
}

function paramOf(request: FastifyRequest, name: string): string | undefined {
  const params = request.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const value: unknown = (params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export type Guard = (request: FastifyRequest) => Promise<void>;

export interface Guards {
  /** A valid bearer token, else 401 (503 when the identity provider cannot be reached). */
  token: Guard;
  /** The token holds `role`, else 403. */
  role(role: string): Guard;
  /** `:userId` is the token's subject, else 403. */
  ownUser: Guard;
  /**
   * Reads of a player's data: open to every valid token, except the hidden demo player's, which
   * only they may read. This demonstrates a game API that restricts foreign profiles (specification §6.4
   * leaves open whether the server does).
   */
  playerRead: Guard;
}

/** A synchronous permission check as a Fastify hook: `false` (or a throw) ends the request. */
const guard =
  (allowed: (request: FastifyRequest) => boolean): Guard =>
  (request) =>
    Promise.resolve().then(() => {
      if (!allowed(request)) throw forbidden();
    });

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

export function createGuards(verify: VerifyToken): Guards {
  const unauthorized = (error: string, challenge: string) =>
    new HttpError(401, { error }, { 'www-authenticate': challenge });
  return {
    async token(request) {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw unauthorized('Nicht angemeldet', 'Bearer realm="game-api"');
      let claims: TokenClaims;
      try {
        claims = TokenClaimsSchema.parse(await verify(token));
      } catch (cause) {
        if (cause instanceof IdentityProviderUnavailable) {
          request.log.error({ err: cause }, 'token verification impossible');
          throw new HttpError(503, { error: 'Identitätsanbieter nicht erreichbar' });
        }
        request.log.info({ err: cause }, 'bearer token rejected');
        throw unauthorized('Ungültiges Token', 'Bearer realm="game-api", error="invalid_token"');
      }
      const clientId = claims.azp ?? '';
      principals.set(request, { sub: claims.sub, has: (role) => hasRole(claims, role, clientId) });
    },
    role: (role) => guard((request) => principalOf(request).has(role)),
    ownUser: guard((request) => principalOf(request).sub === paramOf(request, 'userId')),
    playerRead: guard((request) => {
      const userId = paramOf(request, 'userId');
      return userId !== DEMO_PLAYERS.hidden.id || principalOf(request).sub === userId;
    }),
  };
}
