/**
 * Erasure of what the BFF holds about a person (decision 100, DSGVO Art. 17): their sessions end,
 * their idempotency keys, Discord name and webhook traces are deleted, and their key in the audit
 * log is deleted – after which every record names them only as "gelöschte Person (Nr. …)", no query
 * finds their name, and the chain verifies as before (it hashes the number and the ciphertext,
 * decision 099). Audited first. An open legal hold defers it: nothing is deleted and the answer says
 * why. The game's own data is not the BFF's to delete: the answer lists it for the operator.
 *
 * The Datenschutzanfragen page calls it through `forgettingEraser` (an erasure request's "erledigt",
 * decision 102).
 */
import { auditForgottenPerson } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { sql, type Kysely } from 'kysely';
import type { AuditLog } from '../audit/log';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';
import type { SessionStore } from '../session/types';
import { gameDataToDelete } from './game-data';
import { openHolds, type HoldActor, type LegalHold } from './legal-holds';
import type { ErasureResult, GameDataToDelete, PrivacyEraser } from './requests';

export interface ForgetDeps {
  database: Database;
  audit: AuditLog;
  /** The session store (memory or Redis): the person's sessions end. */
  store: Pick<SessionStore, 'destroyByUser'>;
}

export interface ForgetInput extends HoldActor {
  /** The person's subject at the identity provider (the game API's user id). */
  subject: string;
  /** Why, e.g. "Löschantrag vom 28.11.2026" – recorded in clear, so it must not name the person. */
  reason: string;
}

export type ForgetResult =
  | {
      status: 'forgotten';
      /** The person's number (null when the audit log never named them). */
      person: string | null;
      /** How the records name them now. */
      pseudonym: string | null;
      sessionsEnded: number;
      idempotencyKeys: number;
      discordNames: number;
      webhookTraces: number;
      /** Records that name the person (as actor or as the player concerned). */
      records: number;
      gameData: GameDataToDelete[];
      message: string;
    }
  | {
      status: 'held';
      person: string;
      holds: LegalHold[];
      gameData: GameDataToDelete[];
      message: string;
    };

export function heldMessage(holds: readonly LegalHold[]): string {
  const reasons = holds.map((hold) => `„${hold.reason}“`).join(', ');
  return `Die Löschung ist zurückgestellt: für diese Person besteht eine Aufbewahrung (${reasons}). Sie wird gelöscht, sobald die Aufbewahrung aufgehoben ist.`;
}

/** Columns that name a person in a webhook table (the outbox of another part, if it exists). */
const PERSON_COLUMNS = ['person_id', 'subject', 'user_id', 'actor_id'];
const PERSON_NUMBER_COLUMNS = ['person_no', 'actor_person', 'target_person'];

/**
 * The person's traces in the webhook tables (`webhook_*`), whatever they are: only tables and
 * columns that exist are touched, so this works with or without the webhooks' migration.
 */
