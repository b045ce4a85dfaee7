/**
 * Discord linking through the BFF (architecture §8) against the Discord stand-in and a
 * programmable game API: the code is exchanged on the server, only the Discord user id reaches the
 * game API, the token is revoked and never reaches the browser, and a foreign, missing or replayed
 * state or a cancelled authorisation links nothing.
 */
import { DEMO_DISCORD_CLIENT_ID, DEMO_DISCORD_CLIENT_SECRET } from '@nova/demo';
import { snowflakeOf, startDiscordSim, type RunningDiscordSim } from '@nova/discord-sim';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedTestDatabase, testApp } from './helpers';
import { withTestBff } from './test-bff';

const PUBLIC = 'http://localhost:3000';
const CALLBACK = `${PUBLIC}/auth/discord/callback`;
const WIZARD = '/control-panel/user/sync/discord';

describe('Discord linking', () => {
  let discord: RunningDiscordSim;
  /** Every Discord access token the BFF received, to prove none reaches the browser. */
  const discordTokens: string[] = [];
  /** Every answer the browser got from the BFF in this test. */
  let answers: LightMyRequestResponse[] = [];

  const capturingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (String(input instanceof Request ? input.url : input).endsWith('/oauth2/token')) {
      const body = (await response.clone().json()) as { access_token?: string };
      if (body.access_token) discordTokens.push(body.access_token);
    }
    return response;
  };

  beforeAll(async () => {
    discord = await startDiscordSim({
      clientId: DEMO_DISCORD_CLIENT_ID,
      clientSecret: DEMO_DISCORD_CLIENT_SECRET,
      redirectUris: [CALLBACK],
      host: '127.0.0.1',
    });
  });
  afterAll(() => discord.close());
  const bff = withTestBff({
    env: () => ({
      DISCORD_CLIENT_ID: DEMO_DISCORD_CLIENT_ID,
      DISCORD_CLIENT_SECRET: DEMO_DISCORD_CLIENT_SECRET,
      DISCORD_AUTHORIZE_URL: `${discord.url}/oauth2/authorize`,
      DISCORD_API_URL: `${discord.url}/api/v10`,
    }),
    overrides: { discordFetch: capturingFetch },
  });
  beforeEach(() => {
    answers = [];
    bff.api.on('POST', 'user/u-1/external-accounts', ({ body }) => ({
      status: 201,
      body: { id: 40, ...(JSON.parse(body) as object) },
    }));
  });

  async function cookieOf(userId = 'u-1'): Promise<string> {
    const { id } = await bff.manager.create({
      userId,
      sid: null,
      displayName: 'Jonas_Weber',
      auth: {
        accessToken: 'eyJ-user-access-token',
        refreshToken: 'r',
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username: 'spieler',
        roles: [],
      },
    });
    return `nova_session=${id}`;
  }

  async function browser(url: string, cookie: string): Promise<LightMyRequestResponse> {
    const response = await bff.app.inject({ method: 'GET', url, headers: { cookie } });
    answers.push(response);
    return response;
  }

  /** Starts at the BFF, answers Discord's consent page; returns the callback URL Discord sends back. */
  async function authorise(cookie: string, decision: 'allow' | 'deny', mode = 'popup'): Promise<string> {
    const start = await browser(`/auth/discord/start?mode=${mode}`, cookie);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location ?? '');
    expect(authorize.origin).toBe(discord.url);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe('identify');
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const consent = await fetch(`${discord.url}/oauth2/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(authorize.searchParams),
        decision,
        username: 'nova_spieler',
      }).toString(),
    });
    const callback = new URL(consent.headers.get('location') ?? '');
    return `${callback.pathname}${callback.search}`;
  }

  /** Where the browser ends: the wizard's `?discord=` result (redirect) or the popup page's result. */
  function resultOf(response: LightMyRequestResponse): string {
    if (response.statusCode === 302) {
      const target = new URL(response.headers.location ?? '', PUBLIC);
      expect(target.pathname).toBe(WIZARD);
      return `redirect:${target.searchParams.get('discord') ?? ''}`;
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    return `popup:${/data-result="([a-z]+)"/.exec(response.body)?.[1] ?? ''}`;
  }

  const linkRequests = () => bff.api.requests.filter((r) => r.method === 'POST');

  it('links the Discord user id, revokes the token and returns to the wizard', async () => {
    const cookie = await cookieOf();
    const done = await browser(await authorise(cookie, 'allow'), cookie);
    expect(resultOf(done)).toBe('popup:linked');
    expect(linkRequests()).toHaveLength(1);
    expect(JSON.parse(linkRequests()[0]?.body ?? '')).toEqual({
      userId: 'u-1',
      plattform: 'discord',
      externalId: snowflakeOf('nova_spieler'),
    });
    expect(linkRequests()[0]?.authorization).toBe('Bearer eyJ-user-access-token');
    expect(discord.liveTokens()).toBe(0);
  });

  it('never lets a Discord token or code reach the browser', async () => {
    const cookie = await cookieOf();
    const callback = await authorise(cookie, 'allow', 'redirect');
    await browser(callback, cookie);
    expect(discordTokens.length).toBeGreaterThan(0);
    const code = new URL(callback, PUBLIC).searchParams.get('code') ?? '';
    for (const answer of answers) {
      const seen = `${JSON.stringify(answer.headers)}\n${answer.body}`;
      for (const token of discordTokens) expect(seen).not.toContain(token);
      expect(`${answer.headers.location ?? ''}${answer.body}`).not.toContain(code);
    }
    expect(resultOf(answers.at(-1) as LightMyRequestResponse)).toBe('redirect:linked');
  });

  it('links nothing for a callback with the state of another session', async () => {
    const victim = await cookieOf();
    const attacker = await cookieOf('u-2');
    const callback = await authorise(attacker, 'allow');
    const done = await browser(callback, victim);
    expect(resultOf(done)).toBe('popup:failed');
    expect(linkRequests()).toEqual([]);
  });

  it('links nothing for a callback without a state, with a forged state, or used twice', async () => {
    const cookie = await cookieOf();
    const callback = new URL(await authorise(cookie, 'allow', 'redirect'), PUBLIC);
    const code = callback.searchParams.get('code') ?? '';
    const noState = await browser(`/auth/discord/callback?code=${code}`, cookie);
    expect(resultOf(noState)).toBe('redirect:failed');
    const forged = await browser(`/auth/discord/callback?code=${code}&state=a.r.${Date.now()}.b`, cookie);
    expect(resultOf(forged)).toBe('redirect:failed');
    const anonymous = await bff.app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(resultOf(anonymous)).toBe('redirect:failed');
    expect(linkRequests()).toEqual([]);

    const first = await browser(`${callback.pathname}${callback.search}`, cookie);
    expect(resultOf(first)).toBe('redirect:linked');
    const replay = await browser(`${callback.pathname}${callback.search}`, cookie);
    expect(resultOf(replay)).toBe('redirect:failed');
    expect(linkRequests()).toHaveLength(1);
  });

  it('links nothing when the player cancels on Discord, and says it was cancelled', async () => {
    const cookie = await cookieOf();
    const done = await browser(await authorise(cookie, 'deny'), cookie);
    expect(resultOf(done)).toBe('popup:cancelled');
    const redirected = await browser(await authorise(cookie, 'deny', 'redirect'), cookie);
    expect(redirected.headers.location).toBe(`${WIZARD}?schritt=2&discord=cancelled`);
    expect(linkRequests()).toEqual([]);
  });

  it('keeps the Discord name of the linked account (no token), shows it and forgets it at unlink', async () => {
    const cookie = await cookieOf();
    const discordId = snowflakeOf('nova_spieler');
    const account = { id: 40, userId: 'u-1', plattform: 'discord', externalId: discordId };
    const status = async () => {
      const answer = await bff.app.inject({
        url: '/trpc/externalAccounts.status',
        headers: { cookie, 'x-csrf': '1' },
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ result: { data: { discord: unknown } } }>().result.data.discord;
    };
    bff.api.on('GET', 'user/u-1/external-accounts', { status: 200, body: [account] });
    expect(resultOf(await browser(await authorise(cookie, 'allow'), cookie))).toBe('popup:linked');
    expect(await status()).toEqual({ id: 40, externalId: discordId, name: 'nova_spieler' });
    const db = await sharedTestDatabase().open();
    const kept = await db.selectFrom('discord_names').selectAll().where('user_id', '=', 'u-1').execute();
    expect(kept.map(({ user_id, discord_id, name }) => ({ user_id, discord_id, name }))).toEqual([
      { user_id: 'u-1', discord_id: discordId, name: 'nova_spieler' },
    ]);
    for (const token of discordTokens) expect(JSON.stringify(kept)).not.toContain(token);

    // A name kept for another Discord id is not shown for this one.
    bff.api.on('GET', 'user/u-1/external-accounts', {
      status: 200,
      body: [{ ...account, externalId: '123456789012345678' }],
    });
    expect(await status()).toEqual({ id: 40, externalId: '123456789012345678', name: null });

    bff.api.on('GET', 'user/u-1/external-accounts', { status: 200, body: [account] });
    bff.api.on('DELETE', 'user/u-1/external-accounts/40', { status: 204 });
    const unlink = await bff.app.inject({
      method: 'POST',
      url: '/trpc/externalAccounts.unlink',
      headers: { cookie, 'x-csrf': '1', 'content-type': 'application/json' },
      payload: { plattform: 'discord' },
    });
    expect(unlink.statusCode).toBe(200);
    expect(await status()).toEqual({ id: 40, externalId: discordId, name: null });
  });

  it('reports a conflict when another player has linked this Discord account, and revokes the token', async () => {
    bff.api.on('POST', 'user/u-1/external-accounts', { status: 409, body: { error: 'vergeben' } });
    const cookie = await cookieOf();
    const done = await browser(await authorise(cookie, 'allow'), cookie);
    expect(resultOf(done)).toBe('popup:conflict');
    expect(discord.liveTokens()).toBe(0);
  });

  it('serves the popup page’s script from our origin, posting only to our origin', async () => {
    const script = await bff.app.inject({ url: '/auth/discord/popup.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('window.location.origin');
    expect(script.body).not.toContain("'*'");
  });

  it('sends someone who is not signed in to the sign-in first', async () => {
    const start = await bff.app.inject({ url: '/auth/discord/start?mode=popup' });
    expect(start.headers.location).toBe(`/auth/login?returnTo=${encodeURIComponent(WIZARD)}`);
  });

  it('is off, and says so in the public configuration, without a Discord application', async () => {
    const plain = await testApp({ OIDC_ISSUER: bff.issuer.issuer, GAME_API_URL: bff.api.url });
    try {
      const start = await plain.inject({
        url: '/auth/discord/start?mode=redirect',
        headers: { cookie: await cookieOf() },
      });
      expect(resultOf(start)).toBe('redirect:unavailable');
      expect((await plain.inject({ url: '/public-config.json' })).json()).toMatchObject({
        discordLinking: false,
      });
      expect((await bff.app.inject({ url: '/public-config.json' })).json()).toMatchObject({
        discordLinking: true,
      });
    } finally {
      await plain.close();
    }
  });
});
