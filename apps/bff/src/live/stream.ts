/**
 * One live stream's life (decision 106): it counts against its session's limit, hears the hub's
 * events in order, checks once a heartbeat that its session is still alive (an ended session ends
 * the stream with 401), and ends when the browser goes away or the instance stops.
 */
import { ERROR_MESSAGES } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { EventEmitter, on } from 'node:events';
import type { LiveAccess } from '../trpc/context';
import { ReasonedError } from '../kinds/errors';
import type { LiveHub, StreamKind } from './hub';

export type HubEvent = { kind: 'audit'; id: string } | { kind: 'state' } | { kind: 'presence' };

/** The caller's live access; refused for callers without a browser session. */
export function liveAccessOf(ctx: { live?: LiveAccess | undefined }): LiveAccess {
  if (!ctx.live) throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_MESSAGES.LIVE_SESSIONS_ONLY });
  return ctx.live;
}

/**
 * The hub's events for one stream, as `wire` connects them, until `signal` aborts, the hub closes
 * or the session ends; the first event is a `state`. The stream is counted and wired at once
 * (nothing between now and the first read is missed): iterate it at once.
 */
export function hubEvents(
  live: LiveAccess,
  kind: StreamKind,
  signal: AbortSignal | undefined,
  wire: (hub: LiveHub, emit: (event: HubEvent) => void) => (() => void)[],
): AsyncGenerator<HubEvent> {
  const release = live.hub.openStream(live.session, kind);
  if (!release) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ERROR_MESSAGES.LIVE_STREAMS });
  const stop = new AbortController();
  const emitter = new EventEmitter();
  const emit = (event: HubEvent | 'tick') => emitter.emit('event', event);
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const unwire = [
    ...wire(live.hub, emit),
    live.hub.onState(() => emit({ kind: 'state' })),
    live.hub.onTick(() => emit('tick')),
    live.hub.onClosing(onAbort),
  ];
  const events = on(emitter, 'event', { signal: stop.signal });
  const done = () => {
    signal?.removeEventListener('abort', onAbort);
    for (const off of unwire) off();
    release();
  };
  return (async function* () {
    try {
      if (signal?.aborted) return;
      // First what holds now (whether live updates flow, who is here).
      yield { kind: 'state' };
      for await (const [event] of events) {
        if (event !== 'tick') {
          yield event as HubEvent;
          continue;
        }
        // A store that cannot answer now (Redis away) does not end the stream: only a known end does.
        const alive = await live.alive().catch(() => true);
        if (!alive)
          throw new ReasonedError('SESSION_EXPIRED', {
            code: 'UNAUTHORIZED',
            message: ERROR_MESSAGES.SESSION_ENDED,
          });
      }
    } catch (error) {
      if (!stop.signal.aborted) throw error;
    } finally {
      done();
    }
  })();
}
