/**
 * Migration 014's move of the existing records to persons (decision 099), once: the chain is
 * verified, each subject and login name becomes a person with a key, the records name the person's
 * number instead (their addresses sealed with the acting person's key, a `user` target's subject
 * replaced by its person), every event is hashed again over what is now stored, and the chain is
 * verified again. The old hashes are kept (`audit_legacy_hashes`), so that checkpoints signed before
 * the move are still recognised (audit/checkpoints.ts). Any failure rolls the migration back.
 */
import { sql, type Kysely } from 'kysely';
import { AAD, newPersonKey, seal, storedKey, subjectDigest, type PersonData } from './person-crypto';
import type { Schema } from './schema';

const BATCH = 1000;

interface Person {
  no: string;
  key: Buffer;
  login: string | null;
}

/** What a record's person is keyed by: the subject, or the login name of a record without one. */
const subjectOf = (actorId: string | null, actorName: string | null): string | null =>
  actorId ?? (actorName === null ? null : `login:${actorName}`);

/**
 * The chain checked in SQL with the hash functions generated from db/audit-hash.ts (the same lists
 * `pnpm audit:verify` recomputes in the BFF): every event's hash, each link to the event numbered
 * just before it (a purged gap has none), and the head.
 */
async function verified(db: Kysely<Schema>, when: 'vor' | 'nach'): Promise<void> {
  const { rows } = await sql<{ n: string; reason: string }>`
    with events as (
      select r.seq as n, r.prev_hash as prev, r.hash, audit_row_hash(r) as computed
        from audit_log as r where r.seq is not null
      union all
      select r.completion_seq, r.completion_prev_hash, r.completion_hash, audit_completion_hash(r)
        from audit_log as r where r.completion_seq is not null
    ), ordered as (
      select *, lag(hash) over (order by n) as before_hash, lag(n) over (order by n) as before_n
      from events
    ), problems as (
      select n, case when hash is distinct from computed then 'Inhalt verändert'
                     else 'Verweis auf den Vorgänger falsch' end as reason
      from ordered
      where hash is distinct from computed or (before_n = n - 1 and prev is distinct from before_hash)
      union all
      select c.last_seq, 'Kopf der Kette passt nicht' from audit_chain as c
      where c.last_seq > 0 and c.last_hash is distinct from (select hash from ordered order by n desc limit 1)
    )
    select n::text, reason from problems order by n limit 1`.execute(db);
  const broken = rows[0];
  if (broken) {
    throw new Error(
      `Audit-Log: Kette ${when} der Umstellung auf Personennummern nicht intakt (Glied Nr. ${broken.n}: ${broken.reason}); nichts umgestellt.`,
    );
  }
}

async function linkAll(db: Kysely<Schema>): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ linked: number }>`select audit_link(10000)::int as linked`.execute(db);
    if ((rows[0]?.linked ?? 0) < 10000) return;
  }
}

async function makePersons(db: Kysely<Schema>): Promise<Map<string, Person>> {
  // Each person's newest login name (records read newest first), then the players only targeted.
  const logins = new Map<string, string | null>();
  const { rows: newest } = await sql<{ actor_id: string | null; actor_name: string | null }>`
    select actor_id, actor_name from audit_log
    where actor_id is not null or actor_name is not null order by id desc`.execute(db);
  for (const row of newest) {
    const subject = subjectOf(row.actor_id, row.actor_name);
    if (subject !== null && !logins.has(subject)) logins.set(subject, row.actor_name);
  }
  const { rows: targets } = await sql<{ target: string }>`
    select distinct target_id as target from audit_log
    where target_type = 'user' and target_id is not null`.execute(db);
  for (const { target } of targets) if (!logins.has(target)) logins.set(target, null);
  const persons = new Map<string, Person>();
  for (const [subject, login] of logins) {
    const { rows: made } = await sql<{ person_no: string | number }>`
      insert into audit_persons (subject_digest) values (${subjectDigest(subject)}) returning person_no`.execute(
      db,
    );
    const no = String(made[0]?.person_no);
    const key = newPersonKey();
    const data: PersonData = { subject, login, display: null };
    await sql`update audit_persons set data = ${seal(key, JSON.stringify(data), AAD.data(no))}
      where person_no = ${no}::bigint`.execute(db);
    const stored = storedKey(key, null, no);
    await sql`insert into audit_person_keys (person_no, key, wrapped)
      values (${no}::bigint, ${stored.key}, ${stored.wrapped})`.execute(db);
    persons.set(subject, { no, key, login });
  }
  return persons;
}

