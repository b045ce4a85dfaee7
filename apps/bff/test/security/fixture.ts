/**
 * The security suite's target: the BFF over HTTP (`inject`) with a signing test issuer, a fake game
 * API that records every request, and browser sessions for each role made directly in the store.
 */
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { Database } from '../../src/db/database';
import { appRouter } from '../../src/routers';
import type { MemorySessionStore } from '../../src/session/memory-store';
import { INTEGRATOR_ROLES, INTEGRATOR_SCOPES, ROLES_OF, type Person } from '../access-table';
import type { MockGameApi } from '../mock-game-api';
import type { MockIssuer } from '../mock-issuer';
import { startTestBff, TEST_CLIENT_ID as CLIENT_ID } from '../test-bff';

export { TEST_CLIENT_ID as CLIENT_ID } from '../test-bff';
export { HUB } from '../access-table';

/** Every procedure the router has (not the policy table: a procedure missing there must show up). */
export const PROCEDURES = Object.keys(appRouter._def.procedures).sort();

export function isMutation(path: string): boolean {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  const procedure = procedures[path];
  return procedure?._def.type === 'mutation';
}

/** Roles as Keycloak sends them, per browser session: the people of the access table. */
export const SESSION_ROLES = ROLES_OF;

export type SessionWho = Person;

export interface Target {
  app: FastifyInstance;
  api: MockGameApi;
  issuer: MockIssuer;
  /** The app's session store (to make sessions of other shapes). */
  store: MemorySessionStore;
  /** Cookie header of a signed-in browser with the given roles (signed in just now). */
  cookie(who: SessionWho): string;
  /** Tokens of every kind for the bearer rows. */
  tokens: Record<BearerWho, string>;
  close(): Promise<void>;
}

export type BearerWho =
  'integrator' | 'idToken' | 'expired' | 'algNone' | 'forged' | 'hs256' | 'wrongAudience';

