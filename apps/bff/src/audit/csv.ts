/**
 * The audit log as CSV for a German Excel (decision 059): UTF-8 with a byte order mark, `;` between
 * cells, CRLF line ends, times in Europe/Berlin as `TT.MM.JJJJ HH:MM:SS` (the UTC instant in a
 * column of its own, since an hour repeats when the clocks go back). Cells a spreadsheet would run as
 * a formula get a leading apostrophe.
 */
import { auditForgottenPerson } from '@nova/domain';
import type { AuditRecord } from './log';

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

/** How the call came (decision 053), as the viewer names it. */
const CALL_KINDS = {
  session: 'Browser-Sitzung',
  'person-token': 'Token einer Person',
  machine: 'Maschinen-Client',
} as const;

const berlin = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// Europe/Berlin is a whole number of hours off UTC and changes it only on a full UTC hour: the
// formatted day and hour are kept per UTC hour, minutes and seconds are UTC's. Intl for every row
// cost the export most of its CPU time (decision 071).
const hours = new Map<string, string>();

/** `25.11.2026 13:04:05`: what German Excel reads as a date and time. */
export function berlinDateTime(iso: string): string {
  const utc = new Date(iso).toISOString();
  const hour = utc.slice(0, 13);
  let prefix = hours.get(hour);
  if (prefix === undefined) {
    const parts: Record<string, string> = {};
    for (const part of berlin.formatToParts(new Date(`${hour}:00:00Z`))) parts[part.type] = part.value;
    prefix = `${parts.day}.${parts.month}.${parts.year} ${parts.hour}`;
    if (hours.size >= 10_000) hours.clear();
    hours.set(hour, prefix);
  }
  return `${prefix}:${utc.slice(14, 16)}:${utc.slice(17, 19)}`;
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function personCell(r: AuditRecord): string | null {
  if (r.actorErased && r.actorPerson !== null) return auditForgottenPerson(r.actorPerson);
  return r.actorDisplayName ?? r.actorName;
}

const COLUMNS: [string, (r: AuditRecord) => unknown][] = [
  ['Zeitpunkt', (r) => berlinDateTime(r.at)],
  // The in-game name, the login name beside it (decision 099); a forgotten person by number only.
  ['Person', (r) => personCell(r)],
  ['Anmeldename', (r) => r.actorName],
  ['Subjekt', (r) => r.actorId],
  ['Aktion', (r) => r.action],
  ['Zieltyp', (r) => r.targetType],
  ['Ziel-ID', (r) => r.targetId],
  ['Ergebnis', (r) => r.outcome],
  ['Status', (r) => r.status],
  ['Hinweis', (r) => r.detail],
  ['Vorher', (r) => json(r.before)],
  ['Nachher', (r) => json(r.after)],
  ['Gesendet', (r) => json(r.sent)],
  ['Anfrage', (r) => r.requestId],
  ['IP (gekürzt)', (r) => r.clientIp],
  ['Zugang', (r) => (r.callKind ? CALL_KINDS[r.callKind] : null)],
  ['Client', (r) => r.clientId],
  ['Nr.', (r) => r.id],
  ['Zeitpunkt (UTC)', (r) => r.at],
  ['Nimmt zurück (Nr.)', (r) => r.undoOf],
];

/** RFC 4180 quoting (with `;` as separator); formula cells neutralised by a leading apostrophe. */
export function csvCell(value: unknown): string {
  let text = '';
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (value !== null && value !== undefined) text = JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The first line, with the byte order mark before it. */
export function csvHeader(): string {
  return `${CSV_BOM}${COLUMNS.map(([name]) => csvCell(name)).join(SEPARATOR)}\r\n`;
}

export function csvLines(rows: readonly AuditRecord[]): string {
  let out = '';
  for (const row of rows) out += `${COLUMNS.map(([, pick]) => csvCell(pick(row))).join(SEPARATOR)}\r\n`;
  return out;
}
