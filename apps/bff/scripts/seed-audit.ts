/**
 * Fills a PostgreSQL database with realistic, chained audit records (decision 104): a busy community's
 * year – players signing in and out, admins changing catalogues and the sync manager, refusals,
 * exports – for the audit log's scale bench and tests. Never for a database in use: it writes the
 * chain's columns itself (with the triggers off for its session, which needs a superuser) and moves
 * the chain's head.
 *
 *   pnpm --filter @nova/bff exec tsx scripts/seed-audit.ts --count 1000000 --database postgres://postgres@127.0.0.1:5432/nova_audit_scale
 *
 * The records name persons (migration 014, decision 099): the 5,000 players and the admins are
 * persons with keys and sealed names, made first; each record carries their numbers and its address
 * sealed with the acting person's key, as the BFF writes them.
 *
 * The records are made here and loaded into an unlogged staging table in batches; the database prints
 * each record's hashed fields, hashed here in chain order with the verifier's own serialisation
 * (db/audit-hash.ts), and the records move into the log with their numbers and hashes in one
 * statement a batch.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CATALOGUE_KEYS, type CatalogueKey } from '@nova/domain';
import { COMPLETION_HASH, GENESIS, hashOf, ROW_HASH } from '../src/db/audit-hash';
import { createDatabase } from '../src/db/database';
import { AAD, newPersonKey, seal, storedKey, subjectDigest } from '../src/db/person-crypto';

const BATCH = 10_000;
const YEAR_MS = 365 * 24 * 3600 * 1000;

const FIRST_NAMES = [
  'anna',
  'ben',
  'clara',
  'david',
  'emma',
  'felix',
  'greta',
  'hannes',
  'ida',
  'jonas',
  'karla',
  'lukas',
  'mia',
  'noah',
  'olga',
  'paul',
  'quirin',
  'rosa',
  'samuel',
  'tilda',
  'udo',
  'vera',
  'wim',
  'xenia',
  'yannik',
  'zoe',
  'marlene',
  'jakob',
  'frieda',
  'oskar',
];
const ADMINS = [
  'admin',
  'moderatorin_lea',
  'mod_kai',
  'support_tom',
  'leitung_sara',
  'dev_max',
  'mod_nina',
  'admin_ole',
];
const WORDS = [
  'Nord',
  'Süd',
  'Stadt',
  'Hafen',
  'Berg',
  'Wald',
  'Nacht',
  'Sonne',
  'Rot',
  'Blau',
  'Gold',
  'Stahl',
];

/** What a catalogue's record changes: its name field (if it has one) and a number field. */
const CATALOGUE_SHAPES: Record<CatalogueKey, { name: string | null; number: string; label: string }> = {
  achievements: { name: 'name', number: 'money', label: 'Erfolg' },
  vehicleTypes: { name: null, number: 'vehvalue', label: '' },
  serverSkins: { name: 'description', number: 'expiration', label: 'Skin' },
  serverRadios: { name: 'name', number: 'color', label: 'Radio' },
  wantedReasons: { name: 'reason_name', number: 'points', label: 'Grund' },
};

interface SeedRow {
  id: number;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_person?: string | null;
  target_person?: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  outcome: string;
  status: number | null;
  detail: string | null;
  request_id: string;
  client_ip: string | null;
  call_kind: string;
  completed_at: string | null;
}

/** A deterministic spread of 0…n-1 from i (Knuth's multiplicative hash). */
const spread = (i: number, n: number, salt = 0) => Number((BigInt(i + salt) * 2654435761n) % 4294967296n) % n;

const PLAYERS = 5000;
const player = (i: number) => playerOf(spread(i, PLAYERS, 17));

function playerOf(p: number) {
  const name = `${FIRST_NAMES[p % FIRST_NAMES.length] ?? 'spieler'}${p}`;
  return { id: `player-${p.toString(16).padStart(4, '0')}-subject`, name };
}

const admin = (i: number) => adminOf(spread(i, ADMINS.length, 29));

function adminOf(a: number) {
  return { id: `admin-${a}-subject`, name: ADMINS[a] ?? 'admin' };
}

