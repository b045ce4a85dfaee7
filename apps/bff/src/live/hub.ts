/**
 * The live updates of one BFF instance (decision 106): what the audit log completed and who has
 * which row open, passed between instances over the bus, handed to this instance's streams. Presence
 * is announced once a heartbeat and lives three heartbeats, so the rows of a tab or an instance that
 * went away without a word are free again after at most that long. Best effort throughout: a bus
 * that is down pauses the live features and never fails a write.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus, LiveMessage } from './bus';

export type StreamKind = 'audit' | 'presence';

export interface Editor {
  userId: string;
  /** The editor's session as an opaque hash: the tabs of one browser are one holder. */
  holder: string;
  name: string;
}

interface Holder extends Editor {
  expiresAt: number;
}

export interface LiveHubOptions {
  bus: LiveBus;
  streamsPerSession: number;
  heartbeatMs: number;
  now?: () => number;
  log?: FastifyBaseLogger;
}

type Listener<T> = (value: T) => void;

function subscribe<T>(set: Set<Listener<T>>, listener: Listener<T>): () => void {
  set.add(listener);
  return () => set.delete(listener);
}

export class LiveHub {
  readonly #bus: LiveBus;
  readonly #perSession: number;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger | undefined;
  readonly heartbeatMs: number;
  readonly #streams = new Map<string, number>();
  readonly #open: Record<StreamKind, number> = { audit: 0, presence: 0 };
  readonly #audit = new Set<Listener<string>>();
  readonly #state = new Set<Listener<boolean>>();
  readonly #ticks = new Set<Listener<number>>();
  readonly #closing = new Set<Listener<void>>();
  /** Every instance's holders by target, then by stream. */
  readonly #holders = new Map<string, Map<string, Holder>>();
  readonly #watchers = new Map<string, Set<Listener<void>>>();
  /** This instance's streams holding a row. */
  readonly #mine = new Map<string, Editor & { target: string }>();
  readonly #timer: NodeJS.Timeout;

