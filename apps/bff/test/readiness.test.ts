/**
 * `/readyz` tells the truth about audited writes (decision 058's runtime role): reachable is not
 * enough. With INSERT on the audit log or EXECUTE on an audit function revoked from the runtime role,
 * or the role's transactions read-only, it answers 503 and names the reason; restored, 200 again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { startStack, type Bff, type Stack } from './stack';

async function asOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('/readyz and the audit log’s writability', () => {
  const role = `nova_ready_${Math.random().toString(36).slice(2, 10)}`;
  let stack: Stack;
  let database: Database;
  let bff: Bff;

  const readiness = async () => {
    const response = await fetch(`${bff.url}/readyz`);
    const body = (await response.json()) as { checks: { database: string } };
    return { status: response.status, database: body.checks.database };
  };
  // The answer about the database is reused for a moment: wait for the new state.
  const becomes = (expected: { status: number; database: string }) =>
    expect.poll(readiness, { timeout: 15_000, interval: 250 }).toEqual(expected);

  beforeAll(async () => {
    await asOwner((client) => client.query(`create role ${role} login`));
    const url = new URL(inject('databaseUrl'));
    url.username = role;
    // The owner migrates and grants the runtime role what it needs (decision 058).
    database = createDatabase({ kind: 'postgres', url: url.href, migrationUrl: inject('databaseUrl') });
    stack = await startStack();
    bff = await stack.startBff(0, { database });
  });
  afterAll(async () => {
    await stack.close();
    await database.close();
    await asOwner(async (client) => {
      await client.query(`drop owned by ${role}`);
      await client.query(`drop role ${role}`);
    });
  });

  it('ready while the runtime role can record audited writes', async () => {
    expect(await readiness()).toEqual({ status: 200, database: 'ok' });
  });

  it('INSERT on the audit log revoked: 503 naming it; granted again: 200', async () => {
    await asOwner((client) => client.query(`revoke insert on audit_log from ${role}`));
    await becomes({ status: 503, database: 'fehlende Rechte: INSERT auf audit_log' });
    await asOwner((client) => client.query(`grant insert on audit_log to ${role}`));
    await becomes({ status: 200, database: 'ok' });
  });

  it('EXECUTE on the completion function revoked: 503 naming it', async () => {
    await asOwner((client) => client.query(`revoke execute on function audit_complete from ${role}`));
    await becomes({ status: 503, database: 'fehlende Rechte: EXECUTE auf audit_complete' });
    await asOwner((client) => client.query(`grant execute on function audit_complete to ${role}`));
    await becomes({ status: 200, database: 'ok' });
  });

  it('the role’s transactions read-only: 503 naming it', async () => {
    await asOwner(async (client) => {
      await client.query(`alter role ${role} set default_transaction_read_only = on`);
      // New connections take the setting: end the pool's current ones.
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
    });
    try {
      await becomes({ status: 503, database: 'schreibgeschützt (read-only)' });
    } finally {
      await asOwner(async (client) => {
        await client.query(`alter role ${role} reset default_transaction_read_only`);
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [
          role,
        ]);
      });
    }
    await becomes({ status: 200, database: 'ok' });
  });
});
