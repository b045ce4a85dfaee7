/**
 * The fight calendar as an iCal feed (`/calendar.ics`): one VEVENT per entry with a stable UID (so
 * calendar apps update rather than duplicate), UTC times, the Berlin time zone named, a refresh
 * interval, ETag (@fastify/etag) and a shared Cache-Control. The game API names a start only: each
 * event ends `eventMinutes` later (CALENDAR_EVENT_MINUTES). Data from the same shared cache as
 * `calendar.list`. Generator: ical-generator (decision 018).
 */
import { createHash } from 'node:crypto';
import etag from '@fastify/etag';
import { Calendar, type CalendarEntry, gameApiPaths } from '@nova/contracts';
import type { FastifyInstance } from 'fastify';
import ical from 'ical-generator';
import type { GameApiClient } from '../game-api/client';
import type { SharedCache } from '../game-api/shared-cache';

export const CALENDAR_NAME = 'Nova Legacy – Fight-Kalender';
/** How often calendar apps should fetch the feed again. */
export const REFRESH_SECONDS = 3600;
export const FEED_UNAVAILABLE =
  'Der Fight-Kalender ist gerade nicht erreichbar. Bitte versuche es später erneut.';

export function calendarIcs(entries: readonly CalendarEntry[], host: string, eventMinutes: number): string {
  const calendar = ical({
    name: CALENDAR_NAME,
    prodId: { company: 'Nova Legacy', product: 'Fight-Kalender', language: 'DE' },
    ttl: REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', 'Europe/Berlin');
  for (const entry of [...entries].sort(
    (a, b) => a.timestamp - b.timestamp || a.name.localeCompare(b.name),
  )) {
    const start = new Date(entry.timestamp * 1000);
    const id = createHash('sha256').update(`${entry.timestamp}\n${entry.name}`).digest('hex').slice(0, 24);
    calendar.createEvent({
      id: `${id}@${host}`,
      start,
      end: new Date(start.getTime() + eventMinutes * 60_000),
      // The stamp is fixed so that equal data gives equal bytes.
      stamp: start,
      summary: entry.name,
    });
  }
  return calendar.toString();
}

export async function calendarFeed(
  app: FastifyInstance,
  deps: {
    gameApi: GameApiClient;
    publicCache: SharedCache;
    publicUrl: string;
    cacheSeconds: number;
    eventMinutes: number;
  },
): Promise<void> {
  const host = new URL(deps.publicUrl).host;
  await app.register(async (feed) => {
    await feed.register(etag);
    feed.get('/calendar.ics', async (request, reply) => {
      let entries: CalendarEntry[];
      try {
        entries = await deps.publicCache.get('calendar', () =>
          deps.gameApi.get(gameApiPaths.calendar(), Calendar),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'calendar feed: game API failed');
        return reply
          .code(502)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(FEED_UNAVAILABLE);
      }
      return reply
        .header('cache-control', `public, max-age=${deps.cacheSeconds}`)
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="nova-legacy-fights.ics"')
        .send(calendarIcs(entries, host, deps.eventMinutes));
    });
  });
}