function catalogueRecord(i: number, key: CatalogueKey, verb: 'create' | 'update' | 'remove') {
  const shape = CATALOGUE_SHAPES[key];
  const targetId = 1 + spread(i, 400, 3);
  const state = (version: number) => ({
    id: targetId,
    ...(shape.name
      ? { [shape.name]: `${shape.label} ${WORDS[spread(targetId, WORDS.length, 5)] ?? ''} ${targetId}` }
      : {}),
    [shape.number]: 100 * (1 + spread(i + version, 50, 11)),
    ...(key === 'vehicleTypes' ? { tankclass: spread(targetId, 3, 7), level: 1 + spread(targetId, 20) } : {}),
  });
  return {
    target_type: `catalogue.${key}`,
    target_id: String(targetId),
    before: verb === 'create' ? null : state(0),
    after: verb === 'remove' ? null : state(1),
  };
}

/** Record i of the year: its kind by a spread of i, its time by its place. */
function recordOf(i: number, id: number, count: number, end: number): SeedRow {
  const atMs = end - Math.round(((count - i) * YEAR_MS) / count);
  const base = {
    id,
    at: new Date(atMs).toISOString(),
    status: null as number | null,
    detail: null as string | null,
    before: null as unknown,
    after: null as unknown,
    target_type: null as string | null,
    target_id: null as string | null,
    completed_at: null as string | null,
    outcome: 'success',
    request_id: `req-${id}`,
    client_ip: `198.51.100.${spread(i, 250, 1)}`,
    call_kind: 'session',
  };
  const kind = spread(i, 100, 101);
  if (kind < 70) {
    const who = player(i);
    return {
      ...base,
      actor_id: who.id,
      actor_name: who.name,
      action: kind < 55 ? 'auth.sign-in' : 'auth.sign-out',
      target_type: 'user',
      target_id: who.id,
    };
  }
  const key = CATALOGUE_KEYS[spread(i, CATALOGUE_KEYS.length, 13)] ?? 'serverRadios';
  if (kind < 94) {
    const verb = kind < 90 ? 'update' : kind < 92 ? 'create' : 'remove';
    const failed = spread(i, 50, 23) === 0;
    return {
      ...base,
      ...catalogueRecord(i, key, verb),
      ...(failed ? { after: null, outcome: 'failed', status: 502, detail: 'game-api-unavailable' } : {}),
      actor_id: admin(i).id,
      actor_name: admin(i).name,
      action: `catalogue.${key}.${verb}`,
      completed_at: new Date(atMs + 180).toISOString(),
    };
  }
  if (kind < 97) {
    const who = player(i);
    return {
      ...base,
      actor_id: who.id,
      actor_name: who.name,
      action: `catalogue.${key}.remove`,
      target_type: `catalogue.${key}`,
      target_id: String(1 + spread(i, 400, 3)),
      outcome: 'refused',
      detail: kind === 94 ? 'step-up-required' : 'forbidden',
    };
  }
  if (kind === 97) {
    const objectId = 1 + spread(i, 200, 41);
    const state = (v: number) => ({
      id: objectId,
      description: `Sync Objekt ${WORDS[objectId % WORDS.length] ?? ''} ${objectId}`,
      externalId: `ext-${objectId}`,
      groupId: 1 + ((objectId + v) % 12),
    });
    return {
      ...base,
      actor_id: admin(i).id,
      actor_name: admin(i).name,
      action: 'syncManager.objects.update',
      target_type: 'sync.object',
      target_id: String(objectId),
      before: state(0),
      after: state(1),
      completed_at: new Date(atMs + 120).toISOString(),
    };
  }
  const who = kind === 98 ? player(i) : admin(i);
  return {
    ...base,
    actor_id: who.id,
    actor_name: who.name,
    action: kind === 98 ? 'session.end' : 'audit.export',
  };
}

const COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'actor_person',
  'target_person',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'outcome',
  'status',
  'detail',
  'request_id',
  'client_ip',
  'call_kind',
  'completed_at',
];
const CHAIN_COLUMNS = [
  'seq',
  'prev_hash',
  'hash',
  'completion_seq',
  'completion_prev_hash',
  'completion_hash',
];

interface SeedPerson {
  no: string;
  key: Buffer;
}

