/**
 * Live where it helps (decision 106), over HTTP as the browser's EventSource uses it: the audit log's
 * completed records and the presence of editors reach every instance (through Redis, or through
 * PostgreSQL LISTEN/NOTIFY without Redis); each stream is checked by the policy; presence expires
 * when its heartbeats stop; an ended session ends its streams; a session holds a bounded number.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { MemorySessionStore } from '../src/session/memory-store';
import { HttpBrowser, signIn } from './http-browser';
import { freePort } from './ports';
import { startRedisServer, stopRedisServer } from './redis-server';
import { dataOf, SseStream, subscriptionUrl, type SseEvent } from './sse';
import { startStack, type Bff, type Stack } from './stack';

/** The stream as the SPA's EventSource opens it: same-origin Fetch Metadata, no X-CSRF header. */
async function openStream(browser: HttpBrowser, base: string, path: string, input: unknown) {
  const url = subscriptionUrl(base, path, input);
  return SseStream.open(url, {
    cookie: browser.cookieHeader(url),
    'sec-fetch-site': 'same-origin',
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
  });
}

const isStatus = (live: boolean) => (event: SseEvent) =>
  event.event === 'message' && dataOf(event).kind === 'status' && dataOf(event).live === live;
const isEntry = (id: string) => (event: SseEvent) =>
  event.event === 'message' && event.id === id && dataOf(event).kind === 'entry';
const errorCode = (event: SseEvent) => (dataOf(event).data as { code?: string } | undefined)?.code ?? null;
const isError = (code: string) => (event: SseEvent) =>
  event.event === 'serialized-error' && errorCode(event) === code;
const editors = (names: string[]) => (event: SseEvent) =>
  event.event === 'message' &&
  JSON.stringify(dataOf(event).editors) === JSON.stringify(names) &&
  dataOf(event).live === true;

/** An administrative change recorded at an instance: the intent, then its completion. */
async function recordChange(bff: Bff, name: string): Promise<string> {
  const { audit } = bff.app.nova;
  const id = await audit.begin({
    actor: { id: 'admin-id', name: 'Admin_Nova' },
    action: 'catalogue.radios.update',
    target: { type: 'catalogue.radios', id: 4711 },
    before: { name: `${name} alt` },
    callKind: 'session',
  });
  await audit.complete(id, { outcome: 'success', after: { name } });
  return id;
}

function liveEnv(extra: Record<string, string> = {}) {
  return {
    LIVE_CHANNEL: `nova:live:test-${randomUUID()}`,
    LIVE_HEARTBEAT_SECONDS: '0.5',
    ...extra,
  };
}

