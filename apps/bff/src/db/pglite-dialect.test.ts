/**
 * What our PGlite dialect does that kysely-pglite-dialect 1.3.1 does not (decision 084): closing the
 * database waits for a transaction still running instead of failing it, and a read-only transaction
 * is read-only. One PGlite instance for both (its start is the slow part on a busy machine).
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

describe('the PGlite dialect', () => {
  it('refuses writes in a read-only transaction, and closing waits for a running transaction', async () => {
    const db = new Kysely<{ t: { x: number } }>({ dialect: new PGliteDialect(new PGlite()) });
    await sql`create table t (x int)`.execute(db);

    const readOnly = db
      .transaction()
      .setAccessMode('read only')
      .execute((trx) => sql`insert into t values (0)`.execute(trx));
    await expect(readOnly).rejects.toThrow('cannot execute INSERT in a read-only transaction');

    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const running = db.transaction().execute(async (trx) => {
      await sql`insert into t values (1)`.execute(trx);
      inside();
      await held;
      await sql`insert into t values (2)`.execute(trx);
      return (await trx.selectFrom('t').select('x').execute()).map((row) => row.x);
    });
    await entered;
    const closed = db.destroy();
    finish();
    await expect(running).resolves.toEqual([1, 2]);
    await closed;
  }, 120_000);
});
