/**
 * "Integrationen" (decision 083): every machine client the BFF has seen, from the audit log's
 * records of machine calls (`call_kind = 'machine'`: writes and refusals; reads leave no record).
 * The scopes shown are the ones its recorded calls used, named by the policy table; the link leads
 * to its service account in the identity provider's admin console, one click from the client.
 */
import { procedureAccess } from '@nova/domain';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database';
import { AuditPersons } from '../db/persons';
import type { Schema } from '../db/schema';
import { authedProcedure, router } from '../trpc/init';

/** Days of the per-day counts, today included. */
export const INTEGRATION_DAYS = 14;

export const MachineClientView = z.object({
  clientId: z.string(),
  serviceAccount: z.string().nullable(),
  adminUrl: z.string().nullable(),
  firstAt: z.string(),
  lastAt: z.string(),
  calls: z.number(),
  refusals: z.number(),
  /** Scopes its recorded calls used (successful or not refused), in the policy table's words. */
  scopes: z.array(z.string()),
  /** Newest first; days without a record are left out. */
  days: z.array(z.object({ day: z.string(), calls: z.number(), refusals: z.number() })),
});
export type MachineClientView = z.infer<typeof MachineClientView>;

interface ActionRow {
  client_id: string;
  action: string;
  actor_person: string | null;
  first_at: Date | string;
  last_at: Date | string;
  calls: string | number;
  refusals: string | number;
}

interface DayRow {
  client_id: string;
  day: string;
  calls: string | number;
  refusals: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function machineClientsSeen(
  db: Kysely<Schema>,
  options: { now: Date; adminUserUrl: (userId: string) => string; persons?: AuditPersons | undefined },
): Promise<MachineClientView[]> {
  const since = new Date(options.now.getTime() - (INTEGRATION_DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const [actions, days] = await Promise.all([
    sql<ActionRow>`
      select client_id, action, max(actor_person)::text as actor_person,
        min(at) as first_at, max(at) as last_at, count(*) as calls,
        count(*) filter (where outcome = 'refused') as refusals
      from audit_log
      where call_kind = 'machine' and client_id is not null
      group by client_id, action`.execute(db),
    sql<DayRow>`
      select client_id, to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as calls,
        count(*) filter (where outcome = 'refused') as refusals
      from audit_log
      where call_kind = 'machine' and client_id is not null and at >= ${since}
      group by 1, 2`.execute(db),
  ]);
  // The service accounts are persons of the audit log (decision 099).
  const persons = await (options.persons ?? new AuditPersons()).views(
    db,
    actions.rows.flatMap((row) => (row.actor_person === null ? [] : [row.actor_person])),
  );
  const clients = new Map<string, MachineClientView>();
  for (const row of actions.rows) {
    const seen = clients.get(row.client_id) ?? {
      clientId: row.client_id,
      serviceAccount: null,
      adminUrl: null,
      firstAt: iso(row.first_at),
      lastAt: iso(row.last_at),
      calls: 0,
      refusals: 0,
      scopes: [],
      days: [],
    };
    const account = row.actor_person === null ? undefined : persons.get(row.actor_person)?.data;
    seen.serviceAccount ??= account?.login ?? null;
    if (seen.adminUrl === null && account?.subject) seen.adminUrl = options.adminUserUrl(account.subject);
    if (iso(row.first_at) < seen.firstAt) seen.firstAt = iso(row.first_at);
    if (iso(row.last_at) > seen.lastAt) seen.lastAt = iso(row.last_at);
    seen.calls += Number(row.calls);
    seen.refusals += Number(row.refusals);
    const access = procedureAccess(row.action);
    const scope = access?.kind === 'signed-in' ? access.scope : undefined;
    if (scope && Number(row.calls) > Number(row.refusals) && !seen.scopes.includes(scope))
      seen.scopes.push(scope);
    clients.set(row.client_id, seen);
  }
  for (const row of days.rows) {
    clients
      .get(row.client_id)
      ?.days.push({ day: row.day, calls: Number(row.calls), refusals: Number(row.refusals) });
  }
  const list = [...clients.values()];
  for (const client of list) {
    client.scopes.sort();
    client.days.sort((a, b) => b.day.localeCompare(a.day));
  }
  return list.sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}

function databaseOf(ctx: { database?: Database | undefined }): Database {
  if (!ctx.database) throw new Error('no database in the context');
  return ctx.database;
}

export const integrationsRouter = router({
  list: authedProcedure.output(z.array(MachineClientView)).query(async ({ ctx }) =>
    machineClientsSeen(await databaseOf(ctx).open(), {
      now: new Date(ctx.now()),
      adminUserUrl: ctx.adminUserUrl,
      persons: ctx.audit?.persons,
    }),
  ),
});
