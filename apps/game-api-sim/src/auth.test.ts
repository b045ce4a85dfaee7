/** Access rules: public calls, bearer tokens, roles, the hidden player, an unreachable provider. */
import { DEMO_CLIENT_ID } from '@nova/demo';
import { CATALOGUE_KEYS, CATALOGUES, ROLES } from '@nova/domain';
import { gameApiPaths } from '@nova/contracts';
import { GAME_API_PATH_SAMPLES, SAMPLE_SEGMENT } from '@nova/contracts/samples';
import { describe, expect, it } from 'vitest';
import { createGameApiSim } from './app';
import type { TokenClaims } from './auth';
import { IDS, NOW, TOKENS, call, createTestSim } from './test-support';

const app = createTestSim();

const protectedGets = [
  gameApiPaths.users(),
  gameApiPaths.user(IDS.spieler),
  gameApiPaths.profile(IDS.spieler),
  gameApiPaths.vehicles(IDS.spieler),
  gameApiPaths.externalAccounts(IDS.spieler),
  gameApiPaths.catalogue('achievements'),
  gameApiPaths.catalogueItem('wantedReasons', 1),
  gameApiPaths.syncGroups(),
];

describe('authentication', () => {
  it('serves the toplist and the calendar without a token', async () => {
    expect((await call(app, 'GET', gameApiPaths.toplist())).status).toBe(200);
    expect((await call(app, 'GET', gameApiPaths.calendar())).status).toBe(200);
  });

  it('answers 401 with a Bearer challenge when the token is missing', async () => {
    for (const path of protectedGets) {
      const res = await call(app, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(res.json).toEqual({ error: 'Nicht angemeldet' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="game-api"');
    }
  });

  it('answers 401 invalid_token for a token the verifier rejects', async () => {
    for (const path of protectedGets) {
      const res = await call(app, 'GET', path, { token: 'forged' });
      expect(res.status, path).toBe(401);
      expect(String(res.headers['www-authenticate'])).toContain('error="invalid_token"');
    }
  });

  it('answers 401 for an Authorization header that is not a bearer token', async () => {
    for (const authorization of ['Basic c3BpZWxlcjpzcGllbGVy', 'Bearer', 'Bearer  ', 'spieler']) {
      const res = await app.inject({ url: '/achievements', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('answers 401 before looking at the body of a write', async () => {
    const res = await call(app, 'POST', 'wanted-reasons', {
      raw: { payload: '{', contentType: 'application/json' },
    });
    expect(res.status).toBe(401);
  });

  it('answers 503 when the identity provider cannot be reached', async () => {
    const offline = createGameApiSim({ issuer: 'http://127.0.0.1:9/realms/nova', now: () => NOW });
    const res = await call(offline, 'GET', 'achievements', { token: 'a.b.c' });
    expect(res.status).toBe(503);
    expect((await call(offline, 'GET', 'toplist')).status).toBe(200);
  });
});

describe('roles', () => {
  // Every catalogue of the registry with its role (the BFF's catalogue test writes the roles out).
  const writes = [
    ...CATALOGUE_KEYS.map((key) => ({ path: gameApiPaths.catalogue(key), role: CATALOGUES[key].role })),
    { path: 'sync-manager/sync-objects', role: ROLES.syncManager },
    { path: 'sync-manager/sync-groups', role: ROLES.syncManager },
  ];
  /** A sim whose only token holds exactly the given claims. */
  const simWith = (claims: TokenClaims) =>
    createGameApiSim({ verifyToken: () => Promise.resolve(claims), now: () => NOW, syncDelayMs: 0 });

  it('refuses every catalogue and sync-manager write without the role (403)', async () => {
    for (const token of ['spieler', 'beta']) {
      for (const { path } of writes) {
        for (const [method, url] of [
          ['POST', path],
          ['PUT', `${path}/1`],
          ['DELETE', `${path}/1`],
        ] as const) {
          const res = await call(app, method, url, { token, body: {} });
          expect(res.status, `${token} ${method} ${url}`).toBe(403);
          expect(res.json).toEqual({ error: 'Keine Berechtigung' });
        }
      }
    }
  });

  it('accepts the matching role as client role of the token azp, or as realm role', async () => {
    for (const { path, role } of writes) {
      for (const claims of [
        { sub: IDS.spieler, azp: DEMO_CLIENT_ID, resource_access: { [DEMO_CLIENT_ID]: { roles: [role] } } },
        { sub: IDS.spieler, azp: DEMO_CLIENT_ID, realm_access: { roles: [role] } },
      ]) {
        const sim = simWith(claims);
        // 404 (unknown id) proves that the role check passed.
        const res = await call(sim, 'DELETE', `${path}/999`, { token: 'any' });
        expect(res.status, `${path} ${JSON.stringify(claims)}`).toBe(404);
      }
    }
  });

  it('ignores client roles of another client than the token azp', async () => {
    const sim = simWith({
      sub: IDS.spieler,
      azp: DEMO_CLIENT_ID,
      resource_access: { forum: { roles: [ROLES.wantedManager] } },
    });
    expect((await call(sim, 'DELETE', 'wanted-reasons/999', { token: 'any' })).status).toBe(403);
  });

  it('needs one role for another: the achievement role does not open the wanted catalogue', async () => {
    const sim = simWith({ sub: IDS.spieler, realm_access: { roles: [ROLES.achievementManager] } });
    expect((await call(sim, 'DELETE', 'wanted-reasons/999', { token: 'any' })).status).toBe(403);
  });

  it('lets every signed-in token read the catalogues', async () => {
    for (const path of CATALOGUE_KEYS.map((key) => gameApiPaths.catalogue(key))) {
      expect((await call(app, 'GET', path, { token: 'spieler' })).status, path).toBe(200);
    }
  });

  it('lets only the sync manager read the sync manager', async () => {
    for (const path of [
      'sync-manager/sync-objects',
      'sync-manager/sync-groups',
      'sync-manager/sync-groups/1',
    ]) {
      expect((await call(app, 'GET', path, { token: 'beta' })).status, path).toBe(403);
      expect((await call(app, 'GET', path, { token: 'admin' })).status, path).toBe(200);
    }
  });

  it('reads roles from the claims the demo identity provider issues', () => {
    expect(TOKENS.admin?.resource_access?.[DEMO_CLIENT_ID]?.roles).toContain(ROLES.wantedManager);
  });
});

describe('the hidden player', () => {
  /**
   * Every read of one player's game data: the contract's paths under `user/{userId}/` that the
   * simulator answers with GET. A new one is checked here without an edit.
   */
  const under = `user/${SAMPLE_SEGMENT}/`;
  const reads = Object.values(GAME_API_PATH_SAMPLES)
    .flat()
    .filter((path) => path.startsWith(under))
    .filter((path) => app.hasRoute({ method: 'GET', url: `/${path.replace(SAMPLE_SEGMENT, ':userId')}` }))
    .map((path) => (userId: string) => path.replace(SAMPLE_SEGMENT, encodeURIComponent(userId)));

  it('finds the player paths the simulator serves (the derivation above works)', () => {
    const paths = reads.map((path) => path('ID'));
    expect(paths).toContain(gameApiPaths.profile('ID'));
    expect(paths).toContain(gameApiPaths.externalAccounts('ID'));
    // Not reads: linking and syncing are writes, the user record is public.
    expect(paths).not.toContain(gameApiPaths.externalAccountsSync('ID'));
    expect(paths).not.toContain(gameApiPaths.user('ID'));
  });

  it('refuses every read of their game data to other players, admins included (403)', async () => {
    for (const token of ['spieler', 'admin']) {
      for (const path of reads) {
        const res = await call(app, 'GET', path(IDS.hidden), { token });
        expect(res.status, `${token} ${path(IDS.hidden)}`).toBe(403);
      }
    }
  });

  it('serves their game data to themselves', async () => {
    for (const path of reads)
      expect((await call(app, 'GET', path(IDS.hidden), { token: 'hidden' })).status).toBe(200);
  });

  it('keeps their user record readable for everyone', async () => {
    const res = await call(app, 'GET', gameApiPaths.user(IDS.hidden), { token: 'spieler' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: IDS.hidden, username: 'Vera_Verborgen' });
  });

  it('lets them read other players like everyone else', async () => {
    expect((await call(app, 'GET', gameApiPaths.profile(IDS.spieler), { token: 'hidden' })).status).toBe(200);
  });
});
