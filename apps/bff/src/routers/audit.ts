/**
 * The audit log viewer's procedures (role web:admin, policy table): one filtered page, newest first,
 * and the CSV export of every filtered record (up to EXPORT_LIMIT rows).
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { AuditFilter, AuditLog, AuditRecord } from '../audit/log';
import { authedProcedure, router } from '../trpc/init';

export const EXPORT_LIMIT = 10_000;
const PAGE_SIZES = [25, 50, 100] as const;

const text = z.string().trim().max(200).optional();
/** `pending`: the action is running (or ended with the process); `unknown`: its answer never came. */
const OUTCOMES = ['success', 'refused', 'failed', 'pending', 'unknown'] as const;
const Filter = z.strictObject({
  person: text,
  action: text,
  target: text,
  outcome: z.enum(OUTCOMES).optional(),
  from: z.iso.datetime({ offset: true, error: 'Bitte gib einen gültigen Zeitpunkt an.' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'Bitte gib einen gültigen Zeitpunkt an.' }).optional(),
});

const Record = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.enum(OUTCOMES),
  status: z.number().nullable(),
  detail: z.string().nullable(),
  requestId: z.string().nullable(),
  clientIp: z.string().nullable(),
  callKind: z.enum(['session', 'person-token', 'machine']).nullable(),
  clientId: z.string().nullable(),
  sent: z.unknown(),
  forced: z.boolean(),
});

function toFilter(input: z.infer<typeof Filter>): AuditFilter {
  return {
    person: input.person || undefined,
    action: input.action || undefined,
    target: input.target || undefined,
    outcome: input.outcome,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
  };
}

function auditOf(ctx: { audit?: AuditLog | undefined }) {
  if (!ctx.audit) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no audit log' });
  return ctx.audit;
}

/** How the call came (decision 053), as the viewer names it. */
const CALL_KINDS = {
  session: 'Browser-Sitzung',
  'person-token': 'Token einer Person',
  machine: 'Maschinen-Client',
} as const;

const CSV_COLUMNS: [string, (r: AuditRecord) => unknown][] = [
  ['Zeitpunkt', (r) => r.at],
  ['Person', (r) => r.actorName],
  ['Subjekt', (r) => r.actorId],
  ['Aktion', (r) => r.action],
  ['Zieltyp', (r) => r.targetType],
  ['Ziel-ID', (r) => r.targetId],
  ['Ergebnis', (r) => r.outcome],
  ['Status', (r) => r.status],
  ['Hinweis', (r) => r.detail],
  ['Vorher', (r) => (r.before === null ? '' : JSON.stringify(r.before))],
  ['Nachher', (r) => (r.after === null ? '' : JSON.stringify(r.after))],
  ['Anfrage', (r) => r.requestId],
  ['IP (gekürzt)', (r) => r.clientIp],
  ['Zugang', (r) => (r.callKind ? CALL_KINDS[r.callKind] : null)],
  ['Client', (r) => r.clientId],
];

/** RFC 4180 quoting; cells that a spreadsheet would run as a formula get a leading apostrophe. */
export function csvCell(value: unknown): string {
  let text = '';
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (value !== null && value !== undefined) text = JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: AuditRecord[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => csvCell(name)).join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, pick]) => csvCell(pick(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const auditRouter = router({
  list: authedProcedure
    .input(
      Filter.extend({
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z
          .number()
          .int()
          .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Ungültige Seitengröße.')
          .default(25),
      }),
    )
    .output(z.object({ rows: z.array(Record), total: z.number(), page: z.number(), pageSize: z.number() }))
    .query(async ({ ctx, input }) => {
      const { page, pageSize, ...filter } = input;
      const { rows, total } = await auditOf(ctx).list(toFilter(filter), {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { rows, total, page, pageSize };
    }),

  export: authedProcedure
    .input(Filter)
    .output(z.object({ csv: z.string(), rows: z.number(), truncated: z.boolean() }))
    .query(async ({ ctx, input }) => {
      const { rows, total } = await auditOf(ctx).list(toFilter(input), { offset: 0, limit: EXPORT_LIMIT });
      return { csv: toCsv(rows), rows: rows.length, truncated: total > rows.length };
    }),
});
