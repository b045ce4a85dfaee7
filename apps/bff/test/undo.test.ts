/**
 * "Rückgängig machen" from the audit log (decision 063): an update, a create and a delete of a
 * catalogue row are taken back by writing the record's before-state through the write spine; only
 * while the row is still what the change left (else CONFLICT, nothing written; `force` writes
 * anyway); the delete and the re-create need a recent sign-in; web:admin and the editor's role are
 * both needed, machine clients never; the undo record links the original.
 */
import { randomInt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { auditRecordsOf, sharedTestDatabase, type TrpcErrorBody } from './helpers';
import { sessionHeaders, withTestBff } from './test-bff';

const ADMIN = ['web:admin', 'web:admin:server-manager', 'web:admin:server-manager:achievement'];

interface Body extends TrpcErrorBody {
  result?: { data: unknown };
  error: TrpcErrorBody['error'] & {
    data: TrpcErrorBody['error']['data'] & { reason: string | null; conflict?: { current: unknown } };
  };
}

describe('undo from the audit log', () => {
  const bff = withTestBff();
  const audit = new AuditLog(sharedTestDatabase());
  let id = 0;
  let row: Record<string, string | number>;

  beforeEach(() => {
    id = randomInt(1_000_000, 2_000_000_000);
    row = { id, name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 500 };
  });

  async function call(
    procedure: string,
    input: unknown,
    who: { roles?: string[]; signedInSecondsAgo?: number } = {},
  ): Promise<{ status: number; body: Body }> {
    const headers = await sessionHeaders(bff, {
      username: 'anna',
      displayName: 'Anna',
      roles: who.roles ?? ADMIN,
      signedInSecondsAgo: who.signedInSecondsAgo ?? 0,
    });
    const response = await bff.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
    return { status: response.statusCode, body: response.json<Body>() };
  }

  /** The game API holds `state` at this id (null: gone) and answers writes. */
  function holds(state: unknown) {
    bff.api.on('GET', `achievements/${id}`, state === null ? { status: 404, body: {} } : { body: state });
    bff.api.on('PUT', `achievements/${id}`, ({ body }) => ({
      body: { id, ...(JSON.parse(body) as object) },
    }));
    bff.api.on('DELETE', `achievements/${id}`, { status: 204 });
    bff.api.on('POST', 'achievements', ({ body }) => ({ body: { id, ...(JSON.parse(body) as object) } }));
  }

  const writes = () =>
    bff.api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${r.body}`.trim());

  /** The id of the successful record of `action` on this row. */
  async function originalOf(action: string): Promise<string> {
    const found = (await auditRecordsOf('catalogue.achievements', id)).find(
      (r) => r.action === action && r.outcome === 'success',
    );
    if (!found) throw new Error(`no ${action} record`);
    return String(found.id);
  }

  async function updated(): Promise<string> {
    holds(row);
    const values = { name: 'Angler', description: 'Fange einen Fisch', exp: 111, money: 500 };
    expect((await call('catalogue.achievements.update', { id, values, expected: row })).status).toBe(200);
    bff.api.reset();
    return originalOf('catalogue.achievements.update');
  }

  it('takes an update back: the before-state is written, the undo links the original', async () => {
    const original = await updated();
    holds({ ...row, exp: 111 });
    const answer = await call('audit.undo', { recordId: original });
    expect(answer.status).toBe(200);
    expect(writes()).toEqual([
      `PUT achievements/${id} {"name":"Angler","description":"Fange einen Fisch","exp":100,"money":500}`,
    ]);
    const undone = (await auditRecordsOf('catalogue.achievements', id)).at(-1);
    expect(undone).toMatchObject({
      action: 'audit.undo',
      outcome: 'success',
      undo_of: original,
      before: { exp: 111 },
      after: { exp: 100 },
    });
    expect((await audit.get(original))?.undoneBy).toBe(String(undone?.id));
    const chain = await audit.verifyChain();
    expect(chain, JSON.stringify(chain)).toMatchObject({ intact: true });

    // The export names the record an undo takes back, in its last column.
    const exported = await bff.app.inject({
      method: 'GET',
      url: `/export/audit-log.csv?target=${encodeURIComponent(`catalogue.achievements ${id}`)}`,
      headers: await sessionHeaders(bff, { username: 'anna', displayName: 'Anna', roles: ADMIN }),
    });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.endsWith(';Nimmt zurück (Nr.)')).toBe(true);
    const undoLine = lines.find((line) => line.includes(';audit.undo;'));
    expect(undoLine?.endsWith(`;${original}`)).toBe(true);

    // Taken back once: a second undo is refused.
    bff.api.reset();
    holds(row);
    const again = await call('audit.undo', { recordId: original });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Diese Änderung wurde bereits rückgängig gemacht.');
    expect(writes()).toEqual([]);
  });

  it('refuses with CONFLICT when the row changed since; nothing written; force writes anyway', async () => {
    const original = await updated();
    holds({ ...row, exp: 222 });
    const answer = await call('audit.undo', { recordId: original });
    expect(answer.status).toBe(409);
    expect(answer.body.error.data.reason).toBe('changed');
    expect(answer.body.error.data.conflict?.current).toMatchObject({ exp: 222 });
    expect(writes()).toEqual([]);
    expect((await auditRecordsOf('catalogue.achievements', id)).at(-1)).toMatchObject({
      action: 'audit.undo',
      outcome: 'refused',
      detail: 'Konflikt: geändert',
    });

    const forced = await call('audit.undo', { recordId: original, force: true });
    expect(forced.status).toBe(200);
    expect(writes()).toHaveLength(1);
    expect((await auditRecordsOf('catalogue.achievements', id)).at(-1)).toMatchObject({
      action: 'audit.undo',
      forced: true,
    });
  });

  it('takes a create back by deleting the row, only after a recent sign-in', async () => {
    holds(null);
    const values = { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 500 };
    expect((await call('catalogue.achievements.create', { values })).status).toBe(200);
    const original = await originalOf('catalogue.achievements.create');
    bff.api.reset();
    holds(row);

    const stale = await call('audit.undo', { recordId: original }, { signedInSecondsAgo: 3600 });
    expect(stale.status).toBe(403);
    expect(stale.body.error.data.reason).toBe('STEP_UP_REQUIRED');
    expect(writes()).toEqual([]);

    const fresh = await call('audit.undo', { recordId: original });
    expect(fresh.status).toBe(200);
    expect(writes()).toEqual([`DELETE achievements/${id}`]);
    expect((await auditRecordsOf('catalogue.achievements', id)).at(-1)).toMatchObject({
      action: 'audit.undo',
      outcome: 'success',
      undo_of: original,
      after: null,
    });
  });

  it('takes a delete back by creating the row again, only after a recent sign-in and while it is gone', async () => {
    holds(row);
    expect((await call('catalogue.achievements.remove', { id, expected: row })).status).toBe(200);
    const original = await originalOf('catalogue.achievements.remove');
    bff.api.reset();
    holds(null);

    const stale = await call('audit.undo', { recordId: original }, { signedInSecondsAgo: 3600 });
    expect(stale.body.error.data.reason).toBe('STEP_UP_REQUIRED');
    expect(writes()).toEqual([]);

    // Someone created it again meanwhile: a conflict, nothing written.
    bff.api.reset();
    holds(row);
    const conflict = await call('audit.undo', { recordId: original });
    expect(conflict.status).toBe(409);
    expect(writes()).toEqual([]);

    bff.api.reset();
    holds(null);
    const fresh = await call('audit.undo', { recordId: original });
    expect(fresh.status).toBe(200);
    expect(writes()).toEqual([
      'POST achievements {"name":"Angler","description":"Fange einen Fisch","exp":100,"money":500}',
    ]);
    expect((await auditRecordsOf('catalogue.achievements', id)).at(-1)).toMatchObject({
      action: 'audit.undo',
      outcome: 'success',
      undo_of: original,
    });
  });

  it('needs web:admin and the editor role (machine clients: security/step-up-and-machines)', async () => {
    const original = await updated();
    holds({ ...row, exp: 111 });
    const editorOnly = await call(
      'audit.undo',
      { recordId: original },
      { roles: ['web:admin:server-manager', 'web:admin:server-manager:achievement'] },
    );
    expect(editorOnly.status).toBe(403);
    const adminOnly = await call('audit.undo', { recordId: original }, { roles: ['web:admin'] });
    expect(adminOnly.status).toBe(403);
    expect(writes()).toEqual([]);
    expect((await auditRecordsOf('catalogue.achievements', id)).at(-1)).toMatchObject({
      action: 'audit.undo',
      outcome: 'refused',
      detail: 'forbidden',
    });
  });
});
