/** The count behind nova_audit_intents_open: cheap through the partial index on pending intents. */
import { sql } from 'kysely';
import type { Database } from '../db/database';

export async function openIntents(database: Database): Promise<number | null> {
  const db = await database.open();
  const { rows } = await sql<{ open: string | number }>`
    select count(*) as open from audit_log where outcome = 'pending'`.execute(db);
  return Number(rows[0]?.open ?? 0);
}