  constructor(options: LiveHubOptions) {
    this.#bus = options.bus;
    this.#perSession = options.streamsPerSession;
    this.heartbeatMs = options.heartbeatMs;
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
    this.#bus.onMessage((message) => this.#received(message));
    this.#bus.onState((up) => {
      for (const listener of this.#state) listener(up);
      // Back: the others learn of this instance's holders, and tell of theirs.
      if (up) this.#announce(true);
    });
    this.#timer = setInterval(() => this.#beat(), this.heartbeatMs);
    this.#timer.unref();
  }

  /** Whether live updates reach this instance now. */
  get up(): boolean {
    return this.#bus.up;
  }

  get busKind(): LiveBus['kind'] {
    return this.#bus.kind;
  }

  /** Open streams of this instance by kind (the gauge nova_live_streams). */
  get open(): Readonly<Record<StreamKind, number>> {
    return this.#open;
  }

  /**
   * Takes one of a session's streams; null when the session holds its limit already. The returned
   * function gives it back (once).
   */
  openStream(session: string, kind: StreamKind): (() => void) | null {
    const held = this.#streams.get(session) ?? 0;
    if (held >= this.#perSession) return null;
    this.#streams.set(session, held + 1);
    this.#open[kind]++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#open[kind]--;
      const left = (this.#streams.get(session) ?? 1) - 1;
      if (left > 0) this.#streams.set(session, left);
      else this.#streams.delete(session);
    };
  }

  /** An audit record was completed (audit/log.ts): every instance's audit streams hear its id. */
  recorded(id: string): void {
    void this.#send({ type: 'audit', id });
  }

  onAudit(listener: Listener<string>): () => void {
    return subscribe(this.#audit, listener);
  }

  /** The bus going down (false) or coming back (true). */
  onState(listener: Listener<boolean>): () => void {
    return subscribe(this.#state, listener);
  }

  /** Once a heartbeat (a stream checks its session). */
  onTick(listener: Listener<number>): () => void {
    return subscribe(this.#ticks, listener);
  }

  /** A stream of this instance has `target` open; the others holding it announce themselves. */
  join(target: string, stream: string, editor: Editor): void {
    this.#mine.set(stream, { target, ...editor });
    this.#hold(target, stream, editor, this.#ttl());
    void this.#send({ type: 'here', target, stream, ...editor, ttlMs: this.#ttl(), ask: true });
  }

  leave(target: string, stream: string): void {
    if (!this.#mine.delete(stream)) return;
    this.#release(target, stream);
    void this.#send({ type: 'left', target, stream });
  }

  /** Who has `target` open now, one entry per holder (session). */
  editors(target: string): Editor[] {
    const now = this.#now();
    const holders = new Map<string, Editor>();
    for (const { expiresAt, ...editor } of this.#holders.get(target)?.values() ?? []) {
      if (expiresAt > now) holders.set(editor.holder, editor);
    }
    return [...holders.values()];
  }

  /** Called whenever who holds `target` may have changed. */
  watch(target: string, listener: Listener<void>): () => void {
    let set = this.#watchers.get(target);
    if (!set) {
      set = new Set();
      this.#watchers.set(target, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#watchers.delete(target);
    };
  }

  /** The instance is stopping: every stream ends (the browser reconnects to another instance). */
  onClosing(listener: Listener<void>): () => void {
    return subscribe(this.#closing, listener);
  }

  /** Ends the streams and tells the other instances that this one's rows are free. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    const sent = [...this.#mine].map(([stream, { target }]) => {
      this.#mine.delete(stream);
      this.#release(target, stream);
      return this.#send({ type: 'left', target, stream });
    });
    for (const listener of this.#closing) listener();
    await Promise.all(sent);
  }

  #ttl(): number {
    return this.heartbeatMs * 3;
  }

  #send(message: LiveMessage): Promise<void> {
    return this.#bus.publish(message).catch((error: unknown) => {
      this.#log?.debug({ err: error, type: message.type }, 'live update not sent');
    });
  }

  #received(message: LiveMessage): void {
    switch (message.type) {
      case 'audit':
        for (const listener of this.#audit) listener(message.id);
        return;
      case 'here': {
        const { target, stream, userId, holder, name, ttlMs } = message;
        this.#hold(target, stream, { userId, holder, name }, ttlMs);
        // Asked by a newcomer: this instance's holders of that row answer at once.
        if (message.ask && !this.#mine.has(stream)) this.#announce(false, target);
        return;
      }
      case 'left':
        this.#release(message.target, message.stream);
    }
  }

  #hold(target: string, stream: string, editor: Editor, ttlMs: number): void {
    let holders = this.#holders.get(target);
    if (!holders) {
      holders = new Map();
      this.#holders.set(target, holders);
    }
    const known = holders.has(stream);
    holders.set(stream, { ...editor, expiresAt: this.#now() + ttlMs });
    if (!known) this.#changed(target);
  }

  #release(target: string, stream: string): void {
    const holders = this.#holders.get(target);
    if (!holders?.delete(stream)) return;
    if (holders.size === 0) this.#holders.delete(target);
    this.#changed(target);
  }

  #changed(target: string): void {
    for (const listener of this.#watchers.get(target) ?? []) listener();
  }

  /** This instance's holders (of one target, or all) announce themselves again. */
  #announce(ask: boolean, only?: string): void {
    for (const [stream, { target, ...editor }] of this.#mine) {
      if (only !== undefined && target !== only) continue;
      this.#hold(target, stream, editor, this.#ttl());
      void this.#send({
        type: 'here',
        target,
        stream,
        ...editor,
        ttlMs: this.#ttl(),
        ...(ask ? { ask } : {}),
      });
    }
  }

  #beat(): void {
    this.#announce(false);
    const now = this.#now();
    for (const [target, holders] of this.#holders) {
      let expired = false;
      for (const [stream, holder] of holders) {
        if (holder.expiresAt <= now) {
          holders.delete(stream);
          expired = true;
        }
      }
      if (holders.size === 0) this.#holders.delete(target);
      if (expired) this.#changed(target);
    }
    for (const listener of this.#ticks) listener(now);
  }
}
