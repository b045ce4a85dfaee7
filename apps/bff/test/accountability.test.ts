/**
 * Accountability over real HTTP: dev-idp, the game API simulator, two BFF instances sharing Redis and the
 * tests' PostgreSQL. Audit records for every outcome (success with before/after, refused by the
 * policy and by a missing step-up, failed with the game API's status), nothing written for invalid
 * input, nothing done while the audit database is down, the viewer's filters, paging, export and
 * role; step-up through the identity provider; own sessions ended across instances and at the IdP.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { parseEnv } from '../src/env';
import type { SessionStore } from '../src/session/types';
import { DEMO_ACCOUNTS } from '@nova/demo';
import { formOf, HttpBrowser, signIn } from './http-browser';
import { sharedTestDatabase } from './helpers';
import { stackSessionStore } from './session-tools';
import { call, query, type Answer } from './trpc-http';
import { freePort, startStack, TEST_SESSION_SECRET, type Bff, type Stack } from './stack';

function sessionKey(browser: HttpBrowser): string {
  return createHmac('sha256', TEST_SESSION_SECRET)
    .update(browser.cookies.get('nova_session')?.value ?? '')
    .digest('base64url');
}

interface Row {
  action: string;
  actorName: string | null;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  outcome: string;
  status: number | null;
  detail: string | null;
}

describe('accountability: audit log, step-up and own sessions', () => {
  let stack: Stack;
  let a: Bff;
  let b: Bff;
  let store: SessionStore;
  let admin: HttpBrowser;
  let database: Database;
  const reason = `Audit-Test ${Date.now()}`;

  async function auditRows(filter: Record<string, unknown>): Promise<Row[]> {
    const answer = await query(admin, a.url, 'audit.list', { pageSize: 100, ...filter });
    expect(answer.status).toBe(200);
    return (answer.body.result?.data as { rows: Row[] }).rows;
  }

  /** A row as the admin's screen loaded it: the `expected` of an update or remove. */
  async function rowOf(list: string, id: number | string): Promise<Record<string, unknown>> {
    const rows = (await query(admin, a.url, list)).body.result?.data as { id: number }[];
    const row = rows.find((r) => r.id === Number(id));
    if (!row) throw new Error(`${list}: no row ${id}`);
    return row;
  }

  async function setAuthTime(browser: HttpBrowser, authTime: number): Promise<void> {
    const key = sessionKey(browser);
    const record = await store.get(key);
    if (!record) throw new Error('no session');
    await store.create(key, { ...record, authTime }, 60_000);
  }

  beforeAll(async () => {
    const redisUrl = inject('redisUrl');
    database = sharedTestDatabase();
    stack = await startStack({ bffCount: 2 });
    a = await stack.startBff(0, { env: { REDIS_URL: redisUrl, STEP_UP_MAX_AGE_SECONDS: '60' } });
    b = await stack.startBff(1, { env: { REDIS_URL: redisUrl, STEP_UP_MAX_AGE_SECONDS: '60' } });
    store = await stackSessionStore(redisUrl);
    admin = new HttpBrowser();
    await signIn(admin, a.url, 'admin');
  });
  afterAll(async () => {
    await store.close();
    await stack.close();
  });

  it('records the sign-in with the username', async () => {
    const rows = await auditRows({ action: 'auth.sign-in', person: 'admin' });
    expect(rows[0]).toMatchObject({ action: 'auth.sign-in', actorName: 'admin', outcome: 'success' });
  });

  let createdId = '';
  it('records create, update and remove with before and after, read from the game API', async () => {
    const created = await call(admin, a.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: reason, points: 2, is_static: 0 },
    });
    expect(created.status).toBe(200);
    createdId = String((created.body.result?.data as { id: number }).id);

    const updated = await call(admin, b.url, 'catalogue.wantedReasons.update', {
      id: Number(createdId),
      values: { reason_name: reason, points: 4, is_static: 0 },
      expected: created.body.result?.data,
    });
    expect(updated.status).toBe(200);

    const rows = await auditRows({ target: `catalogue.wantedReasons ${createdId}` });
    const update = rows.find((r) => r.action === 'catalogue.wantedReasons.update');
    expect(update).toMatchObject({ outcome: 'success', actorName: 'admin', targetId: createdId });
    expect(update?.before).toMatchObject({ reason_name: reason, points: 2 });
    expect(update?.after).toMatchObject({ reason_name: reason, points: 4 });
    const create = rows.find((r) => r.action === 'catalogue.wantedReasons.create');
    expect(create).toMatchObject({ outcome: 'success', before: null, targetId: createdId });
  });

  it('refuses a remove with an old sign-in (step-up reason, recorded) and allows it after re-authentication', async () => {
    await setAuthTime(admin, Math.floor(Date.now() / 1000) - 3600);
    const shown = await rowOf('catalogue.wantedReasons.list', createdId);
    const refused = await call(admin, a.url, 'catalogue.wantedReasons.remove', {
      id: Number(createdId),
      expected: shown,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.data.reason).toBe('STEP_UP_REQUIRED');
    const still = await query(admin, a.url, 'catalogue.wantedReasons.list');
    expect(JSON.stringify(still.body.result?.data)).toContain(reason);

    // The SPA sends the admin through the identity provider again: it must ask for the password.
    const returnTo = '/control-panel/admin/server-manager/wanted-manager';
    const login = await admin.get(`${a.url}/auth/login?stepUp=1&returnTo=${encodeURIComponent(returnTo)}`);
    expect(login.body).toContain('Benutzername');
    const form = formOf(login);
    let step = await admin.request(new URL(form.action.replaceAll('&amp;', '&'), login.url).href, {
      form: { ...form.fields, username: 'admin', password: 'admin' },
    });
    for (let hop = 0; hop < 15 && step.location; hop++) {
      step = await admin.request(new URL(step.location, step.url).href);
      if (new URL(step.url).pathname === '/auth/callback') break;
    }
    expect(new URL(step.location ?? '', a.url).pathname).toBe(returnTo);

    const removed = await call(admin, a.url, 'catalogue.wantedReasons.remove', {
      id: Number(createdId),
      expected: shown,
    });
    expect(removed.status).toBe(200);
    const rows = await auditRows({ target: `catalogue.wantedReasons ${createdId}` });
    expect(
      rows.find((r) => r.action === 'catalogue.wantedReasons.remove' && r.outcome === 'refused'),
    ).toMatchObject({ detail: 'step-up-required' });
    const remove = rows.find((r) => r.action === 'catalogue.wantedReasons.remove' && r.outcome === 'success');
    expect(remove?.before).toMatchObject({ reason_name: reason });
    expect((await auditRows({ action: 'auth.step-up', person: 'admin' }))[0]).toMatchObject({
      outcome: 'success',
    });
  });

  it('a re-authentication as another person never hands the session over and explains it in German', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, a.url, 'spieler');
    const cookieBefore = browser.cookies.get('nova_session')?.value;
    const login = await browser.get(`${a.url}/auth/login?stepUp=1&returnTo=%2Fcontrol-panel`);
    const form = formOf(login);
    let step = await browser.follow(
      await browser.request(new URL(form.action.replaceAll('&amp;', '&'), login.url).href, {
        form: { ...form.fields, username: 'beta', password: 'beta' },
      }),
    );
    // dev-idp first ends the other person's session there (a page that submits itself).
    if (step.body.includes('logout/confirm')) step = await browser.submit(step, {});
    expect(new URL(step.url).pathname).toBe('/auth/callback');
    expect(step.status).toBe(403);
    expect(step.body).toContain('Du hast dich mit einem anderen Konto angemeldet.');
    // dev-idp ended spieler's session there when beta signed in (back-channel logout to the BFF);
    // the BFF's session never became beta's.
    expect(step.body).toContain(
      'Es wurde nichts ausgeführt. Der Anmeldedienst hat deine Sitzung beendet; bitte melde dich erneut als spieler an.',
    );
    expect(browser.cookies.get('nova_session')?.value).toBe(cookieBefore);
    // Its cookie names a session the BFF no longer has: said so (decision 071).
    const me = await query(browser, a.url, 'session.me');
    expect(me.body.result?.data).toEqual({ signedIn: false, sessionExpired: true });
    const [latest] = await auditRows({ person: 'spieler', action: 'auth.step-up' });
    expect(latest).toMatchObject({
      outcome: 'refused',
      detail: 'other-account',
      targetId: DEMO_ACCOUNTS.beta.id,
    });
  });

  it("a person's access token carries auth_time like Keycloak's, so a fresh one passes step-up as bearer", async () => {
    const record = await store.get(sessionKey(admin));
    const token = record?.auth.accessToken ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      auth_time?: unknown;
    };
    expect(claims.auth_time).toEqual(expect.any(Number));
    expect(Math.abs(Number(claims.auth_time) - Date.now() / 1000)).toBeLessThan(600);
    const answer = await fetch(`${a.url}/trpc/catalogue.wantedReasons.remove`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 999_999,
        expected: { id: 999_999, reason_name: 'x', points: 1, is_static: 0 },
      }),
    });
    // Past step-up: the conditional delete finds the row gone (the token without auth_time is
    // refused in the security suite).
    const body = (await answer.json()) as Answer['body'];
    expect(body.error?.data.reason).not.toBe('STEP_UP_REQUIRED');
    expect(answer.status).toBe(409);
  });

  it("records a failed action with the game API's status", async () => {
    // An explicit overwrite skips the comparison, so the game API's 404 is what answers.
    const answer = await call(admin, a.url, 'catalogue.wantedReasons.update', {
      id: 987654,
      values: { reason_name: reason, points: 1, is_static: 0 },
      expected: { id: 987654, reason_name: reason, points: 1, is_static: 0 },
      force: true,
    });
    expect(answer.status).toBe(404);
    const rows = await auditRows({ target: 'catalogue.wantedReasons 987654' });
    expect(rows[0]).toMatchObject({ outcome: 'failed', status: 404, actorName: 'admin' });
  });

  it('records a policy refusal, and invalid input as refused without the values', async () => {
    const player = new HttpBrowser();
    await signIn(player, a.url, 'spieler');
    const refused = await call(player, a.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: 'x', points: 1, is_static: 0 },
    });
    expect(refused.status).toBe(403);
    expect((await auditRows({ person: 'spieler', action: 'catalogue.' }))[0]).toMatchObject({
      action: 'catalogue.wantedReasons.create',
      outcome: 'refused',
      detail: 'forbidden',
    });

    const before = (await auditRows({ person: 'admin', action: 'catalogue.wantedReasons.create' })).length;
    const invalid = await call(admin, a.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: '', points: -5, is_static: 0 },
    });
    expect(invalid.status).toBe(400);
    // Recorded beside the answer, not before it (the adapter's onError): wait for the record.
    await expect
      .poll(
        async () => (await auditRows({ person: 'admin', action: 'catalogue.wantedReasons.create' })).length,
      )
      .toBe(before + 1);
    const after = await auditRows({ person: 'admin', action: 'catalogue.wantedReasons.create' });
    expect(after[0]).toMatchObject({
      outcome: 'refused',
      detail: 'invalid-input',
      before: null,
      after: null,
      sent: null,
    });
  });

  it('records every sync object and sync group write with before and after, refused and failed ones', async () => {
    // A Teamspeak server group id of this run (the sync manager refuses a duplicate).
    const serverGroup = String(100_000 + (Date.now() % 900_000));
    const objectValues = { plattform: 'teamspeak', externalId: serverGroup, description: reason };
    const createdObject = await call(admin, a.url, 'syncManager.objects.create', { values: objectValues });
    expect(createdObject.status).toBe(200);
    const objectId = (createdObject.body.result?.data as { id: number }).id;
    const updatedObject = await call(admin, b.url, 'syncManager.objects.update', {
      id: objectId,
      values: { ...objectValues, description: `${reason} geändert`, syncGroup: null },
      expected: createdObject.body.result?.data,
    });
    expect(updatedObject.status).toBe(200);
    const groupValues = { name: reason, keycloakName: '/audit/test', syncObjects: [{ id: objectId }] };
    const createdGroup = await call(admin, a.url, 'syncManager.groups.create', { values: groupValues });
    expect(createdGroup.status).toBe(200);
    const groupId = (createdGroup.body.result?.data as { id: number }).id;
    expect(
      (
        await call(admin, b.url, 'syncManager.groups.update', {
          id: groupId,
          values: { ...groupValues, keycloakName: null },
          expected: await rowOf('syncManager.groups.list', groupId),
        })
      ).status,
    ).toBe(200);

    // Refused: a player without the role, and a delete with an old sign-in (nothing deleted).
    const player = new HttpBrowser();
    await signIn(player, a.url, 'beta');
    const shownGroup = await rowOf('syncManager.groups.list', groupId);
    expect(
      (await call(player, a.url, 'syncManager.groups.remove', { id: groupId, expected: shownGroup })).status,
    ).toBe(403);
    await setAuthTime(admin, Math.floor(Date.now() / 1000) - 3600);
    for (const kind of ['objects', 'groups'] as const) {
      const id = kind === 'objects' ? objectId : groupId;
      const expected = await rowOf(`syncManager.${kind}.list`, id);
      const refused = await call(admin, a.url, `syncManager.${kind}.remove`, { id, expected });
      expect(refused.body.error?.data.reason).toBe('STEP_UP_REQUIRED');
    }
    // Failed: the game API does not know the object (an explicit overwrite skips the comparison,
    // so its 404 answers, and its status is recorded).
    await setAuthTime(admin, Math.floor(Date.now() / 1000));
    const unknown = { ...objectValues, id: 987_654 };
    expect(
      (
        await call(admin, a.url, 'syncManager.objects.remove', {
          id: 987_654,
          expected: unknown,
          force: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(admin, a.url, 'syncManager.groups.remove', { id: groupId, expected: shownGroup })).status,
    ).toBe(200);
    const shownObject = await rowOf('syncManager.objects.list', objectId);
    expect(
      (await call(admin, b.url, 'syncManager.objects.remove', { id: objectId, expected: shownObject }))
        .status,
    ).toBe(200);

    const object = await auditRows({ action: 'syncManager.objects.', target: String(objectId) });
    const find = (rows: Row[], action: string, outcome: string) =>
      rows.find((r) => r.action === action && r.outcome === outcome && r.actorName === 'admin');
    expect(find(object, 'syncManager.objects.create', 'success')).toMatchObject({
      targetId: String(objectId),
      before: null,
      after: { description: reason },
    });
    expect(find(object, 'syncManager.objects.update', 'success')).toMatchObject({
      before: { description: reason },
      after: { description: `${reason} geändert` },
    });
    expect(find(object, 'syncManager.objects.remove', 'refused')).toMatchObject({
      detail: 'step-up-required',
    });
    expect(find(object, 'syncManager.objects.remove', 'success')).toMatchObject({
      before: { description: `${reason} geändert` },
      after: null,
    });
    const group = await auditRows({ action: 'syncManager.groups.', target: String(groupId) });
    expect(find(group, 'syncManager.groups.create', 'success')).toMatchObject({ after: { name: reason } });
    expect(find(group, 'syncManager.groups.update', 'success')).toMatchObject({
      before: { keycloakName: '/audit/test' },
      after: { keycloakName: null },
    });
    expect(find(group, 'syncManager.groups.remove', 'refused')).toMatchObject({ detail: 'step-up-required' });
    expect(find(group, 'syncManager.groups.remove', 'success')).toMatchObject({ before: { name: reason } });
    // The policy refuses before the input is read: the same action key, no target.
    expect((await auditRows({ person: 'beta', action: 'syncManager.groups.remove' }))[0]).toMatchObject({
      outcome: 'refused',
      detail: 'forbidden',
    });
    expect((await auditRows({ action: 'syncManager.objects.remove', target: '987654' }))[0]).toMatchObject({
      outcome: 'failed',
      status: 404,
    });
  });

  it('records the security events: sign-out, a session ended at the identity provider, others ended', async () => {
    const leaving = new HttpBrowser();
    await signIn(leaving, b.url, 'beta');
    const logout = await leaving.request(`${b.url}/auth/logout`, {
      method: 'POST',
      headers: { origin: b.url },
    });
    expect(logout.status).toBe(303);
    expect((await auditRows({ person: 'beta', action: 'auth.sign-out' }))[0]).toMatchObject({
      outcome: 'success',
    });

    // Logging out in another application of the realm (the forum): dev-idp tells the BFF through
    // the back channel, and the BFF records who lost a session.
    const elsewhere = new HttpBrowser();
    await signIn(elsewhere, a.url, 'beta');
    const betaId = ((await query(elsewhere, a.url, 'session.me')).body.result?.data as { id: string }).id;
    const before = (await auditRows({ action: 'session.ended-by-idp', target: betaId })).length;
    const confirm = await elsewhere.get(`${stack.idp.issuer}/protocol/openid-connect/logout?client_id=forum`);
    await elsewhere.submit(confirm, { logout: 'yes' }, 'op.logoutForm');
    await expect
      .poll(async () => (await auditRows({ action: 'session.ended-by-idp', target: betaId })).length, {
        timeout: 5000,
      })
      .toBe(before + 1);
  });

  it('does not do the action when the audit record cannot be written', async () => {
    // A third instance on the same sessions whose database is down.
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const down: FastifyInstance = await buildApp(
      parseEnv({
        NODE_ENV: 'test',
        PUBLIC_URL: url,
        OIDC_ISSUER: stack.idp.issuer,
        GAME_API_URL: stack.gameApiUrl,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        SESSION_SECRET: TEST_SESSION_SECRET,
        REDIS_URL: inject('redisUrl'),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nova_audit_down',
      }),
      { logger: false },
    );
    await down.listen({ port, host: 'localhost' });
    try {
      const name = `${reason} (nie angelegt)`;
      const answer = await call(admin, url, 'catalogue.wantedReasons.create', {
        values: { reason_name: name, points: 1, is_static: 0 },
      });
      expect(answer.status).toBe(503);
      expect(answer.body.error?.message).toContain('Audit-Log');
      const list = await query(admin, a.url, 'catalogue.wantedReasons.list');
      expect(JSON.stringify(list.body.result?.data)).not.toContain(name);

      // The same for the sync manager and for ending own sessions.
      const object = await call(admin, url, 'syncManager.objects.create', {
        values: { plattform: 'discord', externalId: '1187364520918274711', description: name },
      });
      expect(object.status).toBe(503);
      const objects = await query(admin, a.url, 'syncManager.objects.list');
      expect(JSON.stringify(objects.body.result?.data)).not.toContain(name);
      const [keep, other] = [new HttpBrowser(), new HttpBrowser()];
      await signIn(keep, a.url, 'spieler');
      await signIn(other, a.url, 'spieler');
      const ended = await call(keep, url, 'account.endOtherSessions');
      expect(ended.status).toBe(503);
      expect(ended.body.error?.message).toContain('Audit-Log');
      expect((await query(other, a.url, 'player.user')).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('filters by person, action, target and time, pages on the server and exports CSV; admins only', async () => {
    const all = await query(admin, a.url, 'audit.list', { person: 'admin', pageSize: 25, page: 1 });
    const data = all.body.result?.data as { rows: { at: string }[]; total: number };
    expect(data.total).toBeGreaterThanOrEqual(5);
    const ats = data.rows.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats); // newest first

    const page2 = await query(admin, a.url, 'audit.list', { person: 'admin', pageSize: 25, page: 2 });
    expect((page2.body.result?.data as { total: number }).total).toBe(data.total);

    const future = await query(admin, a.url, 'audit.list', {
      from: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((future.body.result?.data as { total: number }).total).toBe(0);
    // Records of earlier runs may share the target id (the simulator counts from the same start):
    // the window holds only records older than its end, so none of this run's.
    const to = new Date(Date.now() - 3_600_000).toISOString();
    const past = await query(admin, a.url, 'audit.list', {
      person: 'admin',
      to,
      action: 'catalogue.wantedReasons.update',
      target: createdId,
    });
    const pastRows = (past.body.result?.data as { rows: { at: string }[] }).rows;
    expect(pastRows.filter((row) => new Date(row.at).getTime() > Date.parse(to))).toEqual([]);
    const recent = await query(admin, a.url, 'audit.list', {
      person: 'admin',
      from: to,
      action: 'catalogue.wantedReasons.update',
      target: createdId,
    });
    expect((recent.body.result?.data as { total: number }).total).toBeGreaterThan(0);

    const filter = new URLSearchParams({ target: `catalogue.wantedReasons ${createdId}` });
    const exported = await admin.get(`${a.url}/export/audit-log.csv?${filter.toString()}`, { 'x-csrf': '1' });
    expect(exported.status).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Zeitpunkt;Person;Anmeldename;Subjekt;Aktion;Zieltyp;Ziel-ID;Ergebnis;Status;Hinweis;Vorher;Nachher;Gesendet;Anfrage;IP (gekürzt);Zugang;Client;Nr.;Zeitpunkt (UTC);Nimmt zurück (Nr.)',
    );
    expect(lines.length - 1).toBe(
      (await auditRows({ target: `catalogue.wantedReasons ${createdId}` })).length,
    );
    expect(lines.slice(1).every((line) => line.includes('catalogue.wantedReasons'))).toBe(true);

    const player = new HttpBrowser();
    await signIn(player, b.url, 'beta');
    expect((await query(player, b.url, 'audit.list', {})).status).toBe(403);
    expect((await player.get(`${b.url}/export/audit-log.csv`, { 'x-csrf': '1' })).status).toBe(403);
  });

  it('keeps records unchangeable in the database', async () => {
    const db = await database.open();
    await expect(db.updateTable('audit_log').set({ action: 'manipuliert' }).execute()).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/cannot be changed/);
  });

  it('lists own sessions and ends another one across instances and at the identity provider', async () => {
    const first = new HttpBrowser();
    const second = new HttpBrowser();
    await signIn(first, a.url, 'beta');
    await signIn(second, b.url, 'beta');

    const listed = await query(first, a.url, 'account.sessions');
    const sessions = listed.body.result?.data as {
      id: string;
      current: boolean;
      browser: string;
      ip: string;
      signInMethod: string | null;
    }[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.filter((s) => !s.current);
    expect(other.length).toBeGreaterThanOrEqual(1);
    expect(sessions[0]?.ip).toMatch(/\.0$|::$/);
    // dev-idp's ID token says acr "1" after the password, as Keycloak's does.
    expect(sessions.map((s) => s.signInMethod)).toEqual(sessions.map(() => 'Passwort'));

    // The second browser's own session is the one its list marks as current.
    const secondList = await query(second, b.url, 'account.sessions');
    const secondId = (secondList.body.result?.data as { id: string; current: boolean }[]).find(
      (s) => s.current,
    )?.id;
    const ended = await call(first, a.url, 'account.endSession', { id: secondId });
    expect(ended.status).toBe(200);

    expect((await query(second, b.url, 'player.user')).status).toBe(401);
    // Its identity-provider session ended too: signing in asks for the password again.
    const again = await second.get(`${b.url}/auth/login?returnTo=%2Fcontrol-panel`);
    expect(again.body).toContain('Benutzername');
    expect((await query(first, a.url, 'player.user')).status).toBe(200);

    const rows = await auditRows({ person: 'beta', action: 'session.end' });
    expect(rows[0]).toMatchObject({ outcome: 'success', targetId: secondId });
  });

  it('ends all other sessions, keeping this one', async () => {
    const browsers = [new HttpBrowser(), new HttpBrowser(), new HttpBrowser()];
    for (const [i, browser] of browsers.entries()) await signIn(browser, i % 2 ? b.url : a.url, 'spieler');
    const [keep, ...others] = browsers as [HttpBrowser, ...HttpBrowser[]];
    const answer = await call(keep, a.url, 'account.endOtherSessions');
    expect(answer.status).toBe(200);
    expect((answer.body.result?.data as { ended: number }).ended).toBeGreaterThanOrEqual(2);
    for (const browser of others) expect((await query(browser, b.url, 'player.user')).status).toBe(401);
    const left = (await query(keep, b.url, 'account.sessions')).body.result?.data as unknown[];
    expect(left).toHaveLength(1);
    expect((await auditRows({ person: 'spieler', action: 'session.end-others' }))[0]).toMatchObject({
      outcome: 'success',
      detail: `${(answer.body.result?.data as { ended: number }).ended} ended`,
    });
  });
});
