/**
 * A stand-in for Discord's OAuth2 (authorization code grant, scope `identify`) used when no Discord
 * application is configured outside production (architecture §1). It speaks the subset the
 * BFF uses, at Discord's paths: the authorisation page `/oauth2/authorize` (a German consent screen),
 * `/api/v10/oauth2/token`, `/api/v10/oauth2/token/revoke` and `/api/v10/users/@me`. Codes are single
 * use and short-lived; user ids are snowflake-style numbers derived from the chosen user name.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';

export interface DiscordSimOptions {
  clientId: string;
  clientSecret: string;
  /** Redirect URIs the client registered; the authorisation refuses any other. */
  redirectUris: readonly string[];
  now?: () => number;
}

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 604_800;
export const API_PREFIX = '/api/v10';

interface Grant {
  userId: string;
  username: string;
  redirectUri: string;
  expiresAt: number;
}

interface DiscordUser {
  id: string;
  username: string;
}

/** A snowflake-style Discord id (18 digits) that stays the same for the same user name. */
export function snowflakeOf(username: string): string {
  const digest = createHash('sha256').update(username.toLowerCase()).digest();
  const value = digest.readBigUInt64BE(0) % 900_000_000_000_000_000n;
  return String(100_000_000_000_000_000n + value);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const AuthorizeQuery = z.object({
  client_id: z.string(),
  redirect_uri: z.string(),
  response_type: z.literal('code'),
  scope: z.string(),
  state: z.string().max(1024).optional(),
});

const Decision = AuthorizeQuery.extend({
  decision: z.enum(['allow', 'deny']),
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.]{2,32}$/),
});

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#313338;color:#f2f3f5;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#2b2d31;border-radius:8px;padding:24px;max-width:400px;width:calc(100% - 32px)}
h1{font-size:1.2rem}label{display:block;margin:16px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;border-radius:4px;border:1px solid #555;background:#1e1f22;color:#fff}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:10px;border:0;border-radius:4px;font-weight:600;cursor:pointer}
.allow{background:#5865f2;color:#fff}.deny{background:#4e5058;color:#fff}small{color:#b5bac1}
</style></head><body><main>${body}</main></body></html>`;
}

function consentPage(query: z.infer<typeof AuthorizeQuery>): string {
  const fields: Record<string, string | undefined> = query;
  const hidden = Object.entries(fields)
    .flatMap(([name, value]) =>
      value === undefined
        ? []
        : [`<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`],
    )
    .join('');
  return page(
    'Discord-Autorisierung (Demo)',
    `<h1>Nova Legacy möchte auf dein Discord-Konto zugreifen</h1>
<p>Dies ist ein Demo-Stand-in für Discord. Die Anwendung erhält nur deine Discord-Benutzer-ID und deinen Benutzernamen (Berechtigung „identify“).</p>
<form method="post" action="/oauth2/authorize">${hidden}
<label for="username">Discord-Benutzername</label>
<input id="username" name="username" value="nova_spieler" required pattern="[a-z0-9_.]{2,32}" autocomplete="off">
<small>Kleinbuchstaben, Ziffern, „_“ und „.“, 2 bis 32 Zeichen</small>
<div class="row"><button class="deny" name="decision" value="deny">Abbrechen</button>
<button class="allow" name="decision" value="allow">Autorisieren</button></div>
</form>`,
  );
}

function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return null;
  return {
    id: decodeURIComponent(decoded.slice(0, at)),
    secret: decodeURIComponent(decoded.slice(at + 1)),
  };
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What the routes share: the options, the clock, the issued codes and access tokens. */
interface Sim {
  options: DiscordSimOptions;
  now: () => number;
  codes: Map<string, Grant>;
  tokens: Map<string, DiscordUser & { expiresAt: number }>;
}

export function createDiscordSim(options: DiscordSimOptions): FastifyInstance {
  const sim: Sim = { options, now: options.now ?? Date.now, codes: new Map(), tokens: new Map() };
  const app = Fastify({ logger: false });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-frame-options', 'DENY');
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    );
    done(null, payload);
  });

  authorizeRoutes(app, sim);
  apiRoutes(app, sim);
  app.get('/healthz', () => ({ status: 'ok' }));

  /** For tests: how many access tokens are still valid (revocation leaves none). */
  app.decorate('liveTokens', () => sim.tokens.size);
  return app;
}

const problem = (reply: FastifyReply, message: string) =>
  reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Ungültige Anfrage', `<h1>Ungültige Anfrage</h1><p>${escapeHtml(message)}</p>`));

/** Errors before the redirect URI is trusted are shown here, never sent to an unknown address. */
function checkAuthorize(options: DiscordSimOptions, query: z.infer<typeof AuthorizeQuery>): string | null {
  if (query.client_id !== options.clientId) return 'Unbekannte client_id.';
  if (!options.redirectUris.includes(query.redirect_uri)) return 'Die redirect_uri ist nicht registriert.';
  if (!query.scope.split(' ').includes('identify')) return 'Die Berechtigung „identify“ fehlt.';
  return null;
}

/** The consent page and the user's decision on it. */
function authorizeRoutes(app: FastifyInstance, { options, now, codes }: Sim): void {
  app.get('/oauth2/authorize', (request, reply) => {
    const parsed = AuthorizeQuery.safeParse(request.query);
    if (!parsed.success) return problem(reply, 'Die Autorisierungsanfrage ist unvollständig.');
    const error = checkAuthorize(options, parsed.data);
    if (error) return problem(reply, error);
    return reply.type('text/html; charset=utf-8').send(consentPage(parsed.data));
  });

  app.post('/oauth2/authorize', (request, reply) => {
    const parsed = Decision.safeParse(request.body);
    if (!parsed.success) return problem(reply, 'Bitte gib einen gültigen Benutzernamen ein.');
    const decision = parsed.data;
    const error = checkAuthorize(options, decision);
    if (error) return problem(reply, error);
    const target = new URL(decision.redirect_uri);
    if (decision.decision === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request',
      );
    } else {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        userId: snowflakeOf(decision.username),
        username: decision.username,
        redirectUri: decision.redirect_uri,
        expiresAt: now() + CODE_TTL_MS,
      });
      target.searchParams.set('code', code);
    }
    if (decision.state !== undefined) target.searchParams.set('state', decision.state);
    return reply.redirect(target.toString(), 302);
  });
}

const clientOf = (request: FastifyRequest, body: Record<string, string>) =>
  basicCredentials(request) ??
  (body.client_id && body.client_secret ? { id: body.client_id, secret: body.client_secret } : null);
/** The client's id and secret, in the Basic header or the form, are the registered ones. */
function authenticClient(options: DiscordSimOptions, request: FastifyRequest, body: Record<string, string>) {
  const client = clientOf(request, body);
  return client !== null && client.id === options.clientId && sameText(client.secret, options.clientSecret);
}

/** The token endpoint, revocation and the user behind an access token. */
function apiRoutes(app: FastifyInstance, { options, now, codes, tokens }: Sim): void {
  app.post(`${API_PREFIX}/oauth2/token`, (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    if (!authenticClient(options, request, body)) return reply.code(401).send({ error: 'invalid_client' });
    if (body.grant_type !== 'authorization_code')
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    const grant = body.code ? codes.get(body.code) : undefined;
    if (body.code) codes.delete(body.code); // single use, also when the rest is wrong
    if (!grant || grant.expiresAt < now() || grant.redirectUri !== body.redirect_uri) {
      return reply
        .code(400)
        .send({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, {
      id: grant.userId,
      username: grant.username,
      expiresAt: now() + TOKEN_TTL_S * 1000,
    });
    return reply.send({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      refresh_token: randomBytes(24).toString('base64url'),
      scope: 'identify',
    });
  });

  app.post(`${API_PREFIX}/oauth2/token/revoke`, (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    if (!authenticClient(options, request, body)) return reply.code(401).send({ error: 'invalid_client' });
    if (body.token) tokens.delete(body.token);
    return reply.send({});
  });

  app.get(`${API_PREFIX}/users/@me`, (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? tokens.get(header.slice(7)) : undefined;
    if (!token || token.expiresAt < now())
      return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    return reply.send({
      id: token.id,
      username: token.username,
      global_name: null,
      discriminator: '0',
      avatar: null,
    });
  });
}
