/**
 * The search box's procedure (decision 091): each group only for the roles of the screen its hits
 * open, players found by display or login name through one brief-lived `GET user` per caller, rows
 * by name or exact number, audit entries through the log's own filter, a failed group said as such,
 * the input limited.
 */
import { TRPCError } from '@trpc/server';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callerFor, principal } from '../../test/caller';
import { startMockGameApi, type MockGameApi } from '../../test/mock-game-api';
import { AuditLog } from '../audit/log';
import { createDatabase, type Database } from '../db/database';
import { GameApiClient } from '../game-api/client';
import { SharedCache } from '../game-api/shared-cache';
import { adminUserUrlFor } from '../services';
import { createContextInner } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { appRouter } from './index';

const HUB = 'web:admin:server-manager';
const ADMIN = [
  'web:beta',
  'web:admin',
  'web:admin:sync-manager',
  HUB,
  'web:admin:server-manager:achievement',
  'web:admin:server-manager:car',
  'web:admin:server-manager:skin',
  'web:admin:server-manager:radio',
  'web:admin:server-manager:wanted',
];

const USERS = [
  { id: 'u-1', username: 'spieler', attributes: { customname: ['Jonas_Weber'] } },
  { id: 'u-2', username: 'admin', attributes: { customname: ['Admin_Nova'] } },
  { id: 'u-3', username: 'lena', attributes: {} },
];

let api: MockGameApi;

function seed() {
  api.on('GET', 'user', { body: USERS });
  api.on('GET', 'achievements', {
    body: [
      { id: 1, name: 'Erster Fang', description: 'Fange einen Fisch', exp: 10, money: 100 },
      { id: 12, name: 'Angler', description: 'Zehn Fische', exp: 50, money: 500 },
      { id: 112, name: 'Meisterangler', description: 'Hundert Fische', exp: 500, money: 5000 },
    ],
  });
  api.on('GET', 'vehicles/types', { body: [] });
  api.on('GET', 'management/server-skins', { body: [] });
  api.on('GET', 'management/server-radios', {
    body: [{ id: 3, name: 'Prüfradio Nord', url: 'https://radio.example/nord', color: '#ff0000' }],
  });
  api.on('GET', 'wanted-reasons', { body: [] });
  api.on('GET', 'sync-manager/sync-objects', {
    body: [{ id: 7, plattform: 'discord', externalId: '4711', description: 'Fischer Rolle' }],
  });
  api.on('GET', 'sync-manager/sync-groups', {
    body: [{ id: 2, name: 'Fischer', keycloakName: null, syncObjects: [] }],
  });
}

beforeAll(async () => {
  api = await startMockGameApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.reset();
  seed();
});

const asRoles = (roles: string[], userId = 'u-2') => callerFor(principal(userId, roles), api.url);
const keysOf = (groups: { key: string }[]) => groups.map((group) => group.key);
const userListCalls = () => api.requests.filter((r) => r.method === 'GET' && r.path === 'user').length;

