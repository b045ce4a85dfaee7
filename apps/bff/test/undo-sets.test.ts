/**
 * Honest undo (decision 105): a deleted row created again answers its new number; a sync move (one
 * save, two groups' records) is undone as one set, both records taken back in one step under one
 * undo each; the plan says what the undo will do before it is asked. An editor's "Verlauf" is the
 * row's records, for those who may read the audit log and edit that kind of row.
 */
import { randomInt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { auditRecordsOf, sharedTestDatabase, type TrpcErrorBody } from './helpers';
import { sessionHeaders, withTestBff } from './test-bff';

const SYNC_ADMIN = ['web:admin', 'web:admin:sync-manager'];
const CATALOGUE_ADMIN = ['web:admin', 'web:admin:server-manager', 'web:admin:server-manager:achievement'];

interface Body extends TrpcErrorBody {
  result?: { data: Record<string, unknown> };
}

describe('undo of change sets and re-created rows', () => {
  const bff = withTestBff();
  const audit = new AuditLog(sharedTestDatabase());
  let a = 0;
  let b = 0;
  let o = 0;

  beforeEach(() => {
    a = randomInt(1_000_000, 1_000_000_000);
    b = a + 1;
    o = randomInt(1_000_000, 1_000_000_000);
  });

  async function headers(roles: string[]) {
    return {
      ...(await sessionHeaders(bff, { username: 'greta', roles })),
      'content-type': 'application/json',
    };
  }

  async function mutate(procedure: string, input: unknown, roles = SYNC_ADMIN) {
    const response = await bff.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: await headers(roles),
      payload: JSON.stringify(input),
    });
    return { status: response.statusCode, body: response.json<Body>() };
  }

  async function query(procedure: string, input: unknown, roles = SYNC_ADMIN) {
    const response = await bff.app.inject({
      method: 'GET',
      url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: await headers(roles),
    });
    return { status: response.statusCode, body: response.json<Body>() };
  }

  const writes = () =>
    bff.api.requests
      .filter((r) => r.method !== 'GET')
      .map((r) => ({ call: `${r.method} ${r.path}`, body: r.body ? (JSON.parse(r.body) as unknown) : null }));

  const object = () => ({
    id: o,
    plattform: 'discord',
    externalId: '123456789012345678',
    description: 'Polizei-Rolle',
  });
  const police = (withObject: boolean) => ({
    id: a,
    name: 'Polizei',
    keycloakName: '/team/polizei',
    syncObjects: withObject ? [object()] : [],
  });
  const medics = (withObject: boolean) => ({
    id: b,
    name: 'Sanitäter',
    keycloakName: null,
    syncObjects: withObject ? [object()] : [],
  });

  /** Moves the object from "Polizei" to "Sanitäter" by saving "Sanitäter" with it ticked. */
  async function move(): Promise<{ saved: string; gaveUp: string }> {
    bff.api.on('GET', 'sync-manager/sync-groups', { body: [police(true), medics(false)] });
    bff.api.on('GET', `sync-manager/sync-groups/${b}`, { body: medics(false) });
    bff.api.on('PUT', `sync-manager/sync-groups/${b}`, { body: medics(true) });
    const saved = await mutate('syncManager.groups.update', {
      id: b,
      values: { name: 'Sanitäter', keycloakName: null, syncObjects: [{ id: o }] },
      expected: medics(false),
    });
    expect(saved.status).toBe(200);
    const savedRecord = (await auditRecordsOf('sync.group', b)).find((r) => r.outcome === 'success');
    const gaveUpRecord = (await auditRecordsOf('sync.group', a)).find((r) => r.outcome === 'success');
    expect(gaveUpRecord?.detail).toBe('Sync Objekte an „Sanitäter“ abgegeben');
    bff.api.reset();
    return { saved: String(savedRecord?.id), gaveUp: String(gaveUpRecord?.id) };
  }

  it('undoes a sync move as one set from either record: both groups get their former members back', async () => {
    const { saved, gaveUp } = await move();

    // The plan, asked from the group that gave the object up, names the other half.
    const plan = await query('audit.undoPlan', { recordId: gaveUp });
    expect(plan.status).toBe(200);
    expect(plan.body.result?.data).toMatchObject({ verb: 'update', together: [{ id: saved }], stays: [] });

    bff.api.on('GET', `sync-manager/sync-groups/${a}`, { body: police(false) });
    bff.api.on('GET', `sync-manager/sync-groups/${b}`, { body: medics(true) });
    bff.api.on('PUT', `sync-manager/sync-groups/${a}`, { body: police(true) });
    bff.api.on('PUT', `sync-manager/sync-groups/${b}`, { body: medics(false) });
    const undone = await mutate('audit.undo', { recordId: gaveUp });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.result?.data).toMatchObject({ together: [saved], recreatedAs: null });
    expect(writes()).toEqual([
      {
        call: `PUT sync-manager/sync-groups/${a}`,
        body: { id: a, name: 'Polizei', keycloakName: '/team/polizei', syncObjects: [{ id: o }] },
      },
      {
        call: `PUT sync-manager/sync-groups/${b}`,
        body: { id: b, name: 'Sanitäter', keycloakName: null, syncObjects: [] },
      },
    ]);

    // One undo record per group, each linking its original; the second says it went with the first.
    const policeUndo = (await auditRecordsOf('sync.group', a)).at(-1);
    const medicsUndo = (await auditRecordsOf('sync.group', b)).at(-1);
    expect(policeUndo).toMatchObject({ action: 'audit.undo', outcome: 'success', undo_of: gaveUp });
    expect(medicsUndo).toMatchObject({
      action: 'audit.undo',
      outcome: 'success',
      undo_of: saved,
      detail: `with ${gaveUp}`,
    });
    expect(policeUndo?.request_id).toBe(medicsUndo?.request_id);
    expect((await audit.get(saved))?.undoneBy).toBe(String(medicsUndo?.id));
    expect((await audit.get(gaveUp))?.undoneBy).toBe(String(policeUndo?.id));
    await audit.link();
    const chain = await audit.verifyChain();
    expect(chain, JSON.stringify(chain)).toMatchObject({ intact: true });
  });

  it('refuses the whole set when one of its groups changed since, and writes nothing', async () => {
    const { saved } = await move();
    bff.api.on('GET', `sync-manager/sync-groups/${b}`, { body: medics(true) });
    bff.api.on('GET', `sync-manager/sync-groups/${a}`, { body: { ...police(false), name: 'Polizei Nord' } });
    const undone = await mutate('audit.undo', { recordId: saved });
    expect(undone.status).toBe(409);
    expect(writes()).toEqual([]);
  });

  it('creates a deleted row again under a new number and answers that number', async () => {
    const id = randomInt(1_000_000, 1_000_000_000);
    const row = { id, name: 'Taucher', description: 'Tauche 10 Meter', exp: 100, money: 500 };
    bff.api.on('GET', `achievements/${id}`, { body: row });
    bff.api.on('DELETE', `achievements/${id}`, { status: 204 });
    const removed = await mutate('catalogue.achievements.remove', { id, expected: row }, CATALOGUE_ADMIN);
    expect(removed.status).toBe(200);
    const original = (await auditRecordsOf('catalogue.achievements', id)).find(
      (r) => r.outcome === 'success',
    );
    bff.api.reset();

    bff.api.on('GET', `achievements/${id}`, { status: 404, body: {} });
    bff.api.on('POST', 'achievements', ({ body }) => ({
      body: { ...(JSON.parse(body) as object), id: id + 7 },
    }));
    const plan = await query('audit.undoPlan', { recordId: String(original?.id) }, CATALOGUE_ADMIN);
    expect(plan.body.result?.data).toMatchObject({ verb: 'create', together: [] });
    const undone = await mutate('audit.undo', { recordId: String(original?.id) }, CATALOGUE_ADMIN);
    expect(undone.status).toBe(200);
    expect(undone.body.result?.data).toMatchObject({ recreatedAs: id + 7, together: [] });
    expect((await auditRecordsOf('catalogue.achievements', id + 7)).at(-1)).toMatchObject({
      action: 'audit.undo',
      undo_of: String(original?.id),
    });
  });

  it("shows a row's records to those who may read the audit log and edit the row, nobody else", async () => {
    const { saved } = await move();
    const history = await query('audit.history', { targetType: 'sync.group', targetId: String(b) });
    expect(history.status).toBe(200);
    expect(history.body.result?.data).toMatchObject({ total: 1, rows: [{ id: saved }] });

    // The audit log's role alone, the editor's alone, or a target type without an editor: refused.
    for (const [roles, input] of [
      [['web:admin'], { targetType: 'sync.group', targetId: String(b) }],
      [['web:admin:sync-manager'], { targetType: 'sync.group', targetId: String(b) }],
      [SYNC_ADMIN, { targetType: 'user', targetId: String(b) }],
      [SYNC_ADMIN, { targetType: 'catalogue.achievements', targetId: String(b) }],
    ] as const) {
      const refused = await query('audit.history', input, [...roles]);
      expect(refused.status, JSON.stringify({ roles, input })).toBe(403);
    }
  });
});
