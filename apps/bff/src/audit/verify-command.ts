/**
 * `pnpm audit:verify`: checks the audit log's hash chain in the configured database (decision 058)
 * and names the first broken link; exit code 1 when the chain is broken, 2 when it could not be read.
 * With the embedded PGlite the BFF must be stopped first: its data folder has one user at a time.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDatabase } from '../db/database';
import { loadEnv } from '../env';
import { AuditLog } from './log';

async function main(): Promise<number> {
  // Where `pnpm audit:verify` was typed (the root, like `pnpm start`): DATA_DIR is relative to it.
  // eslint-disable-next-line no-restricted-properties -- pnpm's invocation folder, not configuration
  const invokedIn = process.env.INIT_CWD;
  if (invokedIn) process.chdir(invokedIn);
  const env = loadEnv();
  if (
    env.database.kind === 'pglite' &&
    env.database.dataDir !== 'memory://' &&
    !existsSync(env.database.dataDir)
  )
    throw new Error(`keine Daten unter ${resolve(env.database.dataDir)} (DATA_DIR)`);
  const database = createDatabase(env.database, { timeouts: { connectMs: 5000, statementMs: 60_000 } });
  try {
    const report = await new AuditLog(database).verifyChain();
    if (report.intact) {
      process.stdout.write(
        `Audit-Log: Kette intakt – ${report.events} Ereignisse geprüft, Kopf Nr. ${report.lastSeq} (${report.lastHash.slice(0, 16)}…).\n`,
      );
      return 0;
    }
    const { seq, recordId, reason } = report.broken ?? { seq: 0, recordId: null, reason: 'unbekannt' };
    process.stdout.write(
      `Audit-Log: Kette unterbrochen bei Glied Nr. ${seq}${recordId ? ` (Eintrag ${recordId})` : ''}: ${reason}.\n`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Audit-Log nicht prüfbar: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(2);
  },
);
