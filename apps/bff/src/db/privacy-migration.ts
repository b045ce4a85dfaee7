/**
 * Migration 011 (decisions 101, 102): the data exports as a job table (leased with SKIP LOCKED, so a
 * job survives a restart and runs on one instance at a time), the parts a job has collected so far,
 * the finished archives in chunks of at most a megabyte (written and read one chunk at a time, so
 * memory stays bounded and every instance can serve a download), and the privacy requests (erasure, restriction) with their deadline.
 */
import { sql, type Kysely } from 'kysely';

export async function privacyRequests(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('privacy_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('person_name', 'text', (c) => c.notNull())
    // The calendar day (Europe/Berlin) it was asked for: one export per person and day.
    .addColumn('day', 'text', (c) => c.notNull())
    // The session store's key of the browser session that asked: the job reads the game API with
    // that session's token while it lives, and forgets the key once the game data is collected.
    .addColumn('session_key', 'text')
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'running', 'ready', 'failed')`),
    )
    .addColumn('steps_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('steps_total', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  // A failed export does not use up the day.
  await sql`create unique index privacy_exports_one_a_day on privacy_exports (person_id, day)
    where state <> 'failed'`.execute(db);
  await db.schema
    .createIndex('privacy_exports_work')
    .on('privacy_exports')
    .columns(['state', 'created_at'])
    .execute();
  await db.schema
    .createTable('privacy_export_parts')
    .addColumn('export_id', 'text', (c) => c.notNull().references('privacy_exports.id').onDelete('cascade'))
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('privacy_export_parts_pk', ['export_id', 'area'])
    .execute();

  await db.schema
    .createTable('privacy_export_chunks')
    .addColumn('export_id', 'text', (c) => c.notNull().references('privacy_exports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('privacy_export_chunks_pk', ['export_id', 'seq'])
    .execute();

  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('person_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('erasure', 'restriction')`))
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('received', 'processing', 'done', 'rejected')`),
    )
    .addColumn('status_reason', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    // An erasure's result: what the operator still has to delete in the game database.
    .addColumn('erasure', 'jsonb')
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('privacy_requests_person')
    .on('privacy_requests')
    .columns(['person_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('privacy_requests_open')
    .on('privacy_requests')
    .columns(['status', 'deadline'])
    .execute();
}