/** `overrides.database`: a database of the file's own (`ownTestDatabase`) instead of the shared one. */
export async function startTarget(
  env: Record<string, string> = {},
  overrides: { database?: Database } = {},
): Promise<Target> {
  const bff = await startTestBff({
    overrides,
    env: {
      GAME_API_TIMEOUT_MS: '2000',
      RATE_LIMIT_TRPC_PER_CLIENT: '10000000',
      RATE_LIMIT_TRPC_PER_USER: '10000000',
      RATE_LIMIT_AUTH_PER_CLIENT: '10000000',
      GAME_API_BREAKER_FAILURES: '1000',
      ...env,
    },
  });
  const { app, api, issuer, store, manager } = bff;
  const cookies = new Map<SessionWho, string>();
  for (const who of Object.keys(SESSION_ROLES) as SessionWho[]) {
    const { id } = await manager.create({
      userId: `${who}-id`,
      sid: `sid-${who}`,
      displayName: who,
      authTime: Math.floor(Date.now() / 1000),
      auth: {
        accessToken: `opaque-access-token-of-${who}`,
        refreshToken: `refresh-of-${who}`,
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username: who,
        roles: [...SESSION_ROLES[who]],
      },
    });
    cookies.set(who, `nova_session=${id}`);
  }

  const now = Math.floor(Date.now() / 1000);
  const integratorClaims = {
    sub: 'service-account-integrator',
    preferred_username: 'service-account-integrator',
    azp: 'integrator',
    aud: CLIENT_ID,
    typ: 'Bearer',
    auth_time: now,
    resource_access: { [CLIENT_ID]: { roles: INTEGRATOR_ROLES } },
    scope: ['profile', 'email', ...INTEGRATOR_SCOPES].join(' '),
  };
  const admin = {
    sub: 'admin-id',
    preferred_username: 'admin',
    resource_access: { [CLIENT_ID]: { roles: [...SESSION_ROLES.admin] } },
  };
  const unsigned = (payload: object) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify(payload),
    ).toString('base64url')}.`;
  const tokens: Record<BearerWho, string> = {
    integrator: await issuer.sign(integratorClaims, { expiresIn: '10m' }),
    idToken: await issuer.sign({ ...admin, typ: 'ID', aud: CLIENT_ID, azp: CLIENT_ID }, { expiresIn: '10m' }),
    expired: await issuer.sign({ ...admin, typ: 'Bearer', azp: CLIENT_ID }, { expiresIn: now - 120 }),
    algNone: unsigned({
      ...admin,
      iss: issuer.issuer,
      typ: 'Bearer',
      azp: CLIENT_ID,
      iat: now,
      exp: now + 600,
    }),
    forged: await issuer.sign(
      { ...admin, typ: 'Bearer', azp: CLIENT_ID },
      { expiresIn: '10m', key: 'foreign' },
    ),
    hs256: await hmacToken(issuer.issuer),
    wrongAudience: await issuer.sign(
      { ...admin, typ: 'Bearer', azp: 'other-client', aud: 'other-client' },
      { expiresIn: '10m' },
    ),
  };

  return {
    app,
    api,
    issuer,
    store,
    tokens,
    cookie: (who) => cookies.get(who) ?? '',
    close: () => bff.close(),
  };
}

/** An HMAC-signed token (HS256 with a guessable secret): a classic algorithm confusion attempt. */
export async function hmacToken(issuer: string): Promise<string> {
  return new SignJWT({ sub: 'admin-id', typ: 'Bearer', azp: CLIENT_ID })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode('nova-web-dev-secret-nova-web-dev-secret'));
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The procedure's input (JSON value), or raw text for a POST body. */
  input?: unknown;
  raw?: string;
}

export function isSubscription(path: string): boolean {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return procedures[path]?._def.type === 'subscription';
}

/** What the suite reads of an answer. */
export interface Answer {
  statusCode: number;
  body: string;
  // As light-my-request's own answer: the caller names what it expects.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  json<T = unknown>(): T;
}

/**
 * A subscription (decision 106) answers with a stream that may never end: read up to its first
 * event after `connected`, then let go (an answer that is not a stream is read whole). A refusal inside the stream (`serialized-error`) counts with
 * its HTTP status and message, as the browser's link reads it.
 */
export async function firstEvent(
  target: Target,
  request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: string },
): Promise<Answer> {
  const response = await target.app.inject({ ...request, payloadAsStream: true });
  const stream = response.stream();
  let text = '';
  if (!String(response.headers['content-type']).startsWith('text/event-stream')) {
    // Refused before the stream began (CSRF, sign-in): an ordinary JSON answer.
    for await (const chunk of stream) text += String(chunk);
    return { statusCode: response.statusCode, body: text, json: () => JSON.parse(text) as never };
  }
  for await (const chunk of stream) {
    text += String(chunk);
    const blocks = text
      .split('\n\n')
      .slice(0, -1)
      .map((block) => block.trim());
    if (blocks.some((block) => block && !block.startsWith('event: connected'))) break;
  }
  stream.destroy();
  const event =
    text
      .split('\n\n')
      .map((block) => block.trim())
      .find((block) => block && !block.startsWith('event: connected')) ?? '';
  const data = /^data: (.*)$/m.exec(event)?.[1] ?? '';
  if (!event.startsWith('event: serialized-error'))
    return { statusCode: response.statusCode, body: text, json: () => JSON.parse(data || 'null') as never };
  const shape = JSON.parse(data) as { message: string; data: { httpStatus: number } };
  const body = JSON.stringify({ error: shape });
  return { statusCode: shape.data.httpStatus, body, json: () => JSON.parse(body) as never };
}

/** One procedure call the way @trpc/client sends it (GET for queries, POST for mutations). */
export function call(target: Target, path: string, options: CallOptions = {}): Promise<Answer> {
  const method = options.method ?? (isMutation(path) ? 'POST' : 'GET');
  const input = options.input === undefined ? {} : options.input;
  if (method === 'GET' && isSubscription(path))
    return firstEvent(target, {
      method,
      url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: options.headers ?? {},
    });
  if (method === 'GET') {
    return target.app.inject({
      method,
      url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: options.headers ?? {},
    });
  }
  return target.app.inject({
    method,
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: options.raw ?? JSON.stringify(input),
  });
}