async function forgetWebhookTraces(
  db: Kysely<Schema>,
  subject: string,
  person: string | null,
): Promise<number> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name like 'webhook%'
      and column_name in (${sql.join([...PERSON_COLUMNS, ...PERSON_NUMBER_COLUMNS])})`.execute(db);
  let deleted = 0;
  for (const { table_name: table, column_name: column } of rows) {
    const byNumber = PERSON_NUMBER_COLUMNS.includes(column);
    if (byNumber && person === null) continue;
    const value = byNumber ? person : subject;
    const result =
      await sql`delete from ${sql.table(table)} where ${sql.ref(column)}::text = ${value}`.execute(db);
    deleted += Number(result.numAffectedRows ?? 0);
  }
  return deleted;
}

async function count(
  db: Kysely<Schema>,
  query: ReturnType<typeof sql<{ n: string | number }>>,
): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function forgetPerson(deps: ForgetDeps, input: ForgetInput): Promise<ForgetResult> {
  const db = await deps.database.open();
  const gameData = gameDataToDelete(input.subject);
  const found = await deps.audit.persons.find(db, input.subject);
  const person = found?.no ?? null;
  const record = {
    actor: input.by,
    action: 'privacy.forget',
    target: { type: 'person', id: person },
    requestId: input.requestId ?? null,
    clientIp: input.clientIp ?? null,
  };
  if (person !== null) {
    const holds = await openHolds(db, [person]);
    if (holds.length > 0) {
      const message = heldMessage(holds);
      // The holds' reasons may name the person: the record says only that one exists.
      await deps.audit.refused({ ...record, detail: 'legal-hold' });
      return { status: 'held', person, holds, gameData, message };
    }
  }
  // Audit first: without the intent nothing is deleted.
  const intent = await deps.audit.begin({ ...record, sent: { reason: input.reason } });
  try {
    const sessionsEnded = await deps.store.destroyByUser(input.subject);
    const idempotencyKeys = Number(
      (await db.deleteFrom('idempotency_keys').where('person_id', '=', input.subject).executeTakeFirst())
        .numDeletedRows,
    );
    const discordNames = Number(
      (await db.deleteFrom('discord_names').where('user_id', '=', input.subject).executeTakeFirst())
        .numDeletedRows,
    );
    const webhookTraces = await forgetWebhookTraces(db, input.subject, person);
    let records = 0;
    if (person !== null) {
      records = await count(
        db,
        sql<{ n: string | number }>`select count(*) as n from audit_log
          where actor_person = ${person}::bigint or target_person = ${person}::bigint`,
      );
      // The key goes, and with it every way back to the name: the digest, the sealed fields, the
      // released holds' reasons. The records keep the number; the chain keeps its hashes.
      await sql`delete from audit_person_keys where person_no = ${person}::bigint`.execute(db);
      await sql`update audit_persons set subject_digest = null, data = null, erased_at = now(), updated_at = now()
        where person_no = ${person}::bigint`.execute(db);
      await sql`update audit_legal_holds set reason = '', release_reason = null
        where person_no = ${person}::bigint and released_at is not null`.execute(db);
      deps.audit.persons.forgotten(person);
    }
    const after = { sessionsEnded, idempotencyKeys, discordNames, webhookTraces, records };
    await deps.audit.complete(intent, { outcome: 'success', after });
    const pseudonym = person === null ? null : auditForgottenPerson(person);
    return {
      status: 'forgotten',
      person,
      pseudonym,
      ...after,
      gameData,
      message:
        person === null
          ? 'Die Person war im Audit-Log nicht verzeichnet; ihre Sitzungen und Spuren im BFF sind gelöscht.'
          : `Die Person ist im Audit-Log jetzt „${pseudonym}“; ihre Sitzungen und Spuren im BFF sind gelöscht.`,
    };
  } catch (error) {
    await deps.audit
      .complete(intent, {
        outcome: 'failed',
        detail: error instanceof Error ? error.message.slice(0, 200) : null,
      })
      .catch(() => undefined);
    throw new Error('forgetting the person failed', { cause: error });
  }
}

/** What the request shows as done (decision 102), in German; it names the person only by number. */
function doneOf(result: Extract<ForgetResult, { status: 'forgotten' }>): string[] {
  return [
    `${result.sessionsEnded} Sitzung(en) beendet`,
    `${result.idempotencyKeys} Idempotenzschlüssel gelöscht`,
    `${result.discordNames} Discord-Name(n) gelöscht`,
    `${result.webhookTraces} Webhook-Spur(en) gelöscht`,
    result.pseudonym === null
      ? 'Audit-Log: die Person war nicht verzeichnet'
      : `Audit-Log: ${result.records} Einträge nennen sie jetzt „${result.pseudonym}“`,
  ];
}

/**
 * The eraser an erasure request's "erledigt" runs (decision 102): `forgetPerson`. An open legal hold
 * defers it: the request stays "in Bearbeitung" and the answer says why (a conflict with the
 * German message; the audit record keeps only its code).
 */
export function forgettingEraser(deps: ForgetDeps): PrivacyEraser {
  return {
    async erase(person, by, context) {
      const result = await forgetPerson(deps, {
        subject: person.id,
        // Recorded in clear: the request's number, never the person's name.
        reason: `Löschantrag Nr. ${context.requestId}`,
        by,
        requestId: context.meta?.id ?? null,
        clientIp: context.meta?.clientIp ?? null,
      });
      if (result.status === 'held') throw new TRPCError({ code: 'CONFLICT', message: result.message });
      const answer: ErasureResult = { done: doneOf(result), gameData: result.gameData };
      return answer;
    },
  };
}
