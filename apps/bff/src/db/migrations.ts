/**
 * Versioned migrations, run at start-up by Kysely's Migrator (which records them in its own tables
 * and serialises concurrent start-ups with a lock). Never edit a released migration: add one.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { COMPLETION_HASH, GENESIS, hashFunctionSql, ROW_HASH, ROW_HASH_BEFORE_PERSONS } from './audit-hash';
import { movePersons } from './migrate-persons';
import { privacyRequests } from './privacy-migration';

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
  '005_audit_chain': { up: auditChain },
  '006_audit_undo_of': { up: auditUndoOf },
  '007_idempotency_keys': { up: idempotencyKeys },
  '008_audit_chain_linker': { up: auditChainLinker },
  '011_privacy_requests': { up: privacyRequests },
  '012_audit_scale': { up: auditScale },
  '013_webhooks': { up: webhooks },
  // The persons come after the audit log's indexes of 012.
  '014_audit_persons': { up: auditPersons },
};

/**
 * The fields whose values name a record's target (the keyword's names, decision 093): the domain's
 * `auditNameFields()` when this migration was written (a test keeps them equal; a change needs a new
 * migration that replaces `audit_search_text`).
 */
export const AUDIT_SEARCH_NAME_FIELDS = ['name', 'reason_name', 'description', 'externalId'] as const;

/**
 * The audit log at a million records (decision 104). The keyword's text and keys are stored with each
 * record, computed by the database from the record itself (generated columns, so every insert and
 * completion has them and no writer can forget them), and indexed:
 * - `search_text`: what the keyword finds as part of a word (the target's names before and after, its
 *   number and type, the detail), one value a line, trigram-indexed (`pg_trgm`) for `ILIKE '%…%'`;
 * - `search_keys`: what it finds exactly: `c:<field>` a field the record changed, `v:<field>=<value>`
 *   a short value before or after, `n:<number>` a number before or after, `d:<detail>` a short detail
 *   (the coded details), GIN-indexed for `&&`.
 * The person's name and subject get trigram indexes too; the outcome an index in the list's order;
 * the target index a partial twin over the records that carry the target's state (a refusal's name).
 */
// Long on purpose: one migration's SQL, read and reviewed as one unit.
async function auditScale(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  const names = (state: string) => AUDIT_SEARCH_NAME_FIELDS.map((f) => `${state} ->> '${f}'`).join(', ');
  await sql`
    create function audit_search_text(p_before jsonb, p_after jsonb, p_target_type text,
                                      p_target_id text, p_detail text) returns text
    language sql immutable parallel safe as $$
      select concat_ws(e'\\n', ${sql.raw(names('p_after'))}, ${sql.raw(names('p_before'))},
        p_target_id, p_target_type, p_detail) $$`.execute(db);
  // Most records (sign-ins, refusals) carry no state: they are done before any JSON is read.
  await sql`
    create function audit_search_keys(p_before jsonb, p_after jsonb, p_detail text) returns text[]
    language plpgsql immutable parallel safe as $$
    declare
      detail text[] := case when length(p_detail) <= 64 then array['d:' || p_detail] else '{}' end;
    begin
      if jsonb_typeof(p_before) is distinct from 'object' and jsonb_typeof(p_after) is distinct from 'object' then
        return detail;
      end if;
      return detail || array(
        select distinct k from (
          select f, b, a, case when b is distinct from a then 'c:' || f end as changed
          from (select coalesce(b.key, a.key) as f, b.value as b, a.value as a
                from jsonb_each(case when jsonb_typeof(p_before) = 'object' then p_before else '{}' end) as b
                full join jsonb_each(case when jsonb_typeof(p_after) = 'object' then p_after else '{}' end) as a
                  on a.key = b.key) as pairs) as x,
          lateral (values (x.changed),
            (case when jsonb_typeof(x.b) in ('number', 'string', 'boolean') and length(x.b #>> '{}') <= 32
                  then 'v:' || x.f || '=' || (x.b #>> '{}') end),
            (case when jsonb_typeof(x.a) in ('number', 'string', 'boolean') and length(x.a #>> '{}') <= 32
                  then 'v:' || x.f || '=' || (x.a #>> '{}') end),
            (case when jsonb_typeof(x.b) = 'number' then 'n:' || trim_scale((x.b #>> '{}')::numeric)::text end),
            (case when jsonb_typeof(x.a) = 'number' then 'n:' || trim_scale((x.a #>> '{}')::numeric)::text end))
            as t(k)
        where k is not null);
    end $$`.execute(db);
  await sql`
    alter table audit_log
      add column search_text text
        generated always as (audit_search_text(before, after, target_type, target_id, detail)) stored,
      add column search_keys text[]
        generated always as (audit_search_keys(before, after, detail)) stored`.execute(db);
  await sql`create index audit_log_search_text on audit_log using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index audit_log_search_keys on audit_log using gin (search_keys)`.execute(db);
  await sql`create index audit_log_actor_name_trgm on audit_log using gin (actor_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index audit_log_actor_id_trgm on audit_log using gin (actor_id gin_trgm_ops)`.execute(db);
  await sql`create index audit_log_outcome on audit_log (outcome, at desc, id desc)`.execute(db);
  await sql`
    create index audit_log_target_state on audit_log (target_type, target_id, at)
    where after is not null or before is not null`.execute(db);
}

