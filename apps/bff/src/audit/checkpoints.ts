/**
 * Signed checkpoints of the audit chain (decision 069): whoever owns the tables can recompute the
 * whole chain, so the head (number and hash) is signed at intervals and at shutdown with an Ed25519
 * key the database does not hold (AUDIT_SIGNING_KEY) and published outside it: a JSON log line and,
 * with AUDIT_CHECKPOINT_FILE, one JSON line appended to that file. `pnpm audit:verify` checks each
 * checkpoint's signature and that the event at its number still has the signed hash: a rewritten
 * history no longer does.
 */
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { AuditLog } from './log';

const TAG = 'nova-audit-checkpoint-v1';

export interface Checkpoint {
  /** The head's number and hash. */
  seq: number;
  hash: string;
  /** When it was signed (ISO 8601). */
  at: string;
  /** Which key signed it: the first 16 hex digits of the SHA-256 of its public key (SPKI). */
  key: string;
  /** Ed25519 over `nova-audit-checkpoint-v1|<seq>|<hash>|<at>`, base64url. */
  signature: string;
}

const message = (c: Pick<Checkpoint, 'seq' | 'hash' | 'at'>) =>
  Buffer.from(`${TAG}|${c.seq}|${c.hash}|${c.at}`);

export function keyIdOf(key: KeyObject): string {
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('hex').slice(0, 16);
}

export function signCheckpoint(
  key: KeyObject,
  head: { seq: number; hash: string },
  at = new Date(),
): Checkpoint {
  const unsigned = { seq: head.seq, hash: head.hash, at: at.toISOString() };
  return {
    ...unsigned,
    key: keyIdOf(key),
    signature: sign(null, message(unsigned), key).toString('base64url'),
  };
}

/** Whether `key` (the signing key or its public half) signed exactly this checkpoint. */
export function signatureValid(key: KeyObject, c: Checkpoint): boolean {
  try {
    return verify(null, message(c), createPublicKey(key), Buffer.from(c.signature, 'base64url'));
  } catch {
    return false;
  }
}

async function append(file: string, line: string): Promise<void> {
  const handle = await open(file, 'a', 0o640);
  try {
    await handle.appendFile(`${line}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export interface CheckpointOptions {
  key: KeyObject;
  file: string | null;
  everyMs: number;
}

/**
 * Signs the head now and every `everyMs` when it moved; returns the stop function, which signs a
 * last one (call it before the database closes).
 */
export function startCheckpoints(
  audit: AuditLog,
  options: CheckpointOptions,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let last: number | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const head = await audit.head();
        if (head.seq === last || head.seq === 0) return;
        const checkpoint = signCheckpoint(options.key, head);
        if (options.file) await append(options.file, JSON.stringify(checkpoint));
        log.info({ auditCheckpoint: checkpoint }, 'audit chain head signed');
        last = head.seq;
      } catch (error) {
        log.warn({ err: error }, 'audit checkpoint not written; tried again later');
      }
    });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), options.everyMs).unref();
  return () => {
    clearInterval(timer);
    return run();
  };
}

export interface CheckpointLine {
  line: number;
  checkpoint?: Checkpoint;
}

/** The file's checkpoints; a line that is not one is returned without it. */
export async function readCheckpoints(file: string): Promise<CheckpointLine[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .map((content, i) => ({ content: content.trim(), line: i + 1 }))
    .filter(({ content }) => content !== '')
    .map(({ content, line }) => {
      try {
        const c = JSON.parse(content) as Partial<Checkpoint>;
        if (
          typeof c.seq === 'number' &&
          typeof c.hash === 'string' &&
          typeof c.at === 'string' &&
          typeof c.key === 'string' &&
          typeof c.signature === 'string'
        )
          return {
            line,
            checkpoint: { seq: c.seq, hash: c.hash, at: c.at, key: c.key, signature: c.signature },
          };
      } catch {
        // Reported below as unreadable.
      }
      return { line };
    });
}

export interface CheckpointReport {
  /** Checkpoints whose event still has the signed hash. */
  confirmed: number;
  /** Checkpoints whose event the retention purge removed. */
  purged: number;
  /** The first problem: a line that is no checkpoint, a bad signature, or a rewritten history. */
  problem?: {
    line: number;
    seq: number | null;
    at: string | null;
    reason: string;
    /** The checkpoint is genuine but the chain no longer holds what it signed. */
    rewritten: boolean;
  };
}

/**
 * A checkpoint signed before migration 014 hashed the records anew over person numbers (decision
 * 099): it is confirmed by the hash the event had before the move, which the migration kept.
 */
async function signedBeforeMove(db: Kysely<Schema>, c: Checkpoint): Promise<boolean> {
  const { rows } = await sql<{ hash: string }>`
    select l.hash from audit_legacy_hashes as l
    where l.seq = ${c.seq} and exists (select 1 from audit_rechained as m where m.at > ${c.at}::timestamptz)`.execute(
    db,
  );
  return rows[0]?.hash === c.hash;
}

/** Checks every checkpoint against the chain in the database; stops at the first problem. */
export async function checkCheckpoints(
  db: Kysely<Schema>,
  lines: CheckpointLine[],
  key: KeyObject,
): Promise<CheckpointReport> {
  const head = await sql<{ last_seq: string }>`select last_seq::text from audit_chain where id = 1`.execute(
    db,
  );
  const lastSeq = Number(head.rows[0]?.last_seq ?? 0);
  const purged = (
    await sql<{
      from_seq: string;
      to_seq: string;
    }>`select from_seq::text, to_seq::text from audit_purged`.execute(db)
  ).rows.map((r) => [Number(r.from_seq), Number(r.to_seq)] as const);
  const report: CheckpointReport = { confirmed: 0, purged: 0 };
  for (const { line, checkpoint: c } of lines) {
    const problem = (reason: string, rewritten = true) => ({
      ...report,
      problem: { line, seq: c?.seq ?? null, at: c?.at ?? null, reason, rewritten },
    });
    if (!c) return problem('kein lesbarer Prüfpunkt', false);
    if (!signatureValid(key, c))
      return problem('Signatur ungültig (anderer Schlüssel oder nachträglich verändert)', false);
    if (c.seq > lastSeq) return problem(`Glied Nr. ${c.seq} fehlt: die Kette endet heute bei Nr. ${lastSeq}`);
    const { rows } = await sql<{ hash: string | null }>`
      select hash from audit_log where seq = ${c.seq}
      union all
      select completion_hash from audit_log where completion_seq = ${c.seq}`.execute(db);
    const event = rows[0];
    if (!event) {
      if (purged.some(([from, to]) => from <= c.seq && c.seq <= to)) {
        report.purged++;
        continue;
      }
      return problem(`Glied Nr. ${c.seq} fehlt`);
    }
    if (event.hash !== c.hash && !(await signedBeforeMove(db, c)))
      return problem(`Glied Nr. ${c.seq} hat heute einen anderen Hash als signiert`);
    report.confirmed++;
  }
  return report;
}
