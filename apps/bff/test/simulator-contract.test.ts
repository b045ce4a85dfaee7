/**
 * Architecture §7: contract test BFF ↔ game API simulator. Every procedure, for the demo players, runs
 * against the real simulator over HTTP: its answers pass the BFF's contract checks and mappings.
 */
import { DEMO_ACCOUNTS, DEMO_PLAYERS } from '@nova/demo';
import { startGameApiSim, type RunningGameApiSim } from '@nova/game-api-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, principal } from './caller';

const players = [
  ...Object.values(DEMO_ACCOUNTS).map((a) => ({ id: a.id, name: a.username })),
  { id: DEMO_PLAYERS.empty.id, name: 'empty' },
];

describe('BFF against the game API simulator', () => {
  let sim: RunningGameApiSim;
  beforeAll(async () => {
    // The simulator's token check is replaced: the "token" is the user id (the JWKS path is tested elsewhere).
    sim = await startGameApiSim({
      port: 0,
      host: '127.0.0.1',
      verifyToken: (token) => Promise.resolve({ sub: token }),
      syncDelayMs: 0,
    });
  });
  afterAll(() => sim.close());

  it('serves the public toplist and calendar', async () => {
    const anonymous = callerFor(null, sim.url);
    const toplist = await anonymous.toplist.get();
    expect(toplist.tables.most_crimes.length).toBeGreaterThan(0);
    expect((await anonymous.calendar.list()).length).toBeGreaterThan(0);
  });

  it.each(players)('every player procedure works for $name', async ({ id }) => {
    const me = callerFor(principal(id), sim.url, { token: id });
    const results = await Promise.all([
      me.player.user({}),
      me.player.profile({}),
      me.player.achievements({}),
      me.player.coupons({}),
      me.player.inventory({}),
      me.player.licenses({}),
      me.player.bankAccounts({}),
      me.player.weaponSkills({}),
      me.player.skins({}),
      me.player.skills({}),
      me.player.vehicles({}),
    ]);
    expect(results[0]).toMatchObject({ id, own: true });
    expect(results[5]).toHaveLength(4);
    expect(results[7]).toHaveLength(3);
  });

  it('shows the simulated game API refusing a hidden profile and not knowing vehicles of a new player', async () => {
    const spieler = callerFor(principal(DEMO_ACCOUNTS.spieler.id), sim.url, {
      token: DEMO_ACCOUNTS.spieler.id,
    });
    await expect(spieler.player.profile({ userId: DEMO_PLAYERS.hidden.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await spieler.player.vehicles({ userId: DEMO_PLAYERS.empty.id })).toEqual({
      supported: false,
      items: [],
    });
    const [first] = (await spieler.player.vehicles({})).items;
    expect(first).toBeDefined();
    expect((await spieler.player.vehicle({ vehicleId: first?.id ?? -1 })).type).not.toBeNull();
  });
});
