/**
 * The instance's live hub over the bus its configuration allows (decision 106): Redis when
 * REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL, else within the
 * process (the embedded database has no other instance). Made with the app, closed with it.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AuditLog } from '../audit/log';
import type { Database } from '../db/database';
import type { Env } from '../env';
import { watch } from '../observability/metrics';
import { LocalBus, PostgresBus, RedisBus, type LiveBus } from './bus';
import { LiveHub } from './hub';

export async function liveHub(
  app: FastifyInstance,
  env: Env,
  database: Database,
  audit: AuditLog,
  now: () => number,
): Promise<LiveHub> {
  const { channel } = env.live;
  let bus: LiveBus;
  if (env.redisUrl) {
    const redis = new RedisBus(env.redisUrl, channel, env.redisCommandTimeoutMs, app.log);
    await redis.start();
    app.addHook('onClose', watch({ redis: { live: () => redis.connected } }));
    bus = redis;
  } else if (database.kind === 'postgres' && database.listenUrl) {
    const postgres = new PostgresBus(
      database.listenUrl,
      channel,
      async (name, payload) => {
        await sql`select pg_notify(${name}, ${payload})`.execute(await database.open());
      },
      env.databaseTimeouts.connectMs,
      app.log,
    );
    await postgres.start();
    bus = postgres;
  } else {
    bus = new LocalBus();
  }
  const hub = new LiveHub({
    bus,
    streamsPerSession: env.live.streamsPerSession,
    heartbeatMs: env.live.heartbeatMs,
    now,
    log: app.log,
  });
  const stopAudit = audit.onRecorded((id) => hub.recorded(id));
  app.addHook('onClose', watch({ liveStreams: () => hub.open }));
  // Before the server waits for open requests: the streams end, so that it need not wait for them.
  app.addHook('preClose', async () => {
    stopAudit();
    await hub.close();
  });
  app.addHook('onClose', () => bus.close());
  return hub;
}
