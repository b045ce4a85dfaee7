/**
 * The real server over HTTP, verifying tokens like production: discovery and JWKS from a tiny
 * in-test identity provider, tokens signed with its key.
 */
import { gameApiPaths } from '@nova/contracts';
import { DEMO_CLIENT_ID } from '@nova/demo';
import { ROLES } from '@nova/domain';
import { generateKeyPair, exportJWK, SignJWT, type CryptoKey } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameApiSim, type RunningGameApiSim } from './index';
import { IDS } from './test-support';

let idp: Server;
let issuer = '';
let sim: RunningGameApiSim;
let privateKey: CryptoKey;
let discoveryRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  idp = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/realms/nova/.well-known/openid-configuration') {
      discoveryRequests++;
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }));
    } else if (req.url === '/realms/nova/protocol/openid-connect/certs') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/nova`;
  sim = await startGameApiSim({ port: 0, host: '127.0.0.1', issuer, syncDelayMs: 0 });
});

afterAll(async () => {
  await sim.close();
  await new Promise<void>((resolve, reject) => idp.close((err) => (err ? reject(err) : resolve())));
});

interface TokenOptions {
  iss?: string;
  expiresIn?: string | number;
  key?: CryptoKey;
  roles?: string[];
}

async function token({ iss = issuer, expiresIn = '5m', key = privateKey, roles = [] }: TokenOptions = {}) {
  return new SignJWT({ azp: DEMO_CLIENT_ID, realm_access: { roles } })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(iss)
    .setSubject(IDS.spieler)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

const get = (path: string, bearer?: string) =>
  fetch(new URL(path, sim.url), bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});

describe('the real server', () => {
  it('listens on a URL ending in "/" and serves the public calls', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await get(gameApiPaths.toplist());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('accepts a token signed by the issuer, found through discovery once', async () => {
    const bearer = await token();
    const res = await get(gameApiPaths.profile(IDS.spieler), bearer);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: IDS.spieler, username: 'Jonas_Weber' });
    expect((await get(gameApiPaths.inventory(IDS.spieler), bearer)).status).toBe(200);
    expect(discoveryRequests).toBe(1);
  });

  it('reads roles from the verified token', async () => {
    const url = new URL(gameApiPaths.catalogueItem('wantedReasons', 999), sim.url);
    const without = await fetch(url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(without.status).toBe(403);
    const withRole = await fetch(url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await token({ roles: [ROLES.wantedManager] })}` },
    });
    expect(withRole.status).toBe(404);
  });

  it('refuses expired tokens, foreign issuers, foreign keys and other algorithms', async () => {
    const foreign = await generateKeyPair('RS256');
    const hs256 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setSubject(IDS.spieler)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!'));
    const bad = [
      await token({ expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      await token({ iss: 'http://evil.example/realms/nova' }),
      await token({ key: foreign.privateKey }),
      hs256,
      'not.a.jwt',
    ];
    for (const bearer of bad) {
      const res = await get(gameApiPaths.profile(IDS.spieler), bearer);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Ungültiges Token' });
    }
  });
});
