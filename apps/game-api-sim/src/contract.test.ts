/**
 * Contract test: every GET the game API offers (the path table `gameApiPaths` of @nova/contracts)
 * answers data that validates against the matching schema — for the demo accounts, the empty and
 * the hidden player, a sample of other players, every catalogue (list and each item), the sync
 * manager, the toplist and the calendar.
 */
import * as api from '@nova/contracts';
import { catalogues, gameApiPaths } from '@nova/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { IDS, call, createTestSim } from './test-support';

type PathName = keyof typeof gameApiPaths;
const covered = new Set<PathName>();

const app = createTestSim();

async function expectValid(schema: z.ZodType, path: string, token?: string): Promise<unknown> {
  const { status, json } = await call(app, 'GET', path, token === undefined ? {} : { token });
  expect(status, path).toBe(200);
  const result = schema.safeParse(json);
  expect(result.error?.issues ?? [], path).toEqual([]);
  return json;
}

/** Per-player calls and their answers' schemas. */
const playerCalls = {
  user: api.User,
  profile: api.PlayerProfile,
  skills: api.Skills,
  skins: api.PlayerSkins,
  playerAchievements: api.PlayerAchievements,
  coupons: api.Coupons,
  inventory: api.Inventory,
  licenses: api.Licenses,
  bankAccounts: api.BankAccounts,
  weaponSkills: api.WeaponSkills,
  vehicles: api.Vehicles,
  externalAccounts: api.ExternalAccounts,
} as const satisfies Partial<Record<PathName, z.ZodType>>;

async function checkPlayer(userId: string, token: string, skip: readonly PathName[] = []): Promise<void> {
  for (const [name, schema] of Object.entries(playerCalls) as [keyof typeof playerCalls, z.ZodType][]) {
    if (skip.includes(name)) continue;
    await expectValid(schema, gameApiPaths[name](userId), token);
    covered.add(name);
  }
}

describe('game API contract', () => {
  let sampleIds: string[] = [];

  beforeAll(async () => {
    const users = api.Users.parse((await call(app, 'GET', gameApiPaths.users(), { token: 'spieler' })).json);
    const known = new Set<string>(Object.values(IDS));
    // Every fifth other player: a deterministic sample of about eleven.
    sampleIds = users
      .filter((u) => !known.has(u.id))
      .filter((_, i) => i % 5 === 0)
      .map((u) => u.id);
  });

  it('answers the public toplist and calendar without a token', async () => {
    await expectValid(api.Toplist, gameApiPaths.toplist());
    await expectValid(api.Calendar, gameApiPaths.calendar());
    covered.add('toplist').add('calendar');
  });

  it('answers the user list', async () => {
    const users = (await expectValid(api.Users, gameApiPaths.users(), 'spieler')) as unknown[];
    expect(users.length).toBeGreaterThanOrEqual(55);
    covered.add('users');
  });

  it('answers every player call for the demo accounts', async () => {
    for (const name of ['spieler', 'beta', 'admin'] as const) await checkPlayer(IDS[name], name);
  });

  it('answers every player call for a sample of other players', async () => {
    expect(sampleIds.length).toBeGreaterThanOrEqual(10);
    for (const id of sampleIds) await checkPlayer(id, 'spieler');
  });

  it('answers the empty player with valid empty data, and vehicles with 404', async () => {
    await checkPlayer(IDS.empty, 'spieler', ['vehicles']);
    expect((await call(app, 'GET', gameApiPaths.vehicles(IDS.empty), { token: 'spieler' })).status).toBe(404);
  });

  it('answers the hidden player to themselves', async () => {
    await checkPlayer(IDS.hidden, 'hidden');
  });

  it('answers every catalogue, as a list and item by item', async () => {
    for (const name of Object.keys(catalogues) as api.CatalogueName[]) {
      const contract = catalogues[name];
      expect(gameApiPaths.catalogue(name)).toBe(contract.path);
      const items = (await expectValid(contract.list, contract.path, 'spieler')) as { id: number }[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items)
        await expectValid(contract.item, gameApiPaths.catalogueItem(name, item.id), 'spieler');
      covered.add('catalogue').add('catalogueItem');
    }
  });

  it('answers the sync manager, as lists and item by item', async () => {
    const objects = api.SyncObjects.parse(
      await expectValid(api.SyncObjects, gameApiPaths.syncObjects(), 'admin'),
    );
    for (const o of objects) await expectValid(api.SyncObject, gameApiPaths.syncObject(o.id), 'admin');
    const groups = api.SyncGroups.parse(
      await expectValid(api.SyncGroups, gameApiPaths.syncGroups(), 'admin'),
    );
    for (const g of groups) await expectValid(api.SyncGroup, gameApiPaths.syncGroup(g.id), 'admin');
    covered.add('syncObjects').add('syncObject').add('syncGroups').add('syncGroup');
  });

  it('has covered every GET path of the contract', () => {
    // The write-only paths are exercised by the round-trip tests.
    const writeOnly: PathName[] = ['externalAccount', 'externalAccountsSync'];
    const expected = (Object.keys(gameApiPaths) as PathName[]).filter((p) => !writeOnly.includes(p));
    expect([...covered].sort()).toEqual(expected.sort());
  });
});