async function pseudonymiseRecords(db: Kysely<Schema>, persons: Map<string, Person>): Promise<void> {
  let after = '0';
  for (;;) {
    const { rows } = await sql<{
      id: string | number;
      actor_id: string | null;
      actor_name: string | null;
      client_ip: string | null;
      target_type: string | null;
      target_id: string | null;
    }>`
      select id, actor_id, actor_name, client_ip, target_type, target_id from audit_log
      where id > ${after}::bigint
        and (actor_id is not null or actor_name is not null or (target_type = 'user' and target_id is not null))
      order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const changes = rows.map((row) => {
      const actorSubject = subjectOf(row.actor_id, row.actor_name);
      const actor = actorSubject === null ? undefined : persons.get(actorSubject);
      const target =
        row.target_type === 'user' && row.target_id !== null ? persons.get(row.target_id) : undefined;
      const ip =
        actor && row.client_ip !== null && !row.client_ip.startsWith('p1:')
          ? seal(actor.key, row.client_ip, AAD.ip(actor.no))
          : row.client_ip;
      return { id: String(row.id), ap: actor?.no ?? null, tp: target?.no ?? null, ip };
    });
    await sql`
      update audit_log as a set actor_person = l.ap, target_person = l.tp, actor_id = null,
        actor_name = null, client_ip = l.ip,
        target_id = case when l.tp is null then a.target_id else null end
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as l(id bigint, ap bigint, tp bigint, ip text)
      where a.id = l.id`.execute(db);
    after = String(rows.at(-1)?.id);
  }
}

/** Every event hashed again, in chain order, over what is stored now; the head moves to the last. */
async function rechain(db: Kysely<Schema>): Promise<void> {
  await sql`
    insert into audit_legacy_hashes (seq, hash)
      select seq, hash from audit_log where seq is not null
      union all
      select completion_seq, completion_hash from audit_log where completion_seq is not null`.execute(db);
  const { rows: before } = await sql<{ last_seq: string; last_hash: string }>`
    select last_seq::text, last_hash from audit_chain where id = 1`.execute(db);
  await sql`
    do $$
    declare
      e record;
      r audit_log;
      h text := null;
    begin
      for e in
        select n, id, kind from (
          select seq as n, id, 'row' as kind from audit_log where seq is not null
          union all
          select completion_seq, id, 'completion' from audit_log where completion_seq is not null
        ) as events order by n
      loop
        select * into r from audit_log where id = e.id;
        if e.kind = 'row' then
          r.prev_hash := coalesce(h, r.prev_hash);
          r.hash := audit_row_hash(r);
          update audit_log set prev_hash = r.prev_hash, hash = r.hash where id = r.id;
          h := r.hash;
        else
          r.completion_prev_hash := coalesce(h, r.completion_prev_hash);
          r.completion_hash := audit_completion_hash(r);
          update audit_log set completion_prev_hash = r.completion_prev_hash,
            completion_hash = r.completion_hash where id = r.id;
          h := r.completion_hash;
        end if;
      end loop;
      if h is not null then
        update audit_chain set last_hash = h where id = 1;
      end if;
    end $$`.execute(db);
  const { rows: now } = await sql<{ last_hash: string }>`
    select last_hash from audit_chain where id = 1`.execute(db);
  await sql`
    insert into audit_rechained (last_seq, old_hash, new_hash)
    values (${before[0]?.last_seq ?? '0'}::bigint, ${before[0]?.last_hash ?? ''}, ${now[0]?.last_hash ?? ''})`.execute(
    db,
  );
}

export async function movePersons(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<Schema>;
  const { rows } = await sql<{ named: boolean }>`
    select exists (select 1 from audit_log
      where actor_id is not null or actor_name is not null
         or (target_type = 'user' and target_id is not null)) as named`.execute(db);
  if (rows[0]?.named !== true) return;
  await linkAll(db);
  await verified(db, 'vor');
  const persons = await makePersons(db);
  await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
  await pseudonymiseRecords(db, persons);
  await rechain(db);
  await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
  await verified(db, 'nach');
}
