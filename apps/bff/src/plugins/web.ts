/**
 * The built SPA with its server-rendered public pages. Unencapsulated (fastify-plugin): its
 * catch-all route and not-found handler are the app's. Without a build the BFF serves the API only.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Calendar, gameApiPaths, type Me, Toplist } from '@nova/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env';
import { toCalendarView, toToplistView } from '../mappers/public';
import type { Services } from '../services';
import type { SessionManager } from '../session/manager';
import { loadServerRenderer } from './server-render';
import { staticSpa } from './static-spa';

export interface WebOptions {
  env: Env;
  services: Services;
  /** The SPA's build (apps/web/dist). */
  webDist: string;
}

/** Who is signed in, as the page carries it (never a token). */
function meOf(sessions: SessionManager) {
  return async (request: FastifyRequest): Promise<Me> => {
    const cookie = request.cookies[sessions.cookieName];
    const session = await sessions.load(cookie);
    // A cookie without its session: the page says the session ended (decision 071).
    if (!session)
      return cookie === undefined ? { signedIn: false } : { signedIn: false, sessionExpired: true };
    const { record } = session;
    return {
      signedIn: true,
      id: record.userId,
      username: record.auth.username,
      displayName: record.displayName,
      roles: record.auth.roles,
    };
  };
}

const webPages: FastifyPluginAsync<WebOptions> = async (app, { env, services, webDist }) => {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'no SPA build found; serving the API only (run `pnpm build`)');
    return;
  }
  const { gameApi, publicCache } = services;
  // The same shared cache (and game API call) as toplist.get and calendar.list.
  const renderer = await loadServerRenderer({
    webDist,
    ssrDir: resolve(webDist, '../dist-ssr'),
    publicConfig: env.publicConfig,
    loadData: {
      toplist: async () =>
        toToplistView(await publicCache.get('toplist', () => gameApi.get(gameApiPaths.toplist(), Toplist))),
      calendar: async () =>
        toCalendarView(
          await publicCache.get('calendar', () => gameApi.get(gameApiPaths.calendar(), Calendar)),
        ),
    },
    reuseSeconds: env.gameApi.publicCacheSeconds,
    log: app.log,
  });
  await staticSpa(app, {
    root: webDist,
    publicConfig: env.publicConfig,
    renderer,
    meOf: meOf(services.sessions),
  });
};

export const web = fp(webPages, { name: 'web', fastify: '5.x' });