describe('search.query', () => {
  it('gives each group only to the roles of the screen it opens', async () => {
    const groupsOf = async (roles: string[]) =>
      keysOf((await asRoles(roles).search.query({ text: 'x' })).groups);
    expect(await groupsOf([])).toEqual([]);
    expect(await groupsOf(['web:beta'])).toEqual([]);
    expect(await groupsOf(['web:admin'])).toEqual(['players', 'audit']);
    expect(await groupsOf(['web:admin:sync-manager'])).toEqual(['syncGroups', 'syncObjects']);
    // A catalogue's rows need the hub's role and the catalogue's own, like its manager screen.
    expect(await groupsOf(['web:admin:server-manager:car'])).toEqual([]);
    expect(await groupsOf([HUB, 'web:admin:server-manager:car'])).toEqual(['vehicleTypes']);
    expect(await groupsOf(ADMIN)).toEqual([
      'players',
      'achievements',
      'vehicleTypes',
      'serverSkins',
      'serverRadios',
      'wantedReasons',
      'syncGroups',
      'syncObjects',
      'audit',
    ]);
    // Nothing is asked of the game API for a group the caller may not see.
    api.requests.length = 0;
    await asRoles(['web:admin:sync-manager']).search.query({ text: 'Fisch' });
    expect(api.requests.map((r) => r.path).sort()).toEqual([
      'sync-manager/sync-groups',
      'sync-manager/sync-objects',
    ]);
  });

  it('finds players by display name or login name, each opening the profile', async () => {
    const caller = asRoles(['web:admin']);
    const byDisplay = (await caller.search.query({ text: 'jonas' })).groups[0];
    expect(byDisplay).toMatchObject({ key: 'players', label: 'Spieler', status: 'ok', more: false });
    expect(byDisplay?.hits).toEqual([
      { id: 'u-1', title: 'Jonas_Weber', detail: 'spieler', href: '/control-panel/user/u-1', at: null },
    ]);
    const byLogin = (await caller.search.query({ text: 'SPIEL' })).groups[0];
    expect(byLogin?.hits.map((hit) => hit.title)).toEqual(['Jonas_Weber']);
    // Without a display name the login name is the title, said once.
    const plain = (await caller.search.query({ text: 'lena' })).groups[0];
    expect(plain?.hits).toEqual([
      { id: 'u-3', title: 'lena', detail: null, href: '/control-panel/user/u-3', at: null },
    ]);
  });

  it('asks the game API for the user list once per caller while it is fresh', async () => {
    const first = asRoles(['web:admin'], 'u-2');
    await first.search.query({ text: 'jo' });
    await first.search.query({ text: 'jon' });
    await first.search.query({ text: 'jona' });
    expect(userListCalls()).toBe(1);
    expect(api.requests.find((r) => r.path === 'user')?.authorization).toBe('Bearer user-token');
  });

  it('finds catalogue rows by name or exact number, opening their editor', async () => {
    const caller = asRoles(ADMIN);
    const achievements = (await caller.search.query({ text: 'angler' })).groups.find(
      (group) => group.key === 'achievements',
    );
    expect(achievements?.hits).toEqual([
      {
        id: '12',
        title: 'Angler',
        detail: 'Achievement Nr. 12',
        href: '/control-panel/admin/server-manager/achievement-manager?bearbeiten=12',
        at: null,
      },
      {
        id: '112',
        title: 'Meisterangler',
        detail: 'Achievement Nr. 112',
        href: '/control-panel/admin/server-manager/achievement-manager?bearbeiten=112',
        at: null,
      },
    ]);
    expect(achievements?.moreHref).toBe(
      '/control-panel/admin/server-manager/achievement-manager?suche=angler',
    );
    const byNumber = (await caller.search.query({ text: '12' })).groups.find((g) => g.key === 'achievements');
    expect(byNumber?.hits.map((hit) => hit.id)).toEqual(['12']);
    const radios = (await caller.search.query({ text: 'prüfradio nord' })).groups.find(
      (group) => group.key === 'serverRadios',
    );
    expect(radios?.hits[0]?.href).toBe('/control-panel/admin/server-manager/radio-manager?bearbeiten=3');
  });

  it('finds sync objects and groups, opening their tab filtered to them', async () => {
    const { groups } = await asRoles(['web:admin:sync-manager']).search.query({ text: 'fischer' });
    expect(groups).toEqual([
      {
        key: 'syncGroups',
        label: 'Sync Gruppen',
        status: 'ok',
        more: false,
        moreHref: '/control-panel/admin/sync-manager?tab=groups&gruppen-suche=fischer',
        hits: [
          {
            id: '2',
            title: 'Fischer',
            detail: null,
            href: '/control-panel/admin/sync-manager?tab=groups&gruppen-suche=Fischer',
            at: null,
          },
        ],
      },
      {
        key: 'syncObjects',
        label: 'Sync Objekte',
        status: 'ok',
        more: false,
        moreHref: '/control-panel/admin/sync-manager?tab=objects&objekte-suche=fischer',
        hits: [
          {
            id: '7',
            title: 'Fischer Rolle',
            detail: 'Discord · 4711',
            href: '/control-panel/admin/sync-manager?tab=objects&objekte-suche=Fischer+Rolle',
            at: null,
          },
        ],
      },
    ]);
  });

  it('shows at most five hits of a group and says that there are more', async () => {
    api.on('GET', 'user', {
      body: Array.from({ length: 7 }, (_, i) => ({ id: `f-${i}`, username: `fischer${i}`, attributes: {} })),
    });
    const players = (await asRoles(['web:admin']).search.query({ text: 'fischer' })).groups[0];
    expect(players?.hits.map((hit) => hit.id)).toEqual(['f-0', 'f-1', 'f-2', 'f-3', 'f-4']);
    expect(players?.more).toBe(true);
  });

  it('says which group failed and still answers with the others', async () => {
    api.on('GET', 'sync-manager/sync-objects', { status: 500, body: { error: 'kaputt' } });
    const { groups } = await asRoles(['web:admin:sync-manager']).search.query({ text: 'fischer' });
    expect(groups.map((group) => [group.key, group.status, group.hits.length])).toEqual([
      ['syncGroups', 'ok', 1],
      ['syncObjects', 'failed', 0],
    ]);
  });

  it('refuses an empty, a too long and an unexpected input, and anonymous callers', async () => {
    const caller = asRoles(ADMIN);
    const refusal = async (input: unknown) => {
      const error = await caller.search.query(input as { text: string }).catch((e: unknown) => e);
      return error instanceof TRPCError ? error.code : 'answered';
    };
    expect(await refusal({ text: '   ' })).toBe('BAD_REQUEST');
    expect(await refusal({ text: 'x'.repeat(101) })).toBe('BAD_REQUEST');
    expect(await refusal({ text: 'x'.repeat(100) })).toBe('answered');
    expect(await refusal({ text: 'x', extra: 1 })).toBe('BAD_REQUEST');
    expect(await refusal({ text: 42 })).toBe('BAD_REQUEST');
    const anonymous = callerFor(null, api.url);
    await expect(anonymous.search.query({ text: 'x' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('search.query in the audit log', () => {
  let database: Database;
  let audit: AuditLog;
  const tag = Math.random().toString(36).slice(2, 10);

  // An embedded database made and migrated here: on a busy machine that takes longer than the
  // default 30 s of a hook (test/audit-persons.test.ts gives its own the same).
  beforeAll(async () => {
    database = createDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.open();
    audit = new AuditLog(database);
    await audit.write({
      actor: { id: 'u-2', name: 'admin' },
      action: 'catalogue.serverRadios.update',
      target: { type: 'catalogue.serverRadios', id: 3 },
      before: { id: 3, name: `Prüfradio ${tag}` },
      after: { id: 3, name: `Prüfradio ${tag}` },
      outcome: 'success',
    });
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('finds entries through the viewer’s own filter and links the filtered log', async () => {
    const log = Fastify({ logger: false }).log;
    const caller = createCallerFactory(appRouter)(
      createContextInner({
        principal: principal('u-2', ['web:admin']),
        accessToken: () => Promise.resolve('user-token'),
        gameApi: new GameApiClient({ baseUrl: api.url, timeoutMs: 1000, log }),
        publicCache: new SharedCache(0),
        adminUserUrl: adminUserUrlFor('http://localhost:8080/realms/nova', undefined),
        log,
        now: Date.now,
        audit,
      }),
    );
    const group = (await caller.search.query({ text: tag })).groups.find((g) => g.key === 'audit');
    expect(group).toMatchObject({
      label: 'Audit-Log',
      status: 'ok',
      more: false,
      moreHref: `/control-panel/admin/audit-log?ziel=${tag}`,
    });
    expect(group?.hits).toHaveLength(1);
    expect(group?.hits[0]).toMatchObject({
      title: `Radiosender „Prüfradio ${tag}“ geändert`,
      detail: 'admin',
      href: `/control-panel/admin/audit-log?ziel=${tag}`,
    });
    expect(group?.hits[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
