/**
 * Shared set-up of the tests: a simulator with a stub token verifier whose tokens are simply the
 * names below, a fixed "now", and no sync delay.
 */
import { DEMO_ACCOUNTS, DEMO_CLIENT_ID, DEMO_PLAYERS } from '@nova/demo';
import { ALL_ROLES } from '@nova/domain';
import type { FastifyInstance } from 'fastify';
import { createGameApiSim } from './app';
import type { TokenClaims } from './auth';

/** 2026-03-15 12:00 in Berlin. */
export const NOW = Date.UTC(2026, 2, 15, 11, 0);

const { spieler, beta, admin } = DEMO_ACCOUNTS;
export const IDS = {
  spieler: spieler.id,
  beta: beta.id,
  admin: admin.id,
  empty: DEMO_PLAYERS.empty.id,
  hidden: DEMO_PLAYERS.hidden.id,
} as const;

/** Stub tokens: the token text is the key. Roles as dev-idp issues them (realm and client roles). */
export const TOKENS: Record<string, TokenClaims> = {
  spieler: { sub: spieler.id, azp: DEMO_CLIENT_ID },
  beta: { sub: beta.id, azp: DEMO_CLIENT_ID, realm_access: { roles: [...beta.realmRoles] } },
  admin: {
    sub: admin.id,
    azp: DEMO_CLIENT_ID,
    realm_access: { roles: [...admin.realmRoles] },
    resource_access: { [DEMO_CLIENT_ID]: { roles: [...admin.clientRoles] } },
  },
  empty: { sub: IDS.empty, azp: DEMO_CLIENT_ID },
  hidden: { sub: IDS.hidden, azp: DEMO_CLIENT_ID },
  /** Every web role as a realm role, for role-table tests. */
  realmAll: { sub: spieler.id, azp: DEMO_CLIENT_ID, realm_access: { roles: [...ALL_ROLES] } },
};

export function stubVerifier(token: string): Promise<TokenClaims> {
  const claims = TOKENS[token];
  return claims ? Promise.resolve(claims) : Promise.reject(new Error('unknown test token'));
}

export function createTestSim(seed?: number): FastifyInstance {
  return createGameApiSim({ verifyToken: stubVerifier, now: () => NOW, syncDelayMs: 0, seed });
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw payload instead of JSON (with its content type). */
  raw?: { payload: string; contentType: string };
}

export interface CallResult {
  status: number;
  json: unknown;
  headers: Record<string, unknown>;
}

/** One request; `path` is relative like the contract's paths (no leading slash needed). */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.raw) {
    payload = options.raw.payload;
    headers['content-type'] = options.raw.contentType;
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({
    method,
    url: `/${path.replace(/^\//, '')}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const json: unknown = response.body === '' ? undefined : JSON.parse(response.body);
  return { status: response.statusCode, json, headers: response.headers };
}