/**
 * Webhooks (decision 097): subscriptions, the outbox of deliveries (one row per event and
 * subscription, written in the transaction that completes the event's audit record) and each
 * delivery's attempts. A delivery's id is its `webhook-id`, the same on every attempt.
 */
async function webhooks(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_subscriptions (
      id bigint generated always as identity primary key,
      url text not null,
      format text not null check (format in ('standard', 'discord')),
      events text[] not null,
      secret text not null,
      state text not null default 'active' check (state in ('active', 'paused')),
      failing_since timestamptz,
      paused_at timestamptz,
      created_at timestamptz not null default now(),
      created_by text
    )`.execute(db);
  await sql`
    create table webhook_deliveries (
      id text primary key,
      subscription_id bigint not null references webhook_subscriptions (id) on delete cascade,
      audit_id bigint not null,
      event_type text not null,
      body text not null,
      state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
      attempts int not null default 0,
      created_at timestamptz not null default now(),
      retry_from timestamptz not null default now(),
      next_attempt_at timestamptz not null default now(),
      lease_until timestamptz,
      delivered_at timestamptz,
      last_status int,
      last_error text,
      last_duration_ms int
    )`.execute(db);
  // The worker's claim: what is due, oldest first.
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at)
    where state = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_log on webhook_deliveries (subscription_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table webhook_attempts (
      id bigint generated always as identity primary key,
      delivery_id text not null references webhook_deliveries (id) on delete cascade,
      at timestamptz not null default now(),
      status int,
      error text,
      duration_ms int not null
    )`.execute(db);
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id, at)`.execute(db);
}

/**
 * The keys of creates (decision 066), kept where the intent is: `claimed` while nothing was sent,
 * `sent` once the create may reach the game API (with the ids listed before it, so that a retry
 * after a crash or an unknown outcome finds the row it made), `done` with the answer. No expiry
 * while a key is open; the retention deletes keys a day old. The person's id is a column of its own
 * (one person's keys can be deleted).
 */
async function idempotencyKeys(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      person_id text not null,
      procedure text not null,
      key text not null,
      state text not null check (state in ('claimed', 'sent', 'done')),
      ids_before jsonb,
      result jsonb,
      created_at timestamptz not null default now(),
      primary key (person_id, procedure, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created on idempotency_keys (created_at)`.execute(db);
}

