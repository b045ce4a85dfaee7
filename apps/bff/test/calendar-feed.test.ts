/** The fight calendar as an iCal feed. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from './helpers';
import { startMockGameApi, type MockGameApi } from './mock-game-api';

// 2026-07-04 18:30 Berlin (summer time) = 16:30 UTC; 2026-12-24 20:00 Berlin = 19:00 UTC.
const SUMMER = Date.UTC(2026, 6, 4, 16, 30) / 1000;
const WINTER = Date.UTC(2026, 11, 24, 19, 0) / 1000;

describe('/calendar.ics', () => {
  let api: MockGameApi;
  let app: FastifyInstance;

  beforeAll(async () => {
    api = await startMockGameApi();
    app = await testApp({ GAME_API_URL: api.url, PUBLIC_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });
  beforeEach(() => api.reset());

  const unfold = (body: string) => body.replace(/\r\n[ \t]/g, '');

  it('lists every fight with a stable id, UTC times, the Berlin zone named and a refresh interval', async () => {
    api.on('GET', 'calendar', {
      body: [
        { name: 'Weihnachtsfight; Grove Street, Ballas', timestamp: WINTER },
        { name: 'Sommerfight', timestamp: SUMMER },
      ],
    });
    const response = await app.inject('/calendar.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=0');
    const body = unfold(response.body);
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain('X-WR-CALNAME:Nova Legacy – Fight-Kalender');
    expect(body).toContain('X-WR-TIMEZONE:Europe/Berlin');
    expect(body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // In time order, UTC, text escaped as RFC 5545 demands.
    expect(body.indexOf('SUMMARY:Sommerfight')).toBeLessThan(body.indexOf('SUMMARY:Weihnachtsfight'));
    expect(body).toContain('DTSTART:20260704T163000Z');
    expect(body).toContain('DTSTART:20261224T190000Z');
    // An hour long unless configured otherwise (the game API names only the start).
    expect(body).toContain('DTEND:20260704T173000Z');
    expect(body).toContain('DTEND:20261224T200000Z');
    expect(body).toContain('SUMMARY:Weihnachtsfight\\; Grove Street\\, Ballas');
    const uids = body.match(/^UID:.+$/gm) ?? [];
    expect(uids).toHaveLength(2);
    expect(uids[0]).toMatch(/^UID:[0-9a-f]{24}@localhost:3000$/);

    // Same data, same bytes: the same ids and ETag, and a 304 for the calendar app's revalidation.
    const again = await app.inject('/calendar.ics');
    expect(again.body).toBe(response.body);
    const etag = String(response.headers.etag);
    expect(again.headers.etag).toBe(etag);
    const notModified = await app.inject({ url: '/calendar.ics', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);

    // An added fight keeps the ids of the others.
    api.on('GET', 'calendar', {
      body: [
        { name: 'Sommerfight', timestamp: SUMMER },
        { name: 'Neu', timestamp: SUMMER + 3600 },
        { name: 'Weihnachtsfight; Grove Street, Ballas', timestamp: WINTER },
      ],
    });
    const changed = await app.inject('/calendar.ics');
    expect(changed.headers.etag).not.toBe(etag);
    for (const uid of uids) expect(unfold(changed.body)).toContain(uid);
  });

  it('answers 502 with a German message when the game API fails, not an empty calendar', async () => {
    api.on('GET', 'calendar', { status: 500, body: { error: 'kaputt' } });
    const response = await app.inject('/calendar.ics');
    expect(response.statusCode).toBe(502);
    expect(response.body).toBe(
      'Der Fight-Kalender ist gerade nicht erreichbar. Bitte versuche es später erneut.',
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ends each fight CALENDAR_EVENT_MINUTES after its start', async () => {
    const short = await testApp({
      GAME_API_URL: api.url,
      PUBLIC_CACHE_SECONDS: '0',
      CALENDAR_EVENT_MINUTES: '90',
    });
    try {
      api.on('GET', 'calendar', { body: [{ name: 'Sommerfight', timestamp: SUMMER }] });
      const body = unfold((await short.inject('/calendar.ics')).body);
      expect(body).toContain('DTSTART:20260704T163000Z');
      expect(body).toContain('DTEND:20260704T180000Z');
    } finally {
      await short.close();
    }
  });
});
