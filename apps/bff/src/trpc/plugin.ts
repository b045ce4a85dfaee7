/**
 * /trpc as its own (encapsulated) scope: the public answer cache, rate limits and the caller's
 * authentication as hooks of this scope only, then tRPC's Fastify adapter.
 */
import etag from '@fastify/etag';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { shortenIp } from '../audit/client-ip';
import { recordProcedureError } from '../audit/refusals';
import type { Env } from '../env';
import { trpcBodyDepth, trpcQueryDepth } from '../plugins/input-limits';
import { publicResponseCache } from '../plugins/public-response-cache';
import type { RateLimitHooks } from '../plugins/rate-limits';
import { appRouter, type AppRouter } from '../routers';
import type { Services } from '../services';
import { createContext } from './context';
import { requestAuthHook } from './request-auth';
import { wholeAnswer } from './whole-answer';

/** Public procedures without input: the same answer for every caller (see public-response-cache). */
const PUBLIC_PROCEDURES = ['toplist.get', 'calendar.list'] as const;

export interface TrpcApiOptions {
  env: Env;
  services: Services;
  limits: RateLimitHooks;
}

export async function trpcApi(app: FastifyInstance, { env, services, limits }: TrpcApiOptions) {
  const { sessions, oidc, audit } = services;
  // Hooks run in the order added. tRPC's answer becomes a Buffer before the cache and ETag see it;
  // hits of the public answer cache are sent before the rate limits and the session lookup.
  app.addHook('onSend', wholeAnswer);
  const keepPublicAnswer = publicResponseCache(app, {
    prefix: '/trpc',
    procedures: PUBLIC_PROCEDURES,
    ttlMs: env.gameApi.publicCacheSeconds * 1000,
    publicUrl: env.publicUrl,
    now: services.now,
  });
  // Input limits before any other work (decision 070): the query's input before the rate limits and
  // the session lookup, the body (once read) before tRPC parses it.
  app.addHook('onRequest', trpcQueryDepth);
  app.addHook('preHandler', trpcBodyDepth);
  app.addHook('onRequest', limits.trpcPerClient);
  app.addHook(
    'onRequest',
    requestAuthHook({
      publicUrl: env.publicUrl,
      sessions,
      oidc,
      machineClientIds: env.oidc.machineClientIds,
      audit,
    }),
  );
  app.addHook('onRequest', limits.trpcPerUser);
  app.addHook('onSend', (_request, reply, payload, done) => {
    // Answers of the public answer cache carry their own (shared) Cache-Control.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await app.register(etag);
  // After the ETag is set: the kept answer carries it, and hits are not hashed again.
  app.addHook('onSend', keepPublicAnswer);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: trpcOptions(app, env, services),
  });
}

function trpcOptions(
  app: FastifyInstance,
  env: Env,
  services: Services,
): FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] {
  return {
    router: appRouter,
    maxBatchSize: 20,
    createContext: createContext({
      ...services,
      stepUpMaxAgeSeconds: env.stepUpMaxAgeSeconds,
    }),
    responseMeta({ errors }) {
      // A service that is down (the game API's open circuit, the identity provider) says when to
      // try again, like the 503s of the dependencies handler and the 429s of the rate limits.
      if (errors.some((error) => error.code === 'SERVICE_UNAVAILABLE'))
        return { headers: { 'retry-after': String(Math.ceil(env.gameApi.breaker.cooldownMs / 1000)) } };
      return {};
    },
    onError({ error, path, input, ctx, req }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      recordProcedureError(services.audit, req.log, {
        error,
        path,
        input,
        principal: ctx?.principal ?? null,
        requestId: req.id,
        clientIp: shortenIp(req.ip),
      });
    },
  };
}
