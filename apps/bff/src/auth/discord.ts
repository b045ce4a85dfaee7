/**
 * Discord account linking (architecture §8): the BFF is a confidential OAuth 2.0 client of
 * Discord using the authorization code grant (RFC 6749 §4.1) with scope `identify`. The old client's
 * implicit flow put a Discord token into the browser; here no Discord token ever leaves the server:
 *
 *   GET /auth/discord/start?mode=popup|redirect   (signed in) → Discord's authorisation page
 *   GET /auth/discord/callback?code&state          code → token (client secret), GET /users/@me,
 *                                                  token revoked, the Discord user id linked via the
 *                                                  game API, then back to the Discord wizard.
 *
 * `state` is bound to the signed-in session: an HMAC over the session key, a nonce, the mode and the
 * time, checked at the callback and usable once. A foreign, missing, expired or replayed state, a
 * cancelled authorisation or any failure links nothing and ends at the wizard with its result. The
 * Discord name from the identify answer is kept with the link (decision 056); the token is not.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ROUTES } from '@nova/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GameApiClient } from '../game-api/client';
import { GameApiError } from '../game-api/errors';
import type { LoadedSession, SessionManager } from '../session/manager';
import { shortenIp } from '../audit/client-ip';
import type { AuditLog } from '../audit/log';
import type { DiscordNames } from '../sync/discord-names';
import { linkAccount } from '../sync/external-accounts';

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  /** Discord's authorisation page, https://discord.com/oauth2/authorize by default. */
  authorizeUrl: string;
  /** Discord's API base without a trailing slash, https://discord.com/api/v10 by default. */
  apiUrl: string;
}

export interface DiscordRoutesOptions {
  publicUrl: string;
  sessions: SessionManager;
  /** Secret for the state MAC (the session secret). */
  secret: string;
  discord: DiscordConfig | null;
  gameApi: GameApiClient;
  /** The session's game API token, refreshed when needed. */
  accessTokenOf: (session: LoadedSession) => Promise<string>;
  /** Where the linked account's Discord name is kept. */
  names?: DiscordNames;
  /** The link is recorded like every write: intent first, then its completion (decision 097). */
  audit?: AuditLog;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Where the wizard lives (specification §2.1: control-panel/user/sync/discord). */
export const DISCORD_WIZARD_PATH = ROUTES.syncDiscord.path;
export const DISCORD_CALLBACK_PATH = '/auth/discord/callback';
const STATE_TTL_MS = 10 * 60_000;
const TIMEOUT_MS = 5000;

export type DiscordResult = 'linked' | 'failed' | 'conflict' | 'unavailable' | 'cancelled';
type Mode = 'popup' | 'redirect';

const TokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string() });
/** The id, and the name shown with the linked account (the display name, else the user name). */
const DiscordUser = z.object({
  id: z.string().regex(/^[1-9]\d{16,19}$/),
  username: z.string().min(1).max(100).optional(),
  global_name: z.string().min(1).max(100).nullish(),
});
type DiscordUser = z.infer<typeof DiscordUser>;

/** Back at the wizard: linked at its sync step, otherwise at the authorisation step. */
function wizardUrl(result: DiscordResult): string {
  const step = result === 'linked' ? '3' : '2';
  return `${DISCORD_WIZARD_PATH}?${new URLSearchParams({ schritt: step, discord: result }).toString()}`;
}

export const DISCORD_POPUP_SCRIPT_PATH = '/auth/discord/popup.js';

/**
 * The popup's last page: its script (same origin, allowed by the CSP) hands the result to the opener
 * with a message for our origin only and closes; without an opener it continues to the wizard.
 */
