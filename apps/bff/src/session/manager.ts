/**
 * Session cookie and lifetime rules (architecture §5; OWASP ASVS v5 §7): an opaque 256-bit id,
 * HttpOnly, Secure on https and localhost, SameSite=Lax, Path=/, no Domain, `__Host-` prefix on
 * https; a new id at every login; idle and absolute timeouts. The store sees only an HMAC of the id,
 * so a leaked store does not yield usable cookies.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { sessionsStarted } from '../observability/metrics';
import type { SessionRecord, SessionStore } from './types';

export interface SessionManagerOptions {
  store: SessionStore;
  secret: string;
  idleSeconds: number;
  absoluteSeconds: number;
  /** True for https and localhost. */
  secure: boolean;
  /** True for https: the `__Host-` prefix. */
  https: boolean;
  now?: () => number;
}

export interface LoadedSession {
  key: string;
  record: SessionRecord;
}

export class SessionManager {
  readonly cookieName: string;
  readonly bindingCookieName: string;
  readonly store: SessionStore;
  readonly #secret: string;
  readonly #idleMs: number;
  readonly #absoluteMs: number;
  readonly #secure: boolean;
  readonly now: () => number;

  constructor(options: SessionManagerOptions) {
    this.store = options.store;
    this.#secret = options.secret;
    this.#idleMs = options.idleSeconds * 1000;
    this.#absoluteMs = options.absoluteSeconds * 1000;
    this.#secure = options.secure;
    this.cookieName = options.https ? '__Host-nova_session' : 'nova_session';
    this.bindingCookieName = options.https ? '__Host-nova_login' : 'nova_login';
    this.now = options.now ?? Date.now;
  }

  get cookieOptions(): CookieSerializeOptions {
    return { httpOnly: true, secure: this.#secure, sameSite: 'lax', path: '/' };
  }

  /** 256 bits from the CSPRNG, base64url. */
  newId(): string {
    return randomBytes(32).toString('base64url');
  }

  keyOf(id: string): string {
    return createHmac('sha256', this.#secret).update(id).digest('base64url');
  }

  #ttl(record: Pick<SessionRecord, 'createdAt'>, now: number): number {
    return Math.max(1, Math.min(this.#idleMs, record.createdAt + this.#absoluteMs - now));
  }

  /** The live session behind a cookie value, or null (unknown, idle too long, or too old). */
  async load(cookieValue: string | undefined): Promise<LoadedSession | null> {
    if (!cookieValue || !/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return null;
    const key = this.keyOf(cookieValue);
    const record = await this.store.get(key);
    if (!record) return null;
    const now = this.now();
    if (now - record.lastSeenAt >= this.#idleMs || now - record.createdAt >= this.#absoluteMs) {
      await this.store.destroy(key);
      return null;
    }
    return { key, record };
  }

  /**
   * Whether the session behind a store key is still alive (a live stream asks once a heartbeat,
   * decision 106): not ended, not idle too long, not too old. Does not touch it.
   */
  async alive(key: string): Promise<boolean> {
    const record = await this.store.get(key);
    if (!record) return false;
    const now = this.now();
    return now - record.lastSeenAt < this.#idleMs && now - record.createdAt < this.#absoluteMs;
  }

  async touch(session: LoadedSession): Promise<void> {
    const now = this.now();
    await this.store.touch(session.key, now, this.#ttl(session.record, now));
  }

  async create(
    record: Omit<SessionRecord, 'createdAt' | 'lastSeenAt'>,
  ): Promise<{ id: string; key: string }> {
    const id = this.newId();
    const key = this.keyOf(id);
    const now = this.now();
    const full: SessionRecord = { ...record, createdAt: now, lastSeenAt: now };
    await this.store.create(key, full, this.#ttl(full, now));
    sessionsStarted.inc();
    return { id, key };
  }
}
