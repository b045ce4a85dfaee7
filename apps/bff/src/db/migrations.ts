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
  /**
   * Audit first (decision 043): a write's record is an intent (outcome `pending`, with the values
   * sent) before the game API is called, completed afterwards. Only a pending record may change, and
   * only in what completes it (outcome, after-state, status, detail, the target id a create learns);
   * everything else stays append-only. `unknown`: the answer never came, or the process ended first.
   */
  '003_audit_intents': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('audit_log')
        .addColumn('sent', 'jsonb')
        .addColumn('forced', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('completed_at', 'timestamptz')
        .execute();
      await sql`alter table audit_log drop constraint audit_log_outcome_check`.execute(db);
      await sql`
        alter table audit_log add constraint audit_log_outcome_check
        check (outcome in ('success', 'refused', 'failed', 'pending', 'unknown'))`.execute(db);
      await db.schema
        .createIndex('audit_log_pending')
        .on('audit_log')
        .column('at')
        .where(sql.ref('outcome'), '=', 'pending')
        .execute();
      await sql`
        create or replace function audit_log_immutable() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and old.outcome = 'pending'
             and new.id = old.id and new.at = old.at
             and new.actor_id is not distinct from old.actor_id
             and new.actor_name is not distinct from old.actor_name
             and new.action = old.action
             and new.target_type is not distinct from old.target_type
             and (old.target_id is null or new.target_id is not distinct from old.target_id)
             and new.before is not distinct from old.before
             and new.sent is not distinct from old.sent
             and new.forced = old.forced
             and new.request_id is not distinct from old.request_id
             and new.client_ip is not distinct from old.client_ip
             and new.call_kind is not distinct from old.call_kind
             and new.client_id is not distinct from old.client_id then
            return new;
          end if;
          if tg_op = 'DELETE'
             and current_setting('nova.audit_purge', true) is not null
             and current_setting('nova.audit_purge', true) <> ''
             and old.at < current_setting('nova.audit_purge', true)::timestamptz then
            return old;
          end if;
          raise exception 'audit_log records cannot be changed or deleted (%)', tg_op
            using errcode = 'insufficient_privilege';
        end $$`.execute(db);
    },
  },
  '004_discord_account_names': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('discord_names')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('discord_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