/**
 * An undo links the record it takes back (decision 063): `undo_of`, set at insert, chained. The row
 * hash appends it only when it is set (`concat_ws` skips nulls), so every earlier record keeps its
 * hash; audit/chain.ts does the same. A completion may not change it.
 */
async function auditUndoOf(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log add column undo_of bigint`.execute(db);
  await sql`create index audit_log_undo_of on audit_log (undo_of) where undo_of is not null`.execute(db);
  await sql`
    create or replace function audit_row_hash(r audit_log) returns text language sql stable as $$
      select encode(sha256(convert_to(concat_ws('|', 'nova-audit-row-v1',
        audit_field(r.seq::text), audit_field(r.id::text), audit_field(audit_us(r.at)),
        audit_field(r.actor_id), audit_field(r.actor_name), audit_field(r.action),
        audit_field(r.target_type),
        audit_field(case when r.target_learnt then null else r.target_id end),
        audit_field(r.before::text),
        audit_field(case when r.completion_seq is null then r.after::text end),
        audit_field(case when r.completion_seq is null then r.outcome else 'pending' end),
        audit_field(case when r.completion_seq is null then r.status::text end),
        audit_field(case when r.completion_seq is null then r.detail end),
        audit_field(r.request_id), audit_field(r.client_ip), audit_field(r.call_kind),
        audit_field(r.client_id), audit_field(r.sent::text), audit_field(r.forced::text),
        audit_field(r.prev_hash),
        case when r.undo_of is null then null else 'undo-of=' || audit_field(r.undo_of::text) end),
        'UTF8')), 'hex') $$`.execute(db);
  await sql`
    create function audit_log_undo_of_fixed() returns trigger language plpgsql
    security definer set search_path = public, pg_temp as $$
    begin
      if new.undo_of is distinct from old.undo_of then
        raise exception 'audit_log records cannot be changed or deleted (%)', tg_op
          using errcode = 'insufficient_privilege';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger audit_log_undo_of_fixed before update on audit_log
    for each row execute function audit_log_undo_of_fixed()`.execute(db);
  await sql`revoke execute on function audit_log_undo_of_fixed() from public`.execute(db);
}

/**
 * A tamper-evident audit log (decision 058). Every event – a record's insert, and an intent's
 * completion – takes the next number of one chain and a SHA-256 over its canonical serialisation
 * (audit/chain.ts writes the same one for the verifier) and the previous event's hash. The head
 * (last number and hash) and the floors the runtime's functions must respect live
 * in `audit_chain`, which only the owner may change. Triggers and functions are SECURITY DEFINER:
 * the runtime role needs only INSERT and SELECT on `audit_log` and EXECUTE on the three functions
 * that complete intents, close abandoned ones and purge past the retention.
 */
// Long on purpose: one migration's SQL, read and reviewed as one unit.
async function auditChain(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_chain (
      id int primary key default 1 check (id = 1),
      last_seq bigint not null default 0,
      last_hash text not null,
      min_retention_days int not null default 1
    )`.execute(db);
  await sql`insert into audit_chain (last_hash) values (${GENESIS})`.execute(db);
  // The numbers the retention purge removed, as ranges: the only gaps the chain may have.
  await sql`
    create table audit_purged (from_seq bigint primary key, to_seq bigint not null)`.execute(db);
  await db.schema
    .alterTable('audit_log')
    .addColumn('seq', 'bigint')
    .addColumn('prev_hash', 'text')
    .addColumn('hash', 'text')
    .addColumn('completion_seq', 'bigint')
    .addColumn('completion_prev_hash', 'text')
    .addColumn('completion_hash', 'text')
    .addColumn('target_learnt', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index audit_log_seq on audit_log (seq)`.execute(db);
  await sql`create unique index audit_log_completion_seq on audit_log (completion_seq)`.execute(db);

  // The canonical serialisation: each value as `<UTF-8 bytes>:<text>` (null as `-`), joined by `|`,
  // behind a tag naming the kind of event. jsonb as PostgreSQL prints it, times in epoch microseconds.
  await sql`
    create function audit_field(v text) returns text language sql immutable as $$
      select case when v is null then '-' else octet_length(v)::text || ':' || v end $$`.execute(db);
  await sql`
    create function audit_us(t timestamptz) returns text language sql immutable as $$
      select case when t is null then null else (extract(epoch from t) * 1000000)::bigint::text end $$`.execute(
    db,
  );
  // A completed intent is hashed as it was inserted: pending, without after-state, status, detail
  // and without the target id its completion learnt.
  await sql`
    create function audit_row_hash(r audit_log) returns text language sql stable as $$
      select encode(sha256(convert_to(concat_ws('|', 'nova-audit-row-v1',
        audit_field(r.seq::text), audit_field(r.id::text), audit_field(audit_us(r.at)),
        audit_field(r.actor_id), audit_field(r.actor_name), audit_field(r.action),
        audit_field(r.target_type),
        audit_field(case when r.target_learnt then null else r.target_id end),
        audit_field(r.before::text),
        audit_field(case when r.completion_seq is null then r.after::text end),
        audit_field(case when r.completion_seq is null then r.outcome else 'pending' end),
        audit_field(case when r.completion_seq is null then r.status::text end),
        audit_field(case when r.completion_seq is null then r.detail end),
        audit_field(r.request_id), audit_field(r.client_ip), audit_field(r.call_kind),
        audit_field(r.client_id), audit_field(r.sent::text), audit_field(r.forced::text),
        audit_field(r.prev_hash)), 'UTF8')), 'hex') $$`.execute(db);
  await sql`
    create function audit_completion_hash(r audit_log) returns text language sql stable as $$
      select encode(sha256(convert_to(concat_ws('|', 'nova-audit-completion-v1',
        audit_field(r.completion_seq::text), audit_field(r.id::text), audit_field(r.outcome),
        audit_field(r.after::text), audit_field(r.status::text), audit_field(r.detail),
        audit_field(audit_us(r.completed_at)), audit_field(r.target_id),
        audit_field(r.target_learnt::text), audit_field(r.completion_prev_hash)), 'UTF8')), 'hex') $$`.execute(
    db,
  );

  // Existing records join the chain in their order, a completed intent's completion right after it.
  await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
  await sql`
    do $$
    declare
      r audit_log;
      n bigint := 0;
      h text := (select last_hash from audit_chain where id = 1);
    begin
      for r in select * from audit_log order by at, id loop
        n := n + 1;
        r.seq := n;
        r.prev_hash := h;
        if r.completed_at is not null then r.completion_seq := n + 1; end if;
        r.hash := audit_row_hash(r);
        h := r.hash;
        if r.completed_at is not null then
          n := n + 1;
          r.completion_prev_hash := h;
          r.completion_hash := audit_completion_hash(r);
          h := r.completion_hash;
        end if;
        update audit_log set seq = r.seq, prev_hash = r.prev_hash, hash = r.hash,
          completion_seq = r.completion_seq, completion_prev_hash = r.completion_prev_hash,
          completion_hash = r.completion_hash
        where id = r.id;
      end loop;
      update audit_chain set last_seq = n, last_hash = h where id = 1;
    end $$`.execute(db);
  await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);

  // Inserts: the chain's next number and hash, whatever the caller sent for them.
  await sql`
    create function audit_log_chain_insert() returns trigger language plpgsql
    security definer set search_path = public, pg_temp as $$
    declare head audit_chain;
    begin
      if new.outcome = 'pending' and (new.after is not null or new.status is not null or new.detail is not null) then
        raise exception 'an intent has no outcome yet' using errcode = 'check_violation';
      end if;
      new.completed_at := null;
      new.completion_seq := null;
      new.completion_prev_hash := null;
      new.completion_hash := null;
      new.target_learnt := false;
      select * into head from audit_chain where id = 1 for update;
      new.seq := head.last_seq + 1;
      new.prev_hash := head.last_hash;
      new.hash := audit_row_hash(new);
      update audit_chain set last_seq = new.seq, last_hash = new.hash where id = 1;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger audit_log_chain before insert on audit_log
    for each row execute function audit_log_chain_insert()`.execute(db);

  // Updates: only an intent's completion (as 003 allowed), now chained; deletes only by the purge.
  await sql`
    create or replace function audit_log_immutable() returns trigger language plpgsql
    security definer set search_path = public, pg_temp as $$
    declare head audit_chain;
    begin
      if tg_op = 'UPDATE' and old.outcome = 'pending' and new.outcome in ('success', 'failed', 'unknown')
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
         and new.client_id is not distinct from old.client_id
         and new.seq is not distinct from old.seq
         and new.prev_hash is not distinct from old.prev_hash
         and new.hash is not distinct from old.hash
         and old.completion_seq is null then
        new.target_learnt := old.target_id is null and new.target_id is not null;
        new.completed_at := coalesce(new.completed_at, now());
        select * into head from audit_chain where id = 1 for update;
        new.completion_seq := head.last_seq + 1;
        new.completion_prev_hash := head.last_hash;
        new.completion_hash := audit_completion_hash(new);
        update audit_chain set last_seq = new.completion_seq, last_hash = new.completion_hash where id = 1;
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

  // What the runtime may do besides INSERT and SELECT: the purge bounded by the owner's retention
  // floor, the sweep by the present (all instances share one table, and their sweep ages may differ).
  await sql`
    create function audit_complete(p_id bigint, p_outcome text, p_after jsonb, p_status int,
                                   p_detail text, p_target_id text) returns boolean
    language plpgsql security definer set search_path = public, pg_temp as $$
    begin
      if p_outcome not in ('success', 'failed', 'unknown') then
        raise exception 'not an outcome: %', p_outcome using errcode = 'check_violation';
      end if;
      update audit_log set outcome = p_outcome, after = p_after, status = p_status, detail = p_detail,
        completed_at = now(), target_id = coalesce(target_id, p_target_id)
      where id = p_id and outcome = 'pending';
      return found;
    end $$`.execute(db);
  await sql`
    create function audit_close_abandoned(p_cutoff timestamptz, p_detail text) returns bigint
    language plpgsql security definer set search_path = public, pg_temp as $$
    declare n bigint;
    begin
      if p_cutoff > now() then
        raise exception 'cut-off too recent' using errcode = 'insufficient_privilege';
      end if;
      update audit_log set outcome = 'unknown', detail = p_detail, completed_at = now()
      where outcome = 'pending' and at < p_cutoff;
      get diagnostics n = row_count;
      return n;
    end $$`.execute(db);
  await sql`
    create function audit_purge(p_cutoff timestamptz) returns bigint
    language plpgsql security definer set search_path = public, pg_temp as $$
    declare n bigint; gone bigint[];
    begin
      if p_cutoff > now() - make_interval(days => (select min_retention_days from audit_chain where id = 1)) then
        raise exception 'cut-off too recent' using errcode = 'insufficient_privilege';
      end if;
      perform 1 from audit_chain where id = 1 for update;
      perform set_config('nova.audit_purge', p_cutoff::text, true);
      with deleted as (delete from audit_log where at < p_cutoff returning seq, completion_seq)
      select count(*), array_cat(array_agg(seq), array_agg(completion_seq)) into n, gone from deleted;
      perform set_config('nova.audit_purge', '', true);
      insert into audit_purged (from_seq, to_seq)
        select min(s), max(s)
        from (select s, s - row_number() over (order by s) as island from unnest(gone) as s where s is not null) as g
        group by island;
      return n;
    end $$`.execute(db);
  for (const fn of [
    'audit_complete(bigint, text, jsonb, int, text, text)',
    'audit_close_abandoned(timestamptz, text)',
    'audit_purge(timestamptz)',
    'audit_log_chain_insert()',
    'audit_log_immutable()',
  ]) {
    await sql`revoke execute on function ${sql.raw(fn)} from public`.execute(db);
  }
}

/**
 * The chain without a global wait (decision 068). Writers no longer touch the head: an insert and a
 * completion only store the record; `audit_link(max)` gives the not yet linked events (inserts and
 * completions) their numbers and hashes in batches, one linker at a time (the head row taken with
 * SKIP LOCKED: a second linker, and anything else, never waits for it), and moves the head once
 * per batch. The hash functions are generated from db/audit-hash.ts; for every record 005 and 006
 * hashed they give the same hash (a completed intent is recognised by `completed_at`, which was set
 * exactly when `completion_seq` was), so the existing chain verifies unchanged.
 */
// Long on purpose: one migration's SQL, read and reviewed as one unit.
async function auditChainLinker(db: Kysely<unknown>): Promise<void> {
  await sql.raw(hashFunctionSql('audit_row_hash', ROW_HASH_BEFORE_PERSONS)).execute(db);
  await sql.raw(hashFunctionSql('audit_completion_hash', COMPLETION_HASH)).execute(db);
  // The events still to link: a few at any time, so the linker's query stays small.
  await sql`
    create index audit_log_unlinked on audit_log (id)
    where seq is null or (completed_at is not null and completion_seq is null)`.execute(db);

  // Inserts: the chain's columns are the linker's, whatever the caller sent for them.
  await sql`
    create or replace function audit_log_chain_insert() returns trigger language plpgsql
    security definer set search_path = public, pg_temp as $$
    begin
      if new.outcome = 'pending' and (new.after is not null or new.status is not null or new.detail is not null) then
        raise exception 'an intent has no outcome yet' using errcode = 'check_violation';
      end if;
      new.completed_at := null;
      new.seq := null;
      new.prev_hash := null;
      new.hash := null;
      new.completion_seq := null;
      new.completion_prev_hash := null;
      new.completion_hash := null;
      new.target_learnt := false;
      return new;
    end $$`.execute(db);

  // Updates: an intent's completion (as 003 allowed; chained later by the linker), or the linker
  // setting a not yet linked event's chain columns once; deletes only by the purge.
  await sql`
    create or replace function audit_log_immutable() returns trigger language plpgsql
    security definer set search_path = public, pg_temp as $$
    begin
      if tg_op = 'UPDATE' and new.id = old.id and new.at = old.at
         and new.actor_id is not distinct from old.actor_id
         and new.actor_name is not distinct from old.actor_name
         and new.action = old.action
         and new.target_type is not distinct from old.target_type
         and new.before is not distinct from old.before
         and new.sent is not distinct from old.sent
         and new.forced = old.forced
         and new.request_id is not distinct from old.request_id
         and new.client_ip is not distinct from old.client_ip
         and new.call_kind is not distinct from old.call_kind
         and new.client_id is not distinct from old.client_id then
        if current_setting('nova.audit_link', true) = 'on'
           and new.outcome = old.outcome
           and new.after is not distinct from old.after
           and new.status is not distinct from old.status
           and new.detail is not distinct from old.detail
           and new.completed_at is not distinct from old.completed_at
           and new.target_id is not distinct from old.target_id
           and new.target_learnt = old.target_learnt
           and (old.seq is null or (new.seq = old.seq and new.prev_hash = old.prev_hash and new.hash = old.hash))
           and (old.completion_seq is null or (new.completion_seq = old.completion_seq
                and new.completion_prev_hash = old.completion_prev_hash
                and new.completion_hash = old.completion_hash))
           and (new.completion_seq is null or old.completed_at is not null) then
          return new;
        end if;
        if old.outcome = 'pending' and old.completed_at is null
           and new.outcome in ('success', 'failed', 'unknown')
           and (old.target_id is null or new.target_id is not distinct from old.target_id)
           and new.seq is not distinct from old.seq
           and new.prev_hash is not distinct from old.prev_hash
           and new.hash is not distinct from old.hash
           and new.completion_seq is null and new.completion_prev_hash is null and new.completion_hash is null then
          new.target_learnt := old.target_id is null and new.target_id is not null;
          new.completed_at := coalesce(new.completed_at, now());
          return new;
        end if;
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

  // The linker: at most 10,000 events a call, in the order of the records' ids, a record's insert
  // before its completion. Rows another transaction holds (a completion under way) are skipped and
  // linked by a later call; so is the whole call while another linker (or the purge) has the head.
  await sql`
    create function audit_link(p_max int) returns int
    language plpgsql security definer set search_path = public, pg_temp as $$
    declare
      head audit_chain;
      r audit_log;
      n bigint;
      h text;
      linked int := 0;
      k int := 0;
      ids bigint[];
      seqs bigint[];
      prevs text[];
      hashes text[];
      completion_seqs bigint[];
      completion_prevs text[];
      completion_hashes text[];
    begin
      select * into head from audit_chain where id = 1 for update skip locked;
      if not found then
        return -1;
      end if;
      n := head.last_seq;
      h := head.last_hash;
      perform set_config('nova.audit_link', 'on', true);
      for r in
        select * from audit_log
        where seq is null or (completed_at is not null and completion_seq is null)
        order by id
        limit least(greatest(p_max, 1), 10000)
        for update skip locked
      loop
        if r.seq is null then
          n := n + 1;
          r.seq := n;
          r.prev_hash := h;
          r.hash := audit_row_hash(r);
          h := r.hash;
          linked := linked + 1;
        end if;
        if r.completed_at is not null and r.completion_seq is null then
          n := n + 1;
          r.completion_seq := n;
          r.completion_prev_hash := h;
          r.completion_hash := audit_completion_hash(r);
          h := r.completion_hash;
          linked := linked + 1;
        end if;
        k := k + 1;
        ids[k] := r.id;
        seqs[k] := r.seq;
        prevs[k] := r.prev_hash;
        hashes[k] := r.hash;
        completion_seqs[k] := r.completion_seq;
        completion_prevs[k] := r.completion_prev_hash;
        completion_hashes[k] := r.completion_hash;
      end loop;
      -- One statement for the batch: a statement per row costs twice as much.
      update audit_log as a set seq = l.seq, prev_hash = l.prev_hash, hash = l.hash,
        completion_seq = l.completion_seq, completion_prev_hash = l.completion_prev_hash,
        completion_hash = l.completion_hash
      from unnest(ids, seqs, prevs, hashes, completion_seqs, completion_prevs, completion_hashes)
        as l(id, seq, prev_hash, hash, completion_seq, completion_prev_hash, completion_hash)
      where a.id = l.id;
      perform set_config('nova.audit_link', '', true);
      if linked > 0 then
        update audit_chain set last_seq = n, last_hash = h where id = 1;
      end if;
      return linked;
    end $$`.execute(db);
  await sql`revoke execute on function audit_link(int) from public`.execute(db);
}

/**
 * Persons in the audit log (decisions 099, 100): a record names a person number (`actor_person`, and
 * `target_person` for a player as target) instead of a subject, login name or address in clear; the
 * person's fields live once in `audit_persons`, sealed with the person's key in `audit_person_keys`;
 * a legal hold (`audit_legal_holds`) keeps a key until released. The row hash appends the numbers
 * only when set, so a record without them keeps its hash; the persons' numbers are fixed like the
 * rest of a record. Existing records move once (db/migrate-persons.ts), verified before and after.
 */
// Long on purpose: one migration's SQL, read and reviewed as one unit.
async function auditPersons(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_persons (
      person_no bigint generated always as identity primary key,
      subject_digest text,
      data text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      erased_at timestamptz
    )`.execute(db);
  await sql`
    create unique index audit_persons_subject on audit_persons (subject_digest)
    where subject_digest is not null`.execute(db);
  await sql`
    create table audit_person_keys (
      person_no bigint primary key references audit_persons (person_no),
      key text not null,
      wrapped boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table audit_legal_holds (
      id bigint generated always as identity primary key,
      person_no bigint not null references audit_persons (person_no),
      record_id bigint,
      reason text not null,
      set_by bigint,
      set_at timestamptz not null default now(),
      released_at timestamptz,
      released_by bigint,
      release_reason text
    )`.execute(db);
  await sql`
    create index audit_legal_holds_open on audit_legal_holds (person_no) where released_at is null`.execute(
    db,
  );
  await sql`create index audit_legal_holds_record on audit_legal_holds (record_id)`.execute(db);
  // The move of existing records (once): the chain's head before and after, and each event's old hash.
  await sql`
    create table audit_rechained (
      at timestamptz primary key default now(),
      last_seq bigint not null,
      old_hash text not null,
      new_hash text not null
    )`.execute(db);
  await sql`create table audit_legacy_hashes (seq bigint primary key, hash text not null)`.execute(db);
  await sql`alter table audit_log add column actor_person bigint, add column target_person bigint`.execute(
    db,
  );
  await sql`
    create index audit_log_actor_person on audit_log (actor_person, at) where actor_person is not null`.execute(
    db,
  );
  await sql`
    create index audit_log_target_person on audit_log (target_person, at) where target_person is not null`.execute(
    db,
  );
  await sql.raw(hashFunctionSql('audit_row_hash', ROW_HASH)).execute(db);

  // As 008, with the persons' numbers fixed like the subject and the name were.
  await sql`
    create or replace function audit_log_immutable() returns trigger language plpgsql
    security definer set search_path = public, pg_temp as $$
    begin
      if tg_op = 'UPDATE' and new.id = old.id and new.at = old.at
         and new.actor_id is not distinct from old.actor_id
         and new.actor_name is not distinct from old.actor_name
         and new.actor_person is not distinct from old.actor_person
         and new.target_person is not distinct from old.target_person
         and new.action = old.action
         and new.target_type is not distinct from old.target_type
         and new.before is not distinct from old.before
         and new.sent is not distinct from old.sent
         and new.forced = old.forced
         and new.request_id is not distinct from old.request_id
         and new.client_ip is not distinct from old.client_ip
         and new.call_kind is not distinct from old.call_kind
         and new.client_id is not distinct from old.client_id then
        if current_setting('nova.audit_link', true) = 'on'
           and new.outcome = old.outcome
           and new.after is not distinct from old.after
           and new.status is not distinct from old.status
           and new.detail is not distinct from old.detail
           and new.completed_at is not distinct from old.completed_at
           and new.target_id is not distinct from old.target_id
           and new.target_learnt = old.target_learnt
           and (old.seq is null or (new.seq = old.seq and new.prev_hash = old.prev_hash and new.hash = old.hash))
           and (old.completion_seq is null or (new.completion_seq = old.completion_seq
                and new.completion_prev_hash = old.completion_prev_hash
                and new.completion_hash = old.completion_hash))
           and (new.completion_seq is null or old.completed_at is not null) then
          return new;
        end if;
        if old.outcome = 'pending' and old.completed_at is null
           and new.outcome in ('success', 'failed', 'unknown')
           and (old.target_id is null or new.target_id is not distinct from old.target_id)
           and new.seq is not distinct from old.seq
           and new.prev_hash is not distinct from old.prev_hash
           and new.hash is not distinct from old.hash
           and new.completion_seq is null and new.completion_prev_hash is null and new.completion_hash is null then
          new.target_learnt := old.target_id is null and new.target_id is not null;
          new.completed_at := coalesce(new.completed_at, now());
          return new;
        end if;
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
  await movePersons(db);
}

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
