/**
 * Privacy requests through the procedures (decision 102), on the tests' PostgreSQL: a player asks, the
 * privacy officer moves the request, every step is audited; "erledigt" on an erasure runs the eraser
 * and keeps the game data left to delete on the request; a rejection needs a reason.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { verifyChain } from '../src/audit/chain';
import { AuditLog } from '../src/audit/log';
import { TargetLocks } from '../src/audit/target-locks';
import { GameApiClient } from '../src/game-api/client';
import { SharedCache } from '../src/game-api/shared-cache';
import { ExportStore } from '../src/privacy/export-store';
import { forgettingEraser } from '../src/privacy/forget';
import { PrivacyRequests, type PrivacyEraser } from '../src/privacy/requests';
import { appRouter } from '../src/routers';
import type { Principal } from '../src/kinds/principal';
import { createContextInner } from '../src/trpc/context';
import { createCallerFactory } from '../src/trpc/init';
import { auditRecordsOf, sharedTestDatabase } from './helpers';

const createCaller = createCallerFactory(appRouter);
const silent = Fastify({ logger: false }).log;

/** `real`: the product's eraser (forgetPerson, decision 100) with a session store that counts. */
function setUp(real = false) {
  const database = sharedTestDatabase();
  const audit = new AuditLog(database);
  const erased: string[] = [];
  const sessionsEnded: string[] = [];
  const store = {
    destroyByUser: (userId: string) => {
      sessionsEnded.push(userId);
      return Promise.resolve(1);
    },
  };
  const fake: PrivacyEraser = {
    erase(person) {
      erased.push(person.id);
      return Promise.resolve({
        done: ['2 Sitzung(en) beendet'],
        gameData: [{ where: `user/${person.id}/inventory`, what: 'Inventar' }],
      });
    },
  };
  const eraser = real ? forgettingEraser({ database, audit, store }) : fake;
  const privacy = {
    exports: new ExportStore(database),
    requests: new PrivacyRequests(database, Date.now),
    eraser,
    kick: () => {},
    exportValidHours: 24,
  };
  const caller = (principal: Principal) =>
    createCaller(
      createContextInner({
        principal,
        accessToken: () => Promise.resolve('token'),
        gameApi: new GameApiClient({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 100, log: silent }),
        publicCache: new SharedCache(0),
        adminUserUrl: () => '',
        log: silent,
        now: Date.now,
        audit,
        database,
        locks: new TargetLocks(database, 2000),
        request: { id: randomUUID(), clientIp: null },
        privacy,
      }),
    );
  return { caller, erased, audit, database, sessionsEnded };
}

const person = (roles: string[] = [], displayName = 'Hanna'): Principal => {
  const id = randomUUID();
  return { via: 'session', userId: id, username: `p-${id.slice(0, 8)}`, displayName, roles };
};

