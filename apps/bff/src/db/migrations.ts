/**
 * Versioned migrations, run at start-up by Kysely's Migrator (which records them in its own tables
 * and serialises concurrent start-ups with a lock). Never edit a released migration: add one.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '001_audit_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text')
        .addColumn('target_id', 'text')
        .addColumn('before', 'jsonb')
        .addColumn('after', 'jsonb')
        .addColumn('outcome', 'text', (c) =>
          c.notNull().check(sql`outcome in ('success', 'refused', 'failed')`),
        )
        .addColumn('status', 'integer')
        .addColumn('detail', 'text')
        .addColumn('request_id', 'text')
        .addColumn('client_ip', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at desc', 'id desc']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_name', 'at']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();
      await db.schema
        .createIndex('audit_log_target')
        .on('audit_log')
        .columns(['target_type', 'target_id', 'at'])
        .execute();
      // Records are append-only: no UPDATE, no TRUNCATE, and DELETE only by the retention job, which
      // sets `nova.audit_purge` for its own transaction and may remove only rows past the cut-off.
      await sql`
        create function audit_log_immutable() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE'
             and current_setting('nova.audit_purge', true) is not null
             and current_setting('nova.audit_purge', true) <> ''
             and old.at < current_setting('nova.audit_purge', true)::timestamptz then
            return old;
          end if;
          raise exception 'audit_log records cannot be changed or deleted (%)', tg_op
            using errcode = 'insufficient_privilege';
        end $$`.execute(db);
      await sql`
        create trigger audit_log_no_change before update or delete on audit_log
        for each row execute function audit_log_immutable()`.execute(db);
      await sql`
        create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_immutable()`.execute(db);
    },
  },
  // Decision 053: how a call reached the BFF (browser session, a person's token, a machine client)
  // and the OAuth client of a bearer token. Older records have neither (null).
  '002_audit_call_kind': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('audit_log')
        .addColumn('call_kind', 'text', (c) =>
          c.check(sql`call_kind is null or call_kind in ('session', 'person-token', 'machine')`),
        )
        .addColumn('client_id', 'text')
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
