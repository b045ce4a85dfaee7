/**
 * Writes an export's ZIP (decision 101) with yazl, streamed: the audit records come page by page
 * from the database, the archive leaves in chunks of at most CHUNK_BYTES into the job table, so
 * memory holds one page and one chunk whatever the size. CSV files follow the audit export's German
 * Excel conventions (audit/csv.ts).
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ZipFile } from 'yazl';
import { CSV_BOM, csvCell, csvHeader, csvLines } from '../audit/csv';
import type { AuditLog, AuditRecord } from '../audit/log';
import {
  ACCOUNT_AREA,
  AUDIT_AREA,
  GAME_AREAS,
  LINKED_AREA,
  readme,
  SESSIONS_AREA,
  tableOf,
  type ExportArea,
} from './areas';

export const CHUNK_BYTES = 1024 * 1024;
const AUDIT_PAGE = 200;

/** A table as CSV: the columns are every key its rows carry, in the order first seen. */
export function tableCsv(rows: readonly Record<string, unknown>[]): string {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const line = (cells: unknown[]) => `${cells.map((cell) => csvCell(cell)).join(';')}\r\n`;
  return (
    CSV_BOM + line(columns) + rows.map((row) => line(columns.map((column) => row[column] ?? null))).join('')
  );
}

/**
 * A record as the person's export shows it: who else acted or was acted on stays out (Art. 15 (4)
 * DSGVO: the rights of others), so another person's id, names, number in the audit log and
 * address are blanked (an admin who acted on the player), and so is the other account a refused
 * step-up names.
 */
export function ownView(record: AuditRecord, personId: string): AuditRecord {
  const view = { ...record };
  if (view.actorId !== personId) {
    view.actorId = null;
    view.actorName = null;
    view.actorDisplayName = null;
    view.actorPerson = null;
    view.clientIp = null;
  }
  if (view.targetType === 'user' && view.targetId !== personId) {
    view.targetId = null;
    view.targetName = null;
    view.targetPerson = null;
  }
  if (view.detail?.startsWith('anderes Konto:')) view.detail = 'anderes Konto';
  return view;
}

async function* auditJson(audit: AuditLog, personId: string): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const page of audit.pages({ subject: personId }, AUDIT_PAGE)) {
    let text = '';
    for (const record of page) {
      text += `${first ? '\n' : ',\n'}${JSON.stringify(ownView(record, personId))}`;
      first = false;
    }
    yield text;
    await nextTurn();
  }
  yield first ? ']\n' : '\n]\n';
}

async function* auditCsv(audit: AuditLog, personId: string): AsyncGenerator<string> {
  yield csvHeader();
  for await (const page of audit.pages({ subject: personId }, AUDIT_PAGE)) {
    yield csvLines(page.map((record) => ownView(record, personId)));
    await nextTurn();
  }
}

export interface ArchiveInput {
  personId: string;
  personName: string;
  createdAt: Date;
  validHours: number;
  /** The collected parts by file name (konto, the game areas, linked accounts, sessions). */
  parts: Map<string, unknown>;
  audit: AuditLog;
  /** Takes each chunk in order; resolves when it is kept. */
  write: (seq: number, chunk: Buffer) => Promise<void>;
}

/** Writes the archive through `write`; returns its size in bytes. */
export async function writeArchive(input: ArchiveInput): Promise<number> {
  const zip = new ZipFile();
  const mtime = input.createdAt;
  const text = (name: string, content: string) =>
    zip.addBuffer(Buffer.from(content, 'utf8'), name, { mtime, compress: true });
  text('README.txt', readme(input.personName, input.createdAt, input.validHours));
  const area = (which: ExportArea, csv: boolean) => {
    const body = input.parts.get(which.file) ?? null;
    text(`${which.file}.json`, `${JSON.stringify(body, null, 2)}\n`);
    const rows = csv ? tableOf(body) : null;
    if (rows) text(`${which.file}.csv`, tableCsv(rows));
  };
  area(ACCOUNT_AREA, false);
  for (const game of GAME_AREAS) area(game, true);
  area(LINKED_AREA, true);
  area(SESSIONS_AREA, true);
  zip.addReadStream(Readable.from(auditJson(input.audit, input.personId)), `${AUDIT_AREA.file}.json`, {
    mtime,
  });
  zip.addReadStream(Readable.from(auditCsv(input.audit, input.personId)), `${AUDIT_AREA.file}.csv`, {
    mtime,
  });
  zip.end();

  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await input.write(seq++, chunk);
  };
  const sink = new Writable({
    write(data: Buffer, _encoding, callback) {
      size += data.length;
      pending.push(data);
      pendingBytes += data.length;
      if (pendingBytes < CHUNK_BYTES) {
        callback();
        return;
      }
      flush().then(() => callback(), callback);
    },
    final(callback) {
      flush().then(() => callback(), callback);
    },
  });
  await pipeline(zip.outputStream, sink);
  return size;
}
