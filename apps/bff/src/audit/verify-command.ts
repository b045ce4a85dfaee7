/**
 * `pnpm audit:verify [checkpoint file]`: checks the audit log's hash chain in the configured
 * database (decision 058) and names the first broken link; then, with AUDIT_SIGNING_KEY, checks the
 * chain against the signed checkpoints (decision 069) of the file given or AUDIT_CHECKPOINT_FILE:
 * each signature, and that the event at each checkpoint's number still has the signed hash. Exit
 * code 1 when the chain is broken or its history was rewritten, 2 when it could not be read.
 * With the embedded PGlite the BFF must be stopped first: its data folder has one user at a time.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDatabase } from '../db/database';
import { loadEnv } from '../env';
import { checkCheckpoints, readCheckpoints } from './checkpoints';
import { AuditLog } from './log';

const say = (line: string) => process.stdout.write(`${line}\n`);
const germanTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toLocaleString('de-DE', { timeZone: 'UTC' })} UTC`;
};

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
  const checkpointFile = process.argv[2] ?? env.auditCheckpoints.file;
  const database = createDatabase(env.database, { timeouts: { connectMs: 5000, statementMs: 60_000 } });
  try {
    const report = await new AuditLog(database).verifyChain();
    if (!report.intact) {
      const { seq, recordId, reason } = report.broken ?? { seq: 0, recordId: null, reason: 'unbekannt' };
      say(
        `Audit-Log: Kette unterbrochen bei Glied Nr. ${seq}${recordId ? ` (Eintrag ${recordId})` : ''}: ${reason}.`,
      );
      return 1;
    }
    say(
      `Audit-Log: Kette intakt – ${report.events} Ereignisse geprüft, Kopf Nr. ${report.lastSeq} (${report.lastHash.slice(0, 16)}…)` +
        (report.unlinked > 0 ? `; ${report.unlinked} neue noch nicht verkettet.` : '.'),
    );
    const key = env.auditCheckpoints.key;
    if (!key) {
      say('Prüfpunkte: nicht geprüft – AUDIT_SIGNING_KEY ist nicht gesetzt.');
      return 0;
    }
    if (!checkpointFile) {
      say('Prüfpunkte: nicht geprüft – keine Datei (AUDIT_CHECKPOINT_FILE oder als Argument).');
      return 0;
    }
    const lines = await readCheckpoints(checkpointFile);
    const checked = await checkCheckpoints(await database.open(), lines, key);
    const { problem } = checked;
    if (problem) {
      const signed = problem.at ? ` (signiert ${germanTime(problem.at)})` : '';
      say(
        problem.rewritten
          ? `Audit-Log: Geschichte umgeschrieben – der Prüfpunkt in Zeile ${problem.line}${signed} passt nicht mehr zur Kette: ${problem.reason}. Einträge wurden nach dem Signieren verändert oder gelöscht und die Kette neu berechnet.`
          : `Audit-Log: Prüfpunkt in Zeile ${problem.line} von ${checkpointFile} ungültig: ${problem.reason}.`,
      );
      return 1;
    }
    say(
      `Prüfpunkte: ${checked.confirmed} bestätigt` +
        (checked.purged > 0 ? `, ${checked.purged} durch die Aufbewahrungsfrist gelöscht` : '') +
        ` (${checkpointFile}).`,
    );
    return 0;
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
