import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp, type AppOverrides } from '../src/app';
import { createDatabase, type Database } from '../src/db/database';
import { AuditPersons } from '../src/db/persons';
import { parseEnv } from '../src/env';
import { SessionManager } from '../src/session/manager';
import type { SessionRecord, SessionStore } from '../src/session/types';

let shared: Database | undefined;
/**
 * The tests' PostgreSQL database (global-setup.ts made and migrated it), shared by the apps of a
 * test file; test/database.test.ts runs the same checks against embedded PGlite. Records of
 * different test files mix, so tests look for their own (request id, actor, target).
 */
export function sharedTestDatabase(): Database {
  shared ??= createDatabase({ kind: 'postgres', url: inject('databaseUrl') });
  return shared;
}

/**
 * Raw audit rows with the acting person's login name as `actor_name`: records name a person number
 * (decision 099), the name lives sealed in the persons table (of `database`, the shared one unless
 * the file has its own).
 */
export async function withLogins<
  Row extends { actor_person: string | number | null; actor_name: string | null },
>(rows: Row[], database: Database = sharedTestDatabase()): Promise<Row[]> {
  const db = await database.open();
  const persons = await new AuditPersons().views(
    db,
    rows.flatMap((row) => (row.actor_person === null ? [] : [String(row.actor_person)])),
  );
  return rows.map((row) =>
    row.actor_person === null
      ? row
      : { ...row, actor_name: persons.get(String(row.actor_person))?.data?.login ?? null },
  );
}

/**
 * A database of a test file's own, beside the shared one on the same server: for tests that the
 * other files' apps would disturb (every app's webhook worker delivers any subscription's events,
 * decision 097). `create()` makes it empty (the first `open()` migrates it), `drop()` closes and
 * drops it; one left by a killed run goes with the shared one's leftovers (global-setup.ts).
 */
export function ownTestDatabase(label: string) {
  const shared = new URL(inject('databaseUrl'));
  const name = `${shared.pathname.slice(1)}_${label}`;
  const url = new URL(shared);
  url.pathname = `/${name}`;
  const admin = new URL(shared);
  admin.pathname = '/postgres';
  const database = createDatabase({ kind: 'postgres', url: url.toString() });
  const run = async (text: string) => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    database,
    create: () => run(`create database "${name}"`),
    async drop() {
      await database.close();
      await run(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** The audit records of one target in the shared test database (or `database`), oldest first. */
export async function auditRecordsOf(
  type: string,
  id: number | string,
  database: Database = sharedTestDatabase(),
) {
  const db = await database.open();
  // A player is named by their person number, not in `target_id` (decision 099).
  const player = type === 'user' ? await new AuditPersons().find(db, String(id)) : null;
  if (type === 'user' && !player) return [];
  const query = db.selectFrom('audit_log').selectAll().where('target_type', '=', type);
  return withLogins(
    await (player ? query.where('target_person', '=', player.no) : query.where('target_id', '=', String(id)))
      .orderBy('id', 'asc')
      .execute(),
    database,
  );
}

export function testEnv(overrides: Record<string, string | undefined> = {}) {
  return parseEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_SECONDS: '0',
    // Each app counts its own requests: test files share one Redis and the same demo users.
    RATE_LIMIT_NAMESPACE: `nova-test:${randomUUID()}:`,
    ...overrides,
  });
}

export async function testApp(
  env: Record<string, string | undefined>,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  return buildApp(testEnv(env), { logger: false, database: sharedTestDatabase(), ...overrides });
}

/** A session manager over an app's store with the tests' secret, to make signed-in sessions directly. */
export function testSessionManager(store: SessionStore): SessionManager {
  return new SessionManager({
    store,
    secret: testEnv().session.secret,
    idleSeconds: 1800,
    absoluteSeconds: 36000,
    secure: true,
    https: false,
  });
}

/** A live session record with all three tokens, for the store tests (tokens at rest, decision 031/041). */
export function recordWithTokens(): SessionRecord {
  return {
    userId: 'u1',
    sid: 's1',
    displayName: 'Jonas_Weber',
    createdAt: Date.now(),
    lastSeenAt: Date.now(),
    auth: {
      accessToken: 'access-secret',
      refreshToken: 'refresh-secret',
      idToken: 'id-secret',
      accessTokenExpiresAt: Date.now() + 60_000,
      username: 'spieler',
      roles: ['web:beta'],
    },
  };
}

/**
 * A logout answered without any token in the browser's URL: to the identity provider's logout page
 * with the client id and the return address only, the session cookie cleared (decision 032).
 */
export function expectTokenlessLogout(
  logout: { status: number; location: string | null; setCookies: string[] },
  issuer: string,
): URL {
  expect(logout.status).toBe(303);
  const endSession = new URL(logout.location ?? '');
  expect(endSession.href.startsWith(`${issuer}/protocol/openid-connect/logout`)).toBe(true);
  expect([...endSession.searchParams.keys()].sort()).toEqual(['client_id', 'post_logout_redirect_uri']);
  return endSession;
}

/** Headers of a same-origin SPA request. */
export const SPA = { 'x-csrf': '1' } as const;

export interface TrpcErrorBody {
  error: {
    message: string;
    /** The one error shape of the SPA (decision 006): German field errors and a reason. */
    data: {
      code: string;
      httpStatus: number;
      fieldErrors: Record<string, string> | null;
      reason?: string | null;
    };
  };
}
