/**
 * `/api` as its own (encapsulated) scope (decision 080): the REST operations of `/api/v1`, their
 * OpenAPI document at `/api/v1/openapi.json` and the reference page at `/api/docs` (Swagger UI from
 * our own origin, as the CSP demands). Bearer tokens only: cookies are never read here, so a browser
 * session alone is 401 and no CSRF check is needed. The rate limits are the /trpc ones (one budget per
 * client and per person across both doors); their refusals and the bearer check's are worded as
 * Problem Details by this scope's `onSend` hook.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminProcedure } from '../audit/refusals';
import type { Env } from '../env';
import type { RateLimitHooks } from '../plugins/rate-limits';
import type { Services } from '../services';
import { createContext } from '../trpc/context';
import { authenticateBearer } from '../trpc/request-auth';
import { openApiDocument } from './document';
import { operationHandler } from './execute';
import { REST_OPERATIONS, type RestOperation } from './operations';
import {
  problem,
  PROBLEM_TYPE,
  PROBLEM_TYPES,
  sendProblem,
  titleOf,
  UNAUTHORIZED_DETAIL,
  wwwAuthenticate,
} from './problem';

export interface RestApiOptions {
  env: Env;
  services: Services;
  limits: RateLimitHooks;
}

/** `/catalogues/x/{id}` → `/v1/catalogues/x/:id` (Fastify's parameter syntax). */
const routeOf = (operation: RestOperation) => `/v1${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** The error bodies of the shared hooks (rate limits, bearer check) as Problem Details. */
function problemOfEnvelope(status: number, payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{"error"')) return null;
  try {
    const body = JSON.parse(payload) as { error?: { message?: unknown } };
    const message = typeof body.error?.message === 'string' ? body.error.message : titleOf(status);
    const detail = status === 401 ? UNAUTHORIZED_DETAIL : message;
    return JSON.stringify(problem(status, detail, status === 401 ? { type: PROBLEM_TYPES.bearerOnly } : {}));
  } catch {
    return null;
  }
}

export function restApi(app: FastifyInstance, { env, services, limits }: RestApiOptions, done: () => void) {
  const operationOfRoute = new Map(REST_OPERATIONS.map((operation) => [routeOf(operation), operation]));
  const adminActionsOf = (request: FastifyRequest) => {
    const operation = operationOfRoute.get(request.routeOptions.url?.replace(/^\/api/, '') ?? '');
    return operation && isAdminProcedure(operation.procedure) ? [operation.procedure] : [];
  };

  app.addHook('onRequest', limits.trpcPerClient);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined) {
      request.auth = { kind: 'anonymous', staleCookie: false };
      return;
    }
    return authenticateBearer(
      {
        publicUrl: env.publicUrl,
        sessions: services.sessions,
        oidc: services.oidc,
        machineClientIds: env.oidc.machineClientIds,
        audit: services.audit,
        adminActionsOf,
      },
      request,
      reply,
      header,
    );
  });
  app.addHook('onRequest', limits.trpcPerUser);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (reply.statusCode < 400 || String(reply.getHeader('content-type')).startsWith(PROBLEM_TYPE))
      return payload;
    const worded = problemOfEnvelope(reply.statusCode, payload);
    if (worded === null) return payload;
    reply.type(PROBLEM_TYPE);
    wwwAuthenticate(reply, { status: reply.statusCode });
    if (reply.statusCode === 429) rateLimitHeaders(reply, request, env);
    return worded;
  });
  // Fastify's own refusals (a body that is no JSON, too large, of another type) in German.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) reply.log.error({ err: error }, 'REST request failed');
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Bitte sende den Body als JSON (Content-Type: application/json).'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Die Anfrage ist zu groß.'
          : status < 500
            ? 'Die Anfrage konnte nicht gelesen werden (kein gültiges JSON).'
            : 'Etwas ist schiefgelaufen';
    return sendProblem(reply, problem(status, detail));
  });
  app.setNotFoundHandler((_request, reply) =>
    sendProblem(
      reply,
      problem(404, 'Diese Adresse gibt es in der API nicht. Die Referenz steht unter /api/docs.'),
    ),
  );

  const execute = {
    context: createContext({ ...services, stepUpMaxAgeSeconds: env.stepUpMaxAgeSeconds }),
    audit: services.audit,
    retryAfterSeconds: Math.ceil(env.gameApi.breaker.cooldownMs / 1000),
  };
  for (const operation of REST_OPERATIONS) {
    app.route({
      method: operation.method,
      url: routeOf(operation),
      handler: operationHandler(operation, execute),
    });
  }

  const document = JSON.stringify(openApiDocument({ publicUrl: env.publicUrl, issuer: env.oidc.issuer }));
  app.get('/v1/openapi.json', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(document),
  );
  referencePage(app);
  done();
}

function rateLimitHeaders(reply: FastifyReply, request: FastifyRequest, env: Env) {
  const { windowSeconds, trpcPerClient, trpcPerUser } = env.rateLimits;
  // Unset when the per-client limit refused the request before anyone was authenticated.
  const auth = request.auth as FastifyRequest['auth'] | undefined;
  const signedIn = auth !== undefined && auth.kind !== 'anonymous';
  reply.header('ratelimit-limit', String(signedIn ? trpcPerUser : trpcPerClient));
  reply.header('ratelimit-remaining', '0');
  reply.header('ratelimit-reset', String(reply.getHeader('retry-after') ?? windowSeconds));
}

/** Swagger UI's stock files, served from our origin (no CDN: the CSP allows only our scripts). */
const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;

const PAGE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Nova Legacy API – Referenz</title>
    <link rel="icon" type="image/svg+xml" href="/images/logo.svg" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

// A file of its own rather than an inline script: the CSP allows only listed inline scripts.
const START = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  withCredentials: false,
});
`;

function referencePage(app: FastifyInstance) {
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, { body: Buffer; type: string }>(
    SWAGGER_FILES.map((name) => [
      name,
      {
        body: readFileSync(join(folder, name)),
        type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      },
    ]),
  );
  files.set('start.js', { body: Buffer.from(START), type: 'text/javascript; charset=utf-8' });
  app.get('/docs', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get<{ Params: { file: string } }>('/docs/:file', (request, reply) => {
    const file = files.get(request.params.file);
    if (!file) return sendProblem(reply, problem(404, 'Diese Datei gibt es nicht.'));
    return reply.header('cache-control', 'public, max-age=3600').type(file.type).send(file.body);
  });
}
