/**
 * The audit hash's known values (decision 058, 068): a fixed record's hash, written by hand (from
 * `printf '%s' '<the serialisation below>' | sha256sum`), so that dropping, adding or reordering a
 * hashed field – in the list the database's functions are generated from and the verifier reads –
 * or changing the serialisation fails here. The database's generated functions are held to the same
 * values in test/security/audit-chain.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { canonical, COMPLETION_HASH, hashOf, ROW_HASH, type HashFormat } from './audit-hash';

const row: Record<string, string | null> = {
  seq: '42',
  id: '7',
  at: '1795860000123456', // 2026-11-28 10:00:00.123456 UTC
  actor_id: 'sub-1',
  actor_name: 'Jörg',
  action: 'catalogue.x.update',
  target_type: 'catalogue.x',
  target_id: '5',
  before: '{"a": 1}',
  after: '{"a": 2}',
  outcome: 'success',
  status: null,
  detail: null,
  request_id: 'req-1',
  client_ip: '203.0.113.0',
  call_kind: 'session',
  client_id: null,
  sent: '{"a": 2}',
  forced: 'false',
  prev_hash: 'abc',
  undo_of: null,
  actor_person: null,
  target_person: null,
};

const completion: Record<string, string | null> = {
  completion_seq: '43',
  id: '7',
  outcome: 'success',
  after: '{"a": 2}',
  status: '200',
  detail: null,
  completed_at: '1795860000654321',
  target_id: '5',
  target_learnt: 'true',
  completion_prev_hash: 'a'.repeat(64),
};

const valuesOf = (format: HashFormat, record: Record<string, string | null>) =>
  format.fields.map((f) => {
    if (!(f.name in record)) throw new Error(`no value for ${f.name}`);
    return record[f.name] ?? null;
  });

describe('the audit hash', () => {
  it('hashes exactly these fields, in this order', () => {
    expect(ROW_HASH.tag).toBe('nova-audit-row-v1');
    expect(ROW_HASH.fields.map((f) => f.name)).toEqual([
      'seq',
      'id',
      'at',
      'actor_id',
      'actor_name',
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
      'client_id',
      'sent',
      'forced',
      'prev_hash',
      'undo_of',
      'actor_person',
      'target_person',
    ]);
    expect(COMPLETION_HASH.tag).toBe('nova-audit-completion-v1');
    expect(COMPLETION_HASH.fields.map((f) => f.name)).toEqual([
      'completion_seq',
      'id',
      'outcome',
      'after',
      'status',
      'detail',
      'completed_at',
      'target_id',
      'target_learnt',
      'completion_prev_hash',
    ]);
  });

  it("a record's serialisation and hash are the known ones", () => {
    expect(canonical(ROW_HASH, valuesOf(ROW_HASH, row))).toBe(
      'nova-audit-row-v1|2:42|1:7|16:1795860000123456|5:sub-1|5:Jörg|18:catalogue.x.update|11:catalogue.x|1:5|' +
        '8:{"a": 1}|8:{"a": 2}|7:success|-|-|5:req-1|11:203.0.113.0|7:session|-|8:{"a": 2}|5:false|3:abc',
    );
    expect(hashOf(ROW_HASH, valuesOf(ROW_HASH, row))).toBe(
      'c2ce67df331cf6421dd52fc9f157f2a03c1ec40d9895dae2636663a46f2ffccf',
    );
    // The undo's link is appended only when set (older records keep their hash).
    expect(hashOf(ROW_HASH, valuesOf(ROW_HASH, { ...row, undo_of: '3' }))).toBe(
      '6ae77e8cf2d5ef9b68ca44171c8afeebce6b26e3fd6d5867873a07403a24e9ec',
    );
    // The persons' numbers (decision 099) likewise: the record names person 12, its address sealed.
    const pseudonymous = {
      ...row,
      actor_id: null,
      actor_name: null,
      client_ip: 'p1:AAAA',
      actor_person: '12',
    };
    expect(canonical(ROW_HASH, valuesOf(ROW_HASH, pseudonymous))).toBe(
      'nova-audit-row-v1|2:42|1:7|16:1795860000123456|-|-|18:catalogue.x.update|11:catalogue.x|1:5|' +
        '8:{"a": 1}|8:{"a": 2}|7:success|-|-|5:req-1|7:p1:AAAA|7:session|-|8:{"a": 2}|5:false|3:abc|actor-person=2:12',
    );
    expect(hashOf(ROW_HASH, valuesOf(ROW_HASH, pseudonymous))).toBe(
      '0adddf4e46d3b3cdbc58d26ced75f3aa1b45328749d83a2f68eaf76a672fccfc',
    );
    expect(hashOf(COMPLETION_HASH, valuesOf(COMPLETION_HASH, completion))).toBe(
      'ff4dfd860930754f75908553bf44ad61a16f15e75fa9e2642db1bdf47a9c11e3',
    );
  });

  it('every field changes the hash, the previous hash included', () => {
    for (const [format, record] of [
      [ROW_HASH, row],
      [COMPLETION_HASH, completion],
    ] as const) {
      const known = hashOf(format, valuesOf(format, record));
      for (const name of Object.keys(record)) {
        const changed = { ...record, [name]: `${record[name] ?? ''}x` };
        expect(hashOf(format, valuesOf(format, changed)), name).not.toBe(known);
      }
    }
  });
});