/** Every player and admin as a person (decision 099): a key each, their names sealed with it. */
async function makePersons(client: pg.Client): Promise<Map<string, SeedPerson>> {
  const people = new Map<string, string>();
  for (let p = 0; p < PLAYERS; p++) {
    const who = playerOf(p);
    people.set(who.id, who.name);
  }
  for (let a = 0; a < ADMINS.length; a++) people.set(adminOf(a).id, adminOf(a).name);
  const persons = new Map<string, SeedPerson>();
  const subjects = [...people.keys()];
  const { rows } = await client.query<{ person_no: string; subject_digest: string }>(
    `insert into audit_persons (subject_digest) select unnest($1::text[])
     on conflict (subject_digest) where subject_digest is not null do update set updated_at = now()
     returning person_no::text, subject_digest`,
    [subjects.map(subjectDigest)],
  );
  const byDigest = new Map(rows.map((row) => [row.subject_digest, row.person_no]));
  const numbers: string[] = [];
  const data: string[] = [];
  const keys: string[] = [];
  for (const subject of subjects) {
    const no = byDigest.get(subjectDigest(subject));
    if (!no) throw new Error('person not made');
    const key = newPersonKey();
    const login = people.get(subject) ?? null;
    numbers.push(no);
    data.push(seal(key, JSON.stringify({ subject, login, display: null }), AAD.data(no)));
    keys.push(storedKey(key, null, no).key);
    persons.set(subject, { no, key });
  }
  await client.query(
    `update audit_persons as p set data = l.data from unnest($1::bigint[], $2::text[]) as l(no, data)
     where p.person_no = l.no`,
    [numbers, data],
  );
  await client.query(
    `insert into audit_person_keys (person_no, key, wrapped) select no, key, false
     from unnest($1::bigint[], $2::text[]) as l(no, key)
     on conflict (person_no) do update set key = excluded.key, wrapped = false`,
    [numbers, keys],
  );
  return persons;
}

/** A record as the BFF writes it since migration 014: numbers, no names, the address sealed. */
function withPersons(row: SeedRow, persons: Map<string, SeedPerson>): SeedRow {
  const actor = row.actor_id === null ? undefined : persons.get(row.actor_id);
  const target =
    row.target_type === 'user' && row.target_id !== null ? persons.get(row.target_id) : undefined;
  return {
    ...row,
    actor_id: null,
    actor_name: null,
    actor_person: actor?.no ?? null,
    target_person: target?.no ?? null,
    target_id: target ? null : row.target_id,
    client_ip:
      actor && row.client_ip !== null ? seal(actor.key, row.client_ip, AAD.ip(actor.no)) : row.client_ip,
  };
}

const fields = (format: typeof ROW_HASH, prefix: string) =>
  format.fields.map((f, i) => `${f.sql} as ${prefix}${i}`).join(', ');

export interface SeedResult {
  records: number;
  ms: number;
}

/**
 * Appends `count` chained records after the chain's head. `end` is the newest record's time; the
 * others go back a year from it.
 */
