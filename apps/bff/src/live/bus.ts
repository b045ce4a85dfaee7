/**
 * The live updates' bus between BFF instances (decision 106): Redis pub/sub when Redis is configured
 * (a dedicated subscriber connection), else PostgreSQL LISTEN/NOTIFY (a dedicated listening
 * connection), else, with the embedded database only this process uses, within the process. Every
 * message reaches every instance, the sender included; one that does not parse is dropped.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { z } from 'zod';
import { failFastRedis } from '../session/redis-guard';

const Id = z.string().min(1).max(64);
const Name = z.string().max(120);

export const LiveMessage = z.discriminatedUnion('type', [
  /** An audit record was written complete, or its intent completed. */
  z.object({ type: z.literal('audit'), id: z.string().regex(/^\d{1,18}$/) }),
  /** A stream has a row open; `ask`: the others holding it announce themselves at once. */
  z.object({
    type: z.literal('here'),
    target: Id.max(160),
    stream: Id,
    userId: Id,
    /** The holder's session, as an opaque hash (its tabs are one holder). */
    holder: Id,
    name: Name,
    ttlMs: z.number().int().min(100).max(3_600_000),
    ask: z.boolean().optional(),
  }),
  z.object({ type: z.literal('left'), target: Id.max(160), stream: Id }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;

export interface LiveBus {
  readonly kind: 'redis' | 'postgres' | 'local';
  /** Whether messages flow between instances now. */
  readonly up: boolean;
  /** Rejects when the message could not be sent (the bus is down). */
  publish(message: LiveMessage): Promise<void>;
  onMessage(listener: (message: LiveMessage) => void): void;
  onState(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

/** What every bus shares: parsing, listeners and its up/down state. */
abstract class BaseBus implements LiveBus {
  abstract readonly kind: LiveBus['kind'];
  readonly #events = new EventEmitter();
  #up = false;

  constructor() {
    this.#events.setMaxListeners(0);
  }

  get up(): boolean {
    return this.#up;
  }

  abstract publish(message: LiveMessage): Promise<void>;
  abstract close(): Promise<void>;

  onMessage(listener: (message: LiveMessage) => void): void {
    this.#events.on('message', listener);
  }

  onState(listener: (up: boolean) => void): void {
    this.#events.on('state', listener);
  }

  protected setUp(up: boolean): void {
    if (up === this.#up) return;
    this.#up = up;
    this.#events.emit('state', up);
  }

  protected received(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const message = LiveMessage.safeParse(parsed);
    if (message.success) this.#events.emit('message', message.data);
  }
}

/** Within this process only: the embedded database serves no other instance. */
export class LocalBus extends BaseBus {
  readonly kind = 'local';

  constructor() {
    super();
    this.setUp(true);
  }

  publish(message: LiveMessage): Promise<void> {
    // Asynchronous like the other buses: a publisher never runs its listeners inside its own call.
    const text = JSON.stringify(message);
    queueMicrotask(() => this.received(text));
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.setUp(false);
    return Promise.resolve();
  }
}

/** Redis pub/sub: one connection publishes, a dedicated one only subscribes (it can do nothing else). */
export class RedisBus extends BaseBus {
  readonly kind = 'redis';
  readonly #publisher: Redis;
  readonly #subscriber: Redis;

  constructor(
    url: string,
    private readonly channel: string,
    commandTimeoutMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {
    super();
    this.#publisher = failFastRedis(url, commandTimeoutMs);
    this.#subscriber = failFastRedis(url, commandTimeoutMs);
    this.#subscriber.on('message', (from: string, text: string) => {
      if (from === channel) this.received(text);
    });
    // Both reconnect forever (failFastRedis) and ioredis subscribes again after a reconnect
    // (autoResubscribe); up once both are ready.
    const update = () =>
      this.setUp(this.#publisher.status === 'ready' && this.#subscriber.status === 'ready');
    for (const connection of [this.#publisher, this.#subscriber]) {
      connection.on('ready', update);
      connection.on('close', update);
      connection.on('end', update);
    }
  }

  /** Connects both; a Redis away now is not fatal (the live features wait for it). */
  async start(): Promise<void> {
    try {
      await Promise.all([this.#publisher.connect(), this.#subscriber.connect()]);
      await this.#subscriber.subscribe(this.channel);
    } catch (error) {
      this.log?.warn({ err: error }, 'live updates: Redis not reachable yet');
    }
  }

  /** True while the subscriber connection is ready (the metrics' nova_redis_connected). */
  get connected(): boolean {
    return this.#subscriber.status === 'ready';
  }

  async publish(message: LiveMessage): Promise<void> {
    await this.#publisher.publish(this.channel, JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.setUp(false);
    this.#publisher.disconnect();
    this.#subscriber.disconnect();
    return Promise.resolve();
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY: a dedicated connection listens and is opened again when lost; `notify`
 * sends through the app's pool (`pg_notify`), so the listener's loss does not stop sending.
 */
export class PostgresBus extends BaseBus {
  readonly kind = 'postgres';
  #client: pg.Client | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly notify: (channel: string, payload: string) => Promise<void>,
    private readonly connectTimeoutMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {
    super();
  }

  async start(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.connectTimeoutMs,
    });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.setUp(false);
      void client.end().catch(() => undefined);
      this.#again();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (note) => {
      if (note.channel === this.channel && note.payload) this.received(note.payload);
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
      this.#client = client;
      this.setUp(true);
    } catch (error) {
      this.log?.warn({ err: error }, 'live updates: PostgreSQL listener not connected');
      void client.end().catch(() => undefined);
      this.#again();
    }
  }

  #again(): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.start();
    }, 1000);
    this.#retry.unref();
  }

  async publish(message: LiveMessage): Promise<void> {
    if (!this.up) throw new Error('live updates: the PostgreSQL listener is away');
    await this.notify(this.channel, JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.setUp(false);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}