describe('live updates across two instances through Redis', () => {
  let stack: Stack;
  let a: Bff;
  let b: Bff;
  let env: Record<string, string>;
  const streams: SseStream[] = [];
  const open = async (browser: HttpBrowser, base: string, path: string, input: unknown) => {
    const stream = await openStream(browser, base, path, input);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    env = liveEnv({ REDIS_URL: inject('redisUrl'), LIVE_STREAMS_PER_SESSION: '3' });
    stack = await startStack({ bffCount: 2 });
    a = await stack.startBff(0, { env });
    b = await stack.startBff(1, { env });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await stack.close();
  });

  it('an audit record completed on instance A reaches a subscriber on instance B', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    const stream = await open(admin, b.url, 'live.audit', {});
    expect(stream.status).toBe(200);
    await stream.next(isStatus(true));
    const id = await recordChange(a, 'Radio Nord');
    const entry = await stream.next(isEntry(id));
    expect(dataOf(entry).row).toMatchObject({
      id,
      action: 'catalogue.radios.update',
      outcome: 'success',
      actorName: 'Admin_Nova',
      after: { name: 'Radio Nord' },
    });
  });

  it("only records that match the viewer's filter are sent", async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    const stream = await open(admin, b.url, 'live.audit', { target: 'Leuchtturm' });
    await stream.next(isStatus(true));
    const other = await recordChange(a, 'Radio Süd');
    const wanted = await recordChange(a, 'Radio Leuchtturm');
    await stream.next(isEntry(wanted));
    expect(stream.events.some((event) => event.id === other)).toBe(false);
  });

  it('a reconnect with the last event id catches up on what was completed meanwhile', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    const first = await recordChange(a, 'Radio Eins');
    const missed = await recordChange(a, 'Radio Zwei');
    const stream = await open(admin, b.url, 'live.audit', { lastEventId: first });
    await stream.next(isEntry(missed));
    expect(stream.events.some((event) => event.id === first)).toBe(false);
  });

  it('a principal without the audit role gets no stream (FORBIDDEN)', async () => {
    const beta = new HttpBrowser();
    await signIn(beta, b.url, 'beta');
    const stream = await open(beta, b.url, 'live.audit', {});
    await stream.next(isError('FORBIDDEN'));
    await stream.end();
    expect(stream.events.some((event) => event.event === 'message' && dataOf(event).kind)).toBe(false);
  });

  it('presence only for those who may edit the row (FORBIDDEN otherwise)', async () => {
    const beta = new HttpBrowser();
    await signIn(beta, b.url, 'beta');
    const stream = await open(beta, b.url, 'live.presence', { kind: 'serverRadios', id: '3' });
    await stream.next(isError('FORBIDDEN'));
  });

  it('without Fetch Metadata of the same origin (and without X-CSRF) a stream is refused before it starts', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    const url = subscriptionUrl(b.url, 'live.audit', {});
    const answer = await fetch(url, {
      headers: { cookie: admin.cookieHeader(url), 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
    await answer.body?.cancel();
  });

  it('a second session sees who has the row open on the other instance, until that dialog closes', async () => {
    const first = new HttpBrowser();
    const second = new HttpBrowser();
    await signIn(first, a.url, 'admin');
    await signIn(second, b.url, 'admin');
    const mine = await open(first, a.url, 'live.presence', { kind: 'serverRadios', id: '3' });
    await mine.next(editors([]));
    const theirs = await open(second, b.url, 'live.presence', { kind: 'serverRadios', id: '3' });
    const seen = await theirs.next(editors(['Admin_Nova']));
    // The first session hears of the second one too.
    await mine.next(editors(['Admin_Nova']));
    const from = theirs.events.indexOf(seen) + 1;
    mine.close();
    await theirs.next(editors([]), 10_000, from);
  });

  it('presence expires when its heartbeats stop', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    const stream = await open(admin, b.url, 'live.presence', { kind: 'serverRadios', id: '9' });
    await stream.next(editors([]));
    // An instance that went away without a word: one announcement, then nothing.
    const redis = new Redis(inject('redisUrl'));
    await redis.publish(
      env.LIVE_CHANNEL ?? '',
      JSON.stringify({
        type: 'here',
        target: 'serverRadios:9',
        stream: 'gone-instance-stream',
        userId: 'jonas-id',
        holder: 'gone-session',
        name: 'Jonas_Weber',
        ttlMs: 1500,
      }),
    );
    redis.disconnect();
    const seen = await stream.next(editors(['Jonas_Weber']));
    await stream.next(editors([]), 10_000, stream.events.indexOf(seen) + 1);
  });

  it('an ended session ends its streams', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    const stream = await open(admin, b.url, 'live.audit', {});
    await stream.next(isStatus(true));
    await admin.request(`${a.url}/auth/logout`, { method: 'POST', headers: { origin: a.url } });
    await stream.next(isError('UNAUTHORIZED'));
    await stream.end();
  });

  it('a session holds a bounded number of streams', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    const held = await Promise.all([1, 2, 3].map(() => open(admin, b.url, 'live.audit', {})));
    for (const stream of held) await stream.next(isStatus(true));
    const extra = await open(admin, b.url, 'live.audit', {});
    await extra.next(isError('TOO_MANY_REQUESTS'));
    // One given back, one more may open.
    held[0]?.close();
    await expect
      .poll(async () => {
        const again = await open(admin, b.url, 'live.audit', {});
        const first = await again.next(
          (event) => isStatus(true)(event) || event.event === 'serialized-error',
        );
        again.close();
        return first.event;
      })
      .toBe('message');
  });
});

describe('live updates across two instances through PostgreSQL LISTEN/NOTIFY (no Redis)', () => {
  let stack: Stack;
  let a: Bff;
  let b: Bff;
  let stream: SseStream | undefined;

  beforeAll(async () => {
    const env = liveEnv();
    stack = await startStack({ bffCount: 2 });
    a = await stack.startBff(0, { env });
    b = await stack.startBff(1, { env });
  });
  afterAll(async () => {
    stream?.close();
    await stack.close();
  });

  it('an audit record completed on instance A reaches a subscriber on instance B', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, b.url, 'admin');
    stream = await openStream(admin, b.url, 'live.audit', {});
    await stream.next(isStatus(true));
    const id = await recordChange(a, 'Radio Ost');
    const entry = await stream.next(isEntry(id));
    expect(dataOf(entry).row).toMatchObject({ id, outcome: 'success', after: { name: 'Radio Ost' } });
  });
});

describe('live updates with Redis away', () => {
  let stack: Stack;
  let bff: Bff;
  let redis: ChildProcess;
  let port: number;
  let stream: SseStream | undefined;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer(port);
    stack = await startStack();
    // Sessions in memory: only the live updates depend on this Redis.
    bff = await stack.startBff(0, {
      env: liveEnv({ REDIS_URL: `redis://127.0.0.1:${port}` }),
      store: new MemorySessionStore(),
    });
  });
  afterAll(async () => {
    stream?.close();
    await stack.close();
    await stopRedisServer(redis);
  });

  it('the stream says the live updates pause, and that they are back once Redis is', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, bff.url, 'admin');
    stream = await openStream(admin, bff.url, 'live.audit', {});
    await stream.next(isStatus(true));
    await stopRedisServer(redis);
    const paused = await stream.next(isStatus(false));
    // A record completed meanwhile is still written (live is best effort, never in the way).
    await recordChange(bff, 'Radio Pause');
    redis = await startRedisServer(port);
    await stream.next(isStatus(true), 15_000, stream.events.indexOf(paused) + 1);
    const id = await recordChange(bff, 'Radio Zurück');
    await stream.next(isEntry(id));
  });
});