function popupPage(result: DiscordResult): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Discord Synchronisation</title>
<script src="${DISCORD_POPUP_SCRIPT_PATH}" data-result="${result}" data-wizard="${wizardUrl(result)}" defer></script>
</head><body><p>Die Verknüpfung ist abgeschlossen. Dieses Fenster schließt sich gleich.</p>
<p><a href="${wizardUrl(result)}">Weiter zur Discord Synchronisation</a></p></body></html>`;
}

const POPUP_SCRIPT = `(function () {
  var script = document.currentScript;
  var result = script.getAttribute('data-result');
  var opener = window.opener;
  if (opener) {
    opener.postMessage({ type: 'nova-discord-link', result: result }, window.location.origin);
    window.close();
  } else {
    window.location.replace(script.getAttribute('data-wizard'));
  }
})();
`;

/** What the routes share, made once when they are registered. */
interface Link {
  options: DiscordRoutesOptions;
  now: () => number;
  fetch: typeof fetch;
  redirectUri: string;
  log: FastifyBaseLogger;
}

export function discordRoutes(app: FastifyInstance, options: DiscordRoutesOptions): void {
  const link: Link = {
    options,
    now: options.now ?? Date.now,
    fetch: options.fetch ?? fetch,
    redirectUri: new URL(DISCORD_CALLBACK_PATH, options.publicUrl).href,
    log: app.log,
  };
  app.get(DISCORD_POPUP_SCRIPT_PATH, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(POPUP_SCRIPT),
  );
  app.get('/auth/discord/start', (request, reply) => start(link, request, reply));
  app.get(DISCORD_CALLBACK_PATH, (request, reply) => callback(link, request, reply));
}

const mac = (link: Link, sessionKey: string, payload: string) =>
  createHmac('sha256', link.options.secret)
    .update(`discord-link\n${sessionKey}\n${payload}`)
    .digest('base64url');

function makeState(link: Link, session: LoadedSession, mode: Mode): string {
  const payload = `${randomBytes(16).toString('base64url')}.${mode === 'popup' ? 'p' : 'r'}.${link.now()}`;
  return `${payload}.${mac(link, session.key, payload)}`;
}

/** The state's mode is readable without the session (to answer in the right window). */
function modeOf(state: string | undefined): Mode {
  return state?.split('.')[1] === 'p' ? 'popup' : 'redirect';
}

/** The state's nonce when it was made for this session, is unexpired and well-formed. */
function verifyState(link: Link, state: string | undefined, session: LoadedSession): string | null {
  const parts = state?.split('.') ?? [];
  if (parts.length !== 4) return null;
  const [nonce = '', mode = '', issuedAt = '', given = ''] = parts;
  const expected = mac(link, session.key, `${nonce}.${mode}.${issuedAt}`);
  const same = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  const age = link.now() - Number(issuedAt);
  return same && age >= 0 && age <= STATE_TTL_MS ? nonce : null;
}

function back(reply: FastifyReply, result: DiscordResult, mode: Mode) {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if (mode === 'redirect') return reply.redirect(wizardUrl(result), 302);
  // The SPA's pages isolate themselves from cross-origin openers (COOP same-origin-allow-popups);
  // a popup that came back from Discord would lose its opener there. This page keeps it.
  return reply
    .header('cross-origin-opener-policy', 'unsafe-none')
    .type('text/html; charset=utf-8')
    .send(popupPage(result));
}

async function post(
  link: Link,
  url: string,
  form: Record<string, string>,
  config: DiscordConfig,
): Promise<Response> {
  const basic = Buffer.from(
    `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`,
  ).toString('base64');
  return link.fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  });
}

/** Code → token → Discord user; the token is revoked before this returns, whatever happened. */
async function discordUser(link: Link, code: string, config: DiscordConfig): Promise<DiscordUser> {
  const answer = await post(
    link,
    `${config.apiUrl}/oauth2/token`,
    { grant_type: 'authorization_code', code, redirect_uri: link.redirectUri },
    config,
  );
  if (!answer.ok) throw new Error(`Discord token endpoint answered ${answer.status}`);
  const { access_token: token } = TokenAnswer.parse(await answer.json());
  try {
    const me = await link.fetch(`${config.apiUrl}/users/@me`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    if (!me.ok) throw new Error(`Discord users/@me answered ${me.status}`);
    return DiscordUser.parse(await me.json());
  } finally {
    // The token is needed for nothing else: revoke it at once (RFC 7009).
    try {
      const revoked = await post(
        link,
        `${config.apiUrl}/oauth2/token/revoke`,
        { token, token_type_hint: 'access_token' },
        config,
      );
      if (!revoked.ok) link.log.warn({ status: revoked.status }, 'the Discord token could not be revoked');
    } catch (error) {
      link.log.warn({ err: error }, 'the Discord token could not be revoked');
    }
  }
}

async function start(link: Link, request: FastifyRequest, reply: FastifyReply) {
  const { sessions, discord } = link.options;
  const { mode: wanted } = request.query as { mode?: unknown };
  const mode: Mode = wanted === 'popup' ? 'popup' : 'redirect';
  if (!discord) return back(reply, 'unavailable', mode);
  const session = await sessions.load(request.cookies[sessions.cookieName]);
  if (!session) {
    return reply
      .header('cache-control', 'no-store')
      .redirect(`/auth/login?returnTo=${encodeURIComponent(DISCORD_WIZARD_PATH)}`, 302);
  }
  const target = new URL(discord.authorizeUrl);
  target.search = new URLSearchParams({
    client_id: discord.clientId,
    redirect_uri: link.redirectUri,
    response_type: 'code',
    scope: 'identify',
    state: makeState(link, session, mode),
  }).toString();
  return reply.header('cache-control', 'no-store').redirect(target.href, 302);
}

async function callback(link: Link, request: FastifyRequest, reply: FastifyReply) {
  const { sessions, discord, gameApi, names } = link.options;
  const query = request.query as Record<string, unknown>;
  const state = typeof query.state === 'string' ? query.state : undefined;
  const mode = modeOf(state);
  if (!discord) return back(reply, 'unavailable', mode);
  const session = await sessions.load(request.cookies[sessions.cookieName]);
  const nonce = session ? verifyState(link, state, session) : null;
  if (!session || !nonce) {
    request.log.warn('Discord callback with a missing, foreign or expired state');
    return back(reply, 'failed', mode);
  }
  if (!(await sessions.store.markOnce(`discord-state:${nonce}`, STATE_TTL_MS))) {
    request.log.warn('Discord callback with a state used before');
    return back(reply, 'failed', mode);
  }
  if (typeof query.code !== 'string' || query.code === '') {
    const error = typeof query.error === 'string' ? query.error : null;
    request.log.info({ error }, 'Discord authorisation not granted');
    return back(reply, error === 'access_denied' ? 'cancelled' : 'failed', mode);
  }
  let user: DiscordUser;
  try {
    user = await discordUser(link, query.code, discord);
  } catch (error) {
    request.log.warn({ err: error }, 'the Discord authorisation could not be completed');
    return back(reply, 'failed', mode);
  }
  const name = user.global_name ?? user.username;
  const { audit } = link.options;
  const record = {
    actor: { id: session.record.userId, name: session.record.auth.username },
    action: 'externalAccounts.linkDiscord',
    target: { type: 'user', id: session.record.userId },
    requestId: request.id,
    clientIp: shortenIp(request.ip),
    callKind: 'session' as const,
  };
  let intent: string | null = null;
  if (audit) {
    try {
      intent = await audit.begin({ ...record, sent: { plattform: 'discord', externalId: user.id } });
    } catch (error) {
      // Audit first: without its record the account is not linked.
      request.log.error({ err: error }, 'audit intent not written; the Discord account is not linked');
      return back(reply, 'unavailable', mode);
    }
  }
  const completeWith = async (completion: Parameters<AuditLog['complete']>[1]) => {
    if (!audit || intent === null) return;
    await audit.complete(intent, completion).catch((error: unknown) => {
      request.log.error({ err: error, audit: { intent, ...completion } }, 'audit completion not written');
    });
  };
  try {
    const token = await link.options.accessTokenOf(session);
    await linkAccount({ gameApi, userId: session.record.userId, token }, 'discord', user.id);
  } catch (error) {
    const conflict = error instanceof GameApiError && error.status === 409;
    await completeWith({
      outcome: 'failed',
      status: error instanceof GameApiError ? (error.status ?? null) : null,
      detail: error instanceof GameApiError ? error.failure.kind : 'error',
    });
    if (!conflict) request.log.warn({ err: error }, 'the Discord account could not be linked');
    return back(reply, conflict ? 'conflict' : 'failed', mode);
  }
  await completeWith({
    outcome: 'success',
    after: { plattform: 'discord', externalId: user.id, ...(name ? { name } : {}) },
  });
  if (name && names) {
    // Linked either way: without its name the account shows its id only.
    await names
      .remember(session.record.userId, user.id, name)
      .catch((error: unknown) => request.log.warn({ err: error }, 'the Discord name could not be kept'));
  }
  return back(reply, 'linked', mode);
}