export async function seedAudit(
  url: string,
  count: number,
  options: { end?: Date; log?: (line: string) => void } = {},
): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const database = createDatabase({ kind: 'postgres', url });
  await database.open();
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    const head = await client.query<{
      last_seq: string;
      last_hash: string;
      max_id: string | null;
      open: string;
    }>(
      `select last_seq::text, last_hash, (select max(id)::text from audit_log) as max_id,
         (select count(*)::text from audit_log where seq is null or (completed_at is not null and completion_seq is null)) as open
       from audit_chain where id = 1`,
    );
    const chain = head.rows[0];
    if (!chain) throw new Error('no audit_chain row: not migrated');
    if (chain.open !== '0') throw new Error('records wait for the linker: seed only a database not in use');
    const persons = await makePersons(client);
    let seq = Number(chain.last_seq);
    let prev = chain.last_hash || GENESIS;
    const firstId = Number(chain.max_id ?? 0) + 1;
    const end = (options.end ?? new Date()).getTime();
    // A GIN index built once at the end is many times faster than one updated a batch at a time.
    const rebuilt =
      count >= 50_000
        ? (
            await client.query<{ name: string; definition: string }>(
              `select indexname as name, indexdef as definition from pg_indexes
               where tablename = 'audit_log' and indexdef like '%USING gin%'`,
            )
          ).rows
        : [];
    for (const index of rebuilt) await client.query(`drop index ${index.name}`);
    await client.query(`drop table if exists audit_seed`);
    await client.query(
      `create unlogged table audit_seed as select ${COLUMNS.join(', ')}, ${CHAIN_COLUMNS.join(', ')},
         target_learnt, client_id, sent, forced, undo_of from audit_log where false`,
    );
    for (let from = 0; from < count; from += BATCH) {
      const rows: SeedRow[] = [];
      for (let i = from; i < Math.min(count, from + BATCH); i++)
        rows.push(withPersons(recordOf(i, firstId + i, count, end), persons));
      await client.query(
        `insert into audit_seed (${COLUMNS.join(', ')}, target_learnt, forced)
         select ${COLUMNS.join(', ')}, false, false from json_populate_recordset(null::audit_seed, $1::json)`,
        [JSON.stringify(rows)],
      );
      const printed = await client.query<Record<string, string | null> & { completed: boolean }>(
        `select r.id::text as id, r.completed_at is not null as completed, ${fields(ROW_HASH, 'r')}, ${fields(COMPLETION_HASH, 'c')}
         from audit_seed as r where r.id >= $1 order by r.id`,
        [firstId + from],
      );
      const chained = {
        id: [] as string[],
        seq: [] as (number | null)[],
        prev: [] as string[],
        hash: [] as string[],
      };
      const completion = {
        seq: [] as (number | null)[],
        prev: [] as (string | null)[],
        hash: [] as (string | null)[],
      };
      const seqAt = ROW_HASH.fields.findIndex((f) => f.name === 'seq');
      const prevAt = ROW_HASH.fields.findIndex((f) => f.name === 'prev_hash');
      const cSeqAt = COMPLETION_HASH.fields.findIndex((f) => f.name === 'completion_seq');
      const cPrevAt = COMPLETION_HASH.fields.findIndex((f) => f.name === 'completion_prev_hash');
      for (const row of printed.rows) {
        const values = ROW_HASH.fields.map((_, i) => row[`r${i}`] ?? null);
        seq += 1;
        values[seqAt] = String(seq);
        values[prevAt] = prev;
        const hash = hashOf(ROW_HASH, values);
        chained.id.push(String(row.id));
        chained.seq.push(seq);
        chained.prev.push(prev);
        chained.hash.push(hash);
        prev = hash;
        if (row.completed) {
          const done = COMPLETION_HASH.fields.map((_, i) => row[`c${i}`] ?? null);
          seq += 1;
          done[cSeqAt] = String(seq);
          done[cPrevAt] = prev;
          const completionHash = hashOf(COMPLETION_HASH, done);
          completion.seq.push(seq);
          completion.prev.push(prev);
          completion.hash.push(completionHash);
          prev = completionHash;
        } else {
          completion.seq.push(null);
          completion.prev.push(null);
          completion.hash.push(null);
        }
      }
      await client.query(
        `insert into audit_log (${COLUMNS.join(', ')}, forced, target_learnt, ${CHAIN_COLUMNS.join(', ')})
         overriding system value
         select ${COLUMNS.map((c) => `s.${c}`).join(', ')}, false, false,
                l.seq, l.prev_hash, l.hash, l.completion_seq, l.completion_prev_hash, l.completion_hash
         from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[])
           as l(id, seq, prev_hash, hash, completion_seq, completion_prev_hash, completion_hash)
         join audit_seed as s on s.id = l.id`,
        [
          chained.id,
          chained.seq,
          chained.prev,
          chained.hash,
          completion.seq,
          completion.prev,
          completion.hash,
        ],
      );
      await client.query(`truncate audit_seed`);
      await client.query(`update audit_chain set last_seq = $1, last_hash = $2 where id = 1`, [seq, prev]);
      log(`${Math.min(count, from + BATCH)} / ${count}`);
    }
    await client.query(`drop table audit_seed`);
    for (const index of rebuilt) {
      log(`Index ${index.name} …`);
      await client.query(index.definition);
    }
    await client.query(
      `select setval(pg_get_serial_sequence('audit_log', 'id'), (select max(id) from audit_log))`,
    );
    await client.query(`vacuum analyze audit_log`);
    return { records: count, ms: Math.round(performance.now() - started) };
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '1000000' }, database: { type: 'string' } },
  });
  // eslint-disable-next-line no-restricted-properties -- the script's own fallback, not configuration
  const url = values.database ?? process.env.DATABASE_URL;
  if (!url) throw new Error('--database postgres://… (or DATABASE_URL) names the database to fill');
  const result = await seedAudit(url, Number(values.count), {
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${result.records} Einträge in ${(result.ms / 1000).toFixed(1)} s\n`);
}
