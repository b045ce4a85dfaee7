/**
 * What an audit event's hash covers (decision 058, 068), defined once: the database's hash functions
 * are generated from these lists (migrations.ts), and the verifier (audit/chain.ts) reads the same
 * expressions and hashes them itself. A format is never edited once records were hashed with it; a
 * change is a new tag with a new list, and the verifier keeps the old one. Imports nothing of ours,
 * so migrations and the audit code can both use it.
 */
import { createHash } from 'node:crypto';

/** The `prev_hash` of the chain's first event. */
export const GENESIS = 'nova-audit-genesis';

export interface HashedField {
  name: string;
  /** The field's text from a row `r` of `audit_log`, as PostgreSQL prints it; null is hashed as `-`. */
  sql: string;
  /** Appended only when set, behind this label: a field added after records were hashed without it. */
  label?: string;
}

export interface HashFormat {
  tag: string;
  fields: readonly HashedField[];
}

const column = (name: string, sql = `r.${name}`): HashedField => ({ name, sql });
/** An intent that was completed is hashed as it was inserted: pending, without what completed it. */
const asInserted = (name: string, whenOpen: string, completed = 'null'): HashedField => ({
  name,
  sql: `case when r.completed_at is null then ${whenOpen} else ${completed} end`,
});
const epochMicroseconds = (name: string) => `(extract(epoch from r.${name}) * 1000000)::bigint::text`;

/** A record's insert, and its link to the event before it, as migrations 006 and 008 hashed it. */
export const ROW_HASH_BEFORE_PERSONS: HashFormat = {
  tag: 'nova-audit-row-v1',
  fields: [
    column('seq', 'r.seq::text'),
    column('id', 'r.id::text'),
    column('at', epochMicroseconds('at')),
    column('actor_id'),
    column('actor_name'),
    column('action'),
    column('target_type'),
    // The target id a create's completion learnt is the completion's.
    column('target_id', 'case when r.target_learnt then null else r.target_id end'),
    column('before', 'r.before::text'),
    asInserted('after', 'r.after::text'),
    asInserted('outcome', 'r.outcome', `'pending'`),
    asInserted('status', 'r.status::text'),
    asInserted('detail', 'r.detail'),
    column('request_id'),
    column('client_ip'),
    column('call_kind'),
    column('client_id'),
    column('sent', 'r.sent::text'),
    column('forced', 'r.forced::text'),
    column('prev_hash'),
    { name: 'undo_of', sql: 'r.undo_of::text', label: 'undo-of=' },
  ],
};

/**
 * A record's insert since migration 014: the persons' numbers appended (decision 099), only when set,
 * so a record without them keeps its hash. Their names are not stored in the record at all.
 */
export const ROW_HASH: HashFormat = {
  tag: ROW_HASH_BEFORE_PERSONS.tag,
  fields: [
    ...ROW_HASH_BEFORE_PERSONS.fields,
    { name: 'actor_person', sql: 'r.actor_person::text', label: 'actor-person=' },
    { name: 'target_person', sql: 'r.target_person::text', label: 'target-person=' },
  ],
};

/** An intent's completion, and its link to the event before it. */
export const COMPLETION_HASH: HashFormat = {
  tag: 'nova-audit-completion-v1',
  fields: [
    column('completion_seq', 'r.completion_seq::text'),
    column('id', 'r.id::text'),
    column('outcome'),
    column('after', 'r.after::text'),
    column('status', 'r.status::text'),
    column('detail'),
    column('completed_at', epochMicroseconds('completed_at')),
    column('target_id'),
    column('target_learnt', 'r.target_learnt::text'),
    column('completion_prev_hash'),
  ],
};

/** `<UTF-8 bytes>:<text>`, or `-` for null. */
function field(value: string | null): string {
  return value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`;
}

/** The canonical serialisation: the tag, then each field, joined by `|`. */
export function canonical(format: HashFormat, values: readonly (string | null)[]): string {
  if (values.length !== format.fields.length) throw new Error(`${format.tag}: wrong number of fields`);
  const parts = [format.tag];
  format.fields.forEach((f, i) => {
    const value = values[i] ?? null;
    if (f.label === undefined) parts.push(field(value));
    else if (value !== null) parts.push(`${f.label}${field(value)}`);
  });
  return parts.join('|');
}

export function hashOf(format: HashFormat, values: readonly (string | null)[]): string {
  return createHash('sha256').update(canonical(format, values), 'utf8').digest('hex');
}

/** The same serialisation in SQL: `audit_field` (migration 005) writes `<bytes>:<text>` or `-`. */
export function hashFunctionSql(name: string, format: HashFormat): string {
  const parts = format.fields.map((f) =>
    f.label === undefined
      ? `audit_field(${f.sql})`
      : `case when (${f.sql}) is null then null else '${f.label}' || audit_field(${f.sql}) end`,
  );
  return `create or replace function ${name}(r audit_log) returns text language sql stable as $$
      select encode(sha256(convert_to(concat_ws('|', '${format.tag}',
        ${parts.join(',\n        ')}), 'UTF8')), 'hex') $$`;
}
