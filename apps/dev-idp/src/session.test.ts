import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '@nova/demo';
import type * as client from 'openid-client';
import { refreshTokenGrant } from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { Browser, discover, signIn } from '../test/browser';
import { silentLogger, startDevIdp, type DevIdp } from './index';

const CALLBACK = 'http://localhost:3000/auth/callback';
/**
 * The identity provider's clock (Date; its timers and the sockets keep running) moved on by `ms`:
 * the lifetimes below are counted from these steps, not from how long a loaded machine takes.
 */
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);

let idp: DevIdp;
let bff: client.Configuration;

beforeAll(async () => {
  idp = await startDevIdp({
    port: 0,
    logger: silentLogger,
    accessTokenTtlSeconds: 60,
    sessionIdleSeconds: 3,
    sessionMaxSeconds: 3600,
  });
  bff = await discover(idp.issuer, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET);
});

afterAll(async () => {
  await idp.close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SSO session lifetime', () => {
  it('uses the configured access token lifetime', async () => {
    const { tokens } = await signIn(new Browser(idp.url), bff, CALLBACK, 'spieler', 'spieler');
    expect(tokens.expires_in).toBe(60);
  });

  it('ends an idle session, while refreshing keeps a session alive like Keycloak', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const active = await signIn(new Browser(idp.url), bff, CALLBACK, 'beta', 'beta');
    const idle = await signIn(new Browser(idp.url), bff, CALLBACK, 'admin', 'admin');

    pass(2000);
    const refreshed = await refreshTokenGrant(bff, active.tokens.refresh_token!);
    pass(1500);
    // 3.5 s after login: past the 3 s idle timeout, but only 1.5 s after the last refresh.
    const again = await refreshTokenGrant(bff, refreshed.refresh_token!);
    expect(again.claims()?.sid).toBe(active.tokens.claims()?.sid);
    // Not rotated (decision 035): the token from the login, issued 3.5 s ago, lives with the session.
    const original = await refreshTokenGrant(bff, active.tokens.refresh_token!);
    expect(original.claims()?.sid).toBe(active.tokens.claims()?.sid);
    await expect(refreshTokenGrant(bff, idle.tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
