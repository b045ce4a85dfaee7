/** Linking external accounts (specification §7): own user only, Teamspeak identity rule, one per platform. */
import { ExternalAccount, ExternalAccounts, gameApiPaths } from '@nova/contracts';
import { DEMO_TEAMSPEAK_IDENTITIES } from '@nova/demo';
import { describe, expect, it } from 'vitest';
import { createGameApiSim } from './app';
import { IDS, NOW, call, createTestSim, stubVerifier } from './test-support';

const IDENTITY = DEMO_TEAMSPEAK_IDENTITIES[0];
const linkPath = gameApiPaths.externalAccounts(IDS.spieler);
const link = (plattform: string, externalId: string, userId: string = IDS.spieler) => ({
  userId,
  plattform,
  externalId,
});

describe('external accounts', () => {
  it('shows the seeded links: spieler none, beta Teamspeak, admin Teamspeak and Discord', async () => {
    const app = createTestSim();
    const of = async (id: string) =>
      ExternalAccounts.parse(
        (await call(app, 'GET', gameApiPaths.externalAccounts(id), { token: 'spieler' })).json,
      )
        .map((a) => a.plattform)
        .sort();
    expect(await of(IDS.spieler)).toEqual([]);
    expect(await of(IDS.beta)).toEqual(['teamspeak']);
    expect(await of(IDS.admin)).toEqual(['discord', 'teamspeak']);
  });

  it('links a Teamspeak identity, filters by platform and refuses a second link (409)', async () => {
    const app = createTestSim();
    const created = await call(app, 'POST', linkPath, {
      token: 'spieler',
      body: link('teamspeak', IDENTITY),
    });
    expect(created.status).toBe(201);
    expect(ExternalAccount.parse(created.json)).toMatchObject({
      userId: IDS.spieler,
      plattform: 'teamspeak',
      externalId: IDENTITY,
    });

    expect((await call(app, 'GET', `${linkPath}?plattform=teamspeak`, { token: 'spieler' })).json).toEqual([
      created.json,
    ]);
    expect((await call(app, 'GET', `${linkPath}?plattform=discord`, { token: 'spieler' })).json).toEqual([]);
    const second = await call(app, 'POST', linkPath, {
      token: 'spieler',
      body: link('teamspeak', `A${IDENTITY.slice(1)}`),
    });
    expect(second.status).toBe(409);
  });

  it('answers 404 for a Teamspeak identity that does not look like one', async () => {
    const app = createTestSim();
    for (const externalId of [
      'Jonas_Weber',
      `${IDENTITY}=`,
      IDENTITY.replace('=', ''),
      IDENTITY.replace('u', '-'),
    ]) {
      const res = await call(app, 'POST', linkPath, {
        token: 'spieler',
        body: link('teamspeak', externalId),
      });
      expect(res.status, externalId).toBe(404);
    }
    expect((await call(app, 'GET', linkPath, { token: 'spieler' })).json).toEqual([]);
  });

  it('answers 404 for a well-formed Teamspeak identity the server does not know', async () => {
    const app = createTestSim();
    const res = await call(app, 'POST', linkPath, {
      token: 'spieler',
      body: link('teamspeak', 'Aaaaaaaaaaaaaaaaaaaaaaaaaaa='),
    });
    expect(res.status).toBe(404);
  });

  it('stores the Discord user id it is given and refuses anything that is not a snowflake', async () => {
    const app = createTestSim();
    for (const bad of ['discord-oauth-token-123', '0123456789012345678', '12345', '1'.repeat(21)]) {
      const res = await call(app, 'POST', linkPath, { token: 'spieler', body: link('discord', bad) });
      expect(res, bad).toMatchObject({
        status: 400,
        json: { validationErrors: { externalId: 'Muss eine Discord-Benutzer-ID sein' } },
      });
    }
    const res = await call(app, 'POST', linkPath, {
      token: 'spieler',
      body: link('discord', '112233445566778899'),
    });
    expect(res.status).toBe(201);
    expect(ExternalAccount.parse(res.json).externalId).toBe('112233445566778899');
  });

  it('links one external id to at most one player (409 for the second player)', async () => {
    const app = createTestSim();
    const adminAccounts = ExternalAccounts.parse(
      (await call(app, 'GET', gameApiPaths.externalAccounts(IDS.admin), { token: 'admin' })).json,
    );
    for (const plattform of ['teamspeak', 'discord'] as const) {
      const taken = adminAccounts.find((a) => a.plattform === plattform);
      expect(taken).toBeDefined();
      const res = await call(app, 'POST', linkPath, {
        token: 'spieler',
        body: link(plattform, taken?.externalId ?? ''),
      });
      expect(res, plattform).toMatchObject({
        status: 409,
        json: { error: 'Dieses Konto ist bereits mit einem anderen Spieler verknüpft' },
      });
    }
    expect((await call(app, 'GET', linkPath, { token: 'spieler' })).json).toEqual([]);
  });

  it('lets a player link, unlink and sync only their own accounts (403)', async () => {
    const app = createTestSim();
    const betaPath = gameApiPaths.externalAccounts(IDS.beta);
    expect(
      (await call(app, 'POST', betaPath, { token: 'spieler', body: link('discord', 'x', IDS.beta) })).status,
    ).toBe(403);
    expect(
      (await call(app, 'POST', betaPath, { token: 'admin', body: link('discord', 'x', IDS.beta) })).status,
    ).toBe(403);
    const betaAccounts = ExternalAccounts.parse((await call(app, 'GET', betaPath, { token: 'beta' })).json);
    const betaAccount = betaAccounts[0];
    expect(betaAccount).toBeDefined();
    const foreignDelete = gameApiPaths.externalAccount(IDS.beta, betaAccount?.id ?? 0);
    expect((await call(app, 'DELETE', foreignDelete, { token: 'spieler' })).status).toBe(403);
    const foreignSync = gameApiPaths.externalAccountsSync(IDS.beta);
    expect(
      (await call(app, 'POST', foreignSync, { token: 'spieler', body: { plattform: 'teamspeak' } })).status,
    ).toBe(403);
    // Someone else's account id under one's own path is simply not found.
    expect(
      (
        await call(app, 'DELETE', gameApiPaths.externalAccount(IDS.spieler, betaAccount?.id ?? 0), {
          token: 'spieler',
        })
      ).status,
    ).toBe(404);
  });

  it('unlinks an account (204) and answers 404 for unknown ids', async () => {
    const app = createTestSim();
    const created = ExternalAccount.parse(
      (await call(app, 'POST', linkPath, { token: 'spieler', body: link('teamspeak', IDENTITY) })).json,
    );
    const path = gameApiPaths.externalAccount(IDS.spieler, created.id);
    expect((await call(app, 'DELETE', path, { token: 'spieler' })).status).toBe(204);
    expect((await call(app, 'GET', linkPath, { token: 'spieler' })).json).toEqual([]);
    expect((await call(app, 'DELETE', path, { token: 'spieler' })).status).toBe(404);
    expect((await call(app, 'DELETE', `${linkPath}/abc`, { token: 'spieler' })).status).toBe(404);
  });

  it('validates link and sync bodies', async () => {
    const app = createTestSim();
    const cases = [
      [{ plattform: 'teamspeak' }, { userId: 'Pflichtfeld', externalId: 'Pflichtfeld' }],
      [link('myspace', 'x'), { plattform: 'Bitte wähle eine Plattform' }],
      [link('discord', '   '), { externalId: 'Pflichtfeld' }],
      [link('discord', 'x', IDS.beta), { userId: 'Muss mit der Benutzer-ID im Pfad übereinstimmen' }],
    ] as const;
    for (const [body, validationErrors] of cases) {
      const res = await call(app, 'POST', linkPath, { token: 'spieler', body });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, json: { validationErrors } });
    }
    const sync = gameApiPaths.externalAccountsSync(IDS.spieler);
    expect(await call(app, 'POST', sync, { token: 'spieler', body: {} })).toMatchObject({
      status: 400,
      json: { validationErrors: { plattform: 'Bitte wähle eine Plattform' } },
    });
    expect((await call(app, 'GET', `${linkPath}?plattform=icq`, { token: 'spieler' })).status).toBe(400);
  });

  it('answers a sync with { ok: true }, after the configured delay', async () => {
    const app = createGameApiSim({ verifyToken: stubVerifier, now: () => NOW, syncDelayMs: 60 });
    const started = performance.now();
    const res = await call(app, 'POST', gameApiPaths.externalAccountsSync(IDS.spieler), {
      token: 'spieler',
      body: { plattform: 'discord' },
    });
    expect(res).toMatchObject({ status: 200, json: { ok: true } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('answers 404 for the accounts of an unknown user', async () => {
    const app = createTestSim();
    expect(
      (await call(app, 'GET', gameApiPaths.externalAccounts('no-such-user'), { token: 'spieler' })).status,
    ).toBe(404);
  });
});
