/**
 * Privacy requests through the procedures (decision 102), on the tests' PostgreSQL: a player asks, the
 * privacy officer moves the request, every step is audited; "erledigt" on an erasure runs the eraser
 * and keeps the game data left to delete on the request; a rejection needs a reason.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { TargetLocks } from '../src/audit/target-locks';
import { GameApiClient } from '../src/game-api/client';
import { SharedCache } from '../src/game-api/shared-cache';
import { ExportStore } from '../src/privacy/export-store';
import { PrivacyRequests, type PrivacyEraser } from '../src/privacy/requests';
import { appRouter } from '../src/routers';
import type { Principal } from '../src/kinds/principal';
import { createContextInner } from '../src/trpc/context';
import { createCallerFactory } from '../src/trpc/init';
import { auditRecordsOf, sharedTestDatabase } from './helpers';

const createCaller = createCallerFactory(appRouter);
const silent = Fastify({ logger: false }).log;

function setUp() {
  const database = sharedTestDatabase();
  const erased: string[] = [];
  const eraser: PrivacyEraser = {
    erase(person) {
      erased.push(person.id);
      return Promise.resolve({
        done: ['2 Sitzung(en) beendet'],
        gameData: [{ where: `user/${person.id}/inventory`, what: 'Inventar' }],
      });
    },
  };
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
        audit: new AuditLog(database),
        locks: new TargetLocks(database, 2000),
        request: { id: randomUUID(), clientIp: null },
        privacy,
      }),
    );
  return { caller, erased };
}

const person = (roles: string[] = []): Principal => {
  const id = randomUUID();
  return { via: 'session', userId: id, username: `p-${id.slice(0, 8)}`, displayName: 'Hanna', roles };
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
});