describe('privacy requests', () => {
  it('an erasure goes eingegangen → in Bearbeitung → erledigt, erased and audited; the player sees it', async () => {
    const { caller, erased } = setUp();
    const player = person();
    const officer = person(['web:admin:privacy']);
    const asked = await caller(player).privacy.createRequest({ kind: 'erasure', reason: 'Ich höre auf.' });
    expect(asked).toMatchObject({ kind: 'erasure', status: 'received', reason: 'Ich höre auf.' });
    const received = new Date(asked.receivedAt);
    const deadline = new Date(asked.deadline);
    expect(deadline.getTime() - received.getTime()).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(deadline.getTime() - received.getTime()).toBeLessThanOrEqual(31 * 86_400_000);

    await expect(caller(player).privacy.createRequest({ kind: 'erasure' })).rejects.toThrow(
      'Zu dieser Art hast du bereits eine offene Anfrage.',
    );
    const listed = await caller(officer).privacy.requests();
    expect(listed.find((request) => request.id === asked.id)).toMatchObject({ personId: player.userId });

    await caller(officer).privacy.setStatus({ id: asked.id, from: 'received', to: 'processing' });
    expect(erased).toEqual([]);
    // Moving from a status the request no longer has is refused.
    await expect(
      caller(officer).privacy.setStatus({ id: asked.id, from: 'received', to: 'processing' }),
    ).rejects.toThrow('Die Anfrage wurde inzwischen bearbeitet. Bitte lade die Seite neu.');
    const done = await caller(officer).privacy.setStatus({ id: asked.id, from: 'processing', to: 'done' });
    expect(erased).toEqual([player.userId]);
    expect(done.erasure).toEqual({
      done: ['2 Sitzung(en) beendet'],
      gameData: [{ where: `user/${player.userId}/inventory`, what: 'Inventar' }],
    });
    expect((await caller(officer).privacy.request({ id: asked.id })).status).toBe('done');
    expect((await caller(player).privacy.myRequests())[0]).toMatchObject({ id: asked.id, status: 'done' });

    const records = await auditRecordsOf('privacy.request', asked.id);
    expect(records.map((record) => [record.action, record.outcome])).toEqual([
      ['privacy.createRequest', 'success'],
      ['privacy.setStatus', 'success'],
      ['privacy.setStatus', 'success'],
    ]);
    const erasure = await auditRecordsOf('user', player.userId);
    expect(erasure.map((record) => [record.action, record.outcome])).toEqual([['privacy.erase', 'success']]);
  });

  it('a restriction is rejected only with a reason, and erases nothing', async () => {
    const { caller, erased } = setUp();
    const player = person();
    const officer = person(['web:admin:privacy']);
    const asked = await caller(player).privacy.createRequest({ kind: 'restriction' });
    await expect(
      caller(officer).privacy.setStatus({ id: asked.id, from: 'received', to: 'rejected', reason: '  ' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const rejected = await caller(officer).privacy.setStatus({
      id: asked.id,
      from: 'received',
      to: 'rejected',
      reason: 'Sperrverfahren läuft.',
    });
    expect(rejected).toMatchObject({ status: 'rejected', statusReason: 'Sperrverfahren läuft.' });
    await expect(
      caller(officer).privacy.setStatus({ id: asked.id, from: 'rejected', to: 'done' }),
    ).rejects.toThrow('Dieser Statuswechsel ist nicht möglich.');
    expect(erased).toEqual([]);
    expect((await caller(player).privacy.myRequests())[0]).toMatchObject({
      status: 'rejected',
      statusReason: 'Sperrverfahren läuft.',
    });
  });

  it('the requests page is refused to an admin without the privacy role and to players', async () => {
    const { caller } = setUp();
    await expect(caller(person(['web:admin', 'web:beta'])).privacy.requests()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(caller(person()).privacy.requests()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('"Löschen und erledigen" forgets the person: sessions and traces go, the audit log names only "gelöschte Person (Nr. …)", the chain verifies', async () => {
    const { caller, audit, database, sessionsEnded } = setUp(true);
    const tag = randomUUID().slice(0, 8);
    const player = person([], `Jonas_Weber_${tag}`);
    const officer = person(['web:admin:privacy'], `Datenschutz_${tag}`);
    const actor = { id: player.userId, name: player.username, displayName: player.displayName };
    await audit.write({
      actor,
      action: 'auth.sign-in',
      target: { type: 'user', id: player.userId },
      outcome: 'success',
      clientIp: '203.0.113.0',
    });
    const db = await database.open();
    await db
      .insertInto('idempotency_keys')
      .values({ person_id: player.userId, procedure: 'catalogue.x.create', key: randomUUID(), state: 'done' })
      .execute();
    expect((await audit.list({ person: `jonas_weber_${tag}` }, { limit: 10 })).total).toBe(1);

    const asked = await caller(player).privacy.createRequest({ kind: 'erasure' });
    await caller(officer).privacy.setStatus({ id: asked.id, from: 'received', to: 'processing' });
    const done = await caller(officer).privacy.setStatus({ id: asked.id, from: 'processing', to: 'done' });

    expect(sessionsEnded).toEqual([player.userId]);
    const pseudonym = /„(gelöschte Person \(Nr\. (\d+)\))“/.exec(done.erasure?.done.at(-1) ?? '');
    expect(done.erasure?.done).toEqual([
      '1 Sitzung(en) beendet',
      '1 Idempotenzschlüssel gelöscht',
      '0 Discord-Name(n) gelöscht',
      '0 Webhook-Spur(en) gelöscht',
      `Audit-Log: 4 Einträge nennen sie jetzt „gelöschte Person (Nr. ${pseudonym?.[2]})“`,
    ]);
    expect(done.erasure?.gameData.map((item) => item.where)).toContain(`user/${player.userId}/profile`);
    const keys = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('person_id', '=', player.userId)
      .execute();
    expect(keys).toEqual([]);
    // The person filter no longer finds the names; by number the records are there, without them.
    expect((await audit.list({ person: `Jonas_Weber_${tag}` }, { limit: 10 })).total).toBe(0);
    expect((await audit.list({ person: player.username }, { limit: 10 })).total).toBe(0);
    const { rows } = await audit.list({ person: `Nr. ${pseudonym?.[2]}` }, { limit: 10 });
    expect(rows.map((row) => row.action).sort()).toEqual(['auth.sign-in', 'privacy.createRequest']);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorErased: true,
        actorId: null,
        actorName: null,
        actorDisplayName: null,
      });
      expect(row.clientIp).toBeNull();
    }
    // The erasure's own records: by the officer, about the forgotten number.
    const { rows: erasure } = await audit.list(
      { person: `Datenschutz_${tag}`, action: 'privacy.' },
      { limit: 10 },
    );
    expect(erasure.map((row) => [row.action, row.outcome])).toEqual([
      ['privacy.forget', 'success'],
      ['privacy.erase', 'success'],
      ['privacy.setStatus', 'success'],
      ['privacy.setStatus', 'success'],
    ]);
    expect(erasure.find((row) => row.action === 'privacy.forget')?.sent).toEqual({
      reason: `Löschantrag Nr. ${asked.id}`,
    });
    const chain = await verifyChain(db);
    expect(chain.broken).toBeUndefined();
    expect(chain.intact).toBe(true);
  });

  it('an open legal hold defers the erasure: the request stays "in Bearbeitung", the answer says why in German', async () => {
    const { caller, audit, sessionsEnded } = setUp(true);
    const tag = randomUUID().slice(0, 8);
    const player = person([], `Mia_Stern_${tag}`);
    const officer = person(['web:admin', 'web:admin:privacy'], `Datenschutz_${tag}`);
    await audit.write({
      actor: { id: player.userId, name: player.username, displayName: player.displayName },
      action: 'auth.sign-in',
      target: { type: 'user', id: player.userId },
      outcome: 'success',
    });
    const [record] = (await audit.list({ person: `Mia_Stern_${tag}` }, { limit: 1 })).rows;
    await caller(officer).audit.hold({ recordId: record?.id ?? '', reason: `Bann-Streit ${tag}` });
    const asked = await caller(player).privacy.createRequest({ kind: 'erasure' });
    await caller(officer).privacy.setStatus({ id: asked.id, from: 'received', to: 'processing' });
    await expect(
      caller(officer).privacy.setStatus({ id: asked.id, from: 'processing', to: 'done' }),
    ).rejects.toThrow(
      `Die Löschung ist zurückgestellt: für diese Person besteht eine Aufbewahrung („Bann-Streit ${tag}“). Sie wird gelöscht, sobald die Aufbewahrung aufgehoben ist.`,
    );
    expect(sessionsEnded).toEqual([]);
    expect((await caller(officer).privacy.request({ id: asked.id })).status).toBe('processing');
    expect((await audit.list({ person: `Mia_Stern_${tag}` }, { limit: 10 })).rows[0]).toMatchObject({
      actorDisplayName: `Mia_Stern_${tag}`,
      actorErased: false,
    });
    // The refusal is recorded without the hold's reason.
    const { rows: forget } = await audit.list(
      { action: 'privacy.forget', person: `Datenschutz_${tag}` },
      { limit: 5 },
    );
    expect(forget.map((row) => [row.outcome, row.detail])).toEqual([['refused', 'legal-hold']]);
  });

  it("legal holds are the privacy officer's: an admin without the role is refused", async () => {
    const { caller } = setUp(true);
    await expect(
      caller(person(['web:admin', 'web:beta'])).audit.hold({ recordId: '1', reason: 'Bann-Streit' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
