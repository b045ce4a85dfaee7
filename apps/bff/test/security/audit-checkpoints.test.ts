/**
 * Signed checkpoints (decision 069) on the machine's PostgreSQL, with a database of the test's own:
 * the owner of the tables rewrites a record and recomputes every hash after it consistently, so
 * the chain alone verifies; `pnpm audit:verify` (the real command) finds the rewrite through the
 * checkpoints signed before it, and refuses a checkpoint whose signature does not hold.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCheckpoints } from '../../src/audit/checkpoints';
import { AuditLog } from '../../src/audit/log';
import { createDatabase, type Database } from '../../src/db/database';

const base = new URL(inject('databaseUrl'));
const name = `nova_test_${process.pid}_checkpoints_${randomUUID().slice(0, 8)}`;
const url = new URL(`/${name}`, base).href;
const superuser = async (text: string) => {
  const client = new pg.Client({ connectionString: new URL('/postgres', base).href });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/** `pnpm audit:verify [file]` as the operator runs it, against the test's database. */
function auditVerify(
  env: Record<string, string>,
  file?: string,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/audit/verify-command.ts', ...(file ? [file] : [])],
    {
      cwd: join(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: url, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

/** What a log line carried. */
function capturingLog() {
  const lines: { object: Record<string, unknown>; message: string }[] = [];
  const log = {
    info: (object: Record<string, unknown>, message: string) => lines.push({ object, message }),
    warn: (object: Record<string, unknown>, message: string) => lines.push({ object, message }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('security: a history rewritten by the owner is caught by the signed checkpoints', () => {
  const folder = mkdtempSync(join(tmpdir(), 'nova-checkpoints-'));
  const file = join(folder, 'audit-checkpoints.jsonl');
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let database: Database;
  let audit: AuditLog;
  let middle = '';

  beforeAll(async () => {
    await superuser(`create database "${name}"`);
    database = createDatabase({ kind: 'postgres', url });
    audit = new AuditLog(database);
  });
  afterAll(async () => {
    await database.close();
    await superuser(`drop database if exists "${name}" with (force)`);
    rmSync(folder, { recursive: true, force: true });
  });

  it('signs the head at start, when it moved, and at shutdown: a log line and a line in the file', async () => {
    const entry = { actor: { id: 'sub-admin', name: 'admin' }, outcome: 'success' as const };
    for (let i = 0; i < 3; i++)
      await audit.write({ ...entry, action: 'catalogue.x.update', detail: `r${i}` });
    const { log, lines } = capturingLog();
    const stop = startCheckpoints(audit, { key: privateKey, file, everyMs: 3_600_000 }, log);
    await expect.poll(() => lines.length).toBe(1);
    const intent = await audit.begin({
      ...entry,
      action: 'catalogue.x.create',
      target: { type: 'catalogue.x', id: null },
    });
    await audit.complete(intent, { outcome: 'success', after: { id: 9 }, targetId: 9 });
    await stop();
    const written = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written.map((c) => c.seq)).toEqual([3, 5]);
    expect(lines.map((l) => l.message)).toEqual(['audit chain head signed', 'audit chain head signed']);
    expect(lines.map((l) => l.object.auditCheckpoint)).toEqual(written);
    for (const checkpoint of written) {
      expect(Object.keys(checkpoint).sort()).toEqual(['at', 'hash', 'key', 'seq', 'signature']);
      expect(checkpoint.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    middle = String(
      (
        await sql<{ id: string }>`select id::text from audit_log where detail = 'r1'`.execute(
          await database.open(),
        )
      ).rows[0]?.id,
    );

    const verified = await auditVerify({ AUDIT_SIGNING_KEY: pem, AUDIT_CHECKPOINT_FILE: file });
    expect(verified.out).toContain('Audit-Log: Kette intakt – 5 Ereignisse geprüft, Kopf Nr. 5');
    expect(verified.out).toContain(`Prüfpunkte: 2 bestätigt (${file}).`);
    expect(verified.code).toBe(0);
  }, 60_000);

  it('a consistent rewrite passes the chain alone but not the checkpoints', async () => {
    const db = await database.open();
    // The owner: a record changed behind the trigger, then every hash from there recomputed in order.
    await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    await sql`update audit_log set detail = 'harmlos' where id = ${middle}`.execute(db);
    await sql`
      do $$
      declare e record; r audit_log; h text := 'nova-audit-genesis';
      begin
        for e in select id, seq as n, false as completion from audit_log where seq is not null
                 union all select id, completion_seq, true from audit_log where completion_seq is not null
                 order by n loop
          select * into r from audit_log where id = e.id;
          if e.completion then
            r.completion_prev_hash := h;
            r.completion_hash := audit_completion_hash(r);
            h := r.completion_hash;
          else
            r.prev_hash := h;
            r.hash := audit_row_hash(r);
            h := r.hash;
          end if;
          update audit_log set prev_hash = r.prev_hash, hash = r.hash, completion_prev_hash = r.completion_prev_hash,
            completion_hash = r.completion_hash where id = r.id;
        end loop;
        update audit_chain set last_hash = h where id = 1;
      end $$`.execute(db);
    await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
    // Without the checkpoints nothing shows.
    expect(await audit.verifyChain()).toMatchObject({ intact: true, events: 5 });

    const caught = await auditVerify({ AUDIT_SIGNING_KEY: pem, AUDIT_CHECKPOINT_FILE: file });
    expect(caught.out).toContain('Audit-Log: Kette intakt – 5 Ereignisse geprüft');
    expect(caught.out).toMatch(
      /Audit-Log: Geschichte umgeschrieben – der Prüfpunkt in Zeile 1 \(signiert .+ UTC\) passt nicht mehr zur Kette: Glied Nr\. 3 hat heute einen anderen Hash als signiert\./,
    );
    expect(caught.code).toBe(1);
  }, 60_000);

  it('a checkpoint that another key signed, or that was edited, is refused', async () => {
    const other = join(folder, 'other.jsonl');
    const [first] = readFileSync(file, 'utf8').trim().split('\n');
    const forged = { ...(JSON.parse(first ?? '{}') as Record<string, unknown>), hash: 'f'.repeat(64) };
    writeFileSync(other, `${JSON.stringify(forged)}\n`);
    const refused = await auditVerify({ AUDIT_SIGNING_KEY: pem }, other);
    expect(refused.out).toContain(
      `Audit-Log: Prüfpunkt in Zeile 1 von ${other} ungültig: Signatur ungültig (anderer Schlüssel oder nachträglich verändert).`,
    );
    expect(refused.code).toBe(1);
    appendFileSync(other, 'kein json\n');
    const { privateKey: stranger } = generateKeyPairSync('ed25519');
    const strangerKey = stranger.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    // Without a key nothing is claimed about the checkpoints.
    const unchecked = await auditVerify({}, other);
    expect(unchecked.out).toContain('Prüfpunkte: nicht geprüft – AUDIT_SIGNING_KEY ist nicht gesetzt.');
    const wrongKey = await auditVerify({ AUDIT_SIGNING_KEY: strangerKey }, file);
    expect(wrongKey.out).toContain('Signatur ungültig');
    expect(wrongKey.code).toBe(1);
  }, 60_000);
});
