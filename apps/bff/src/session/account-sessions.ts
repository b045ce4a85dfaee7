/**
 * A player's own browser sessions (decision 023): list them, end one, end all others. Ending a
 * session deletes it in the store (memory or Redis, so every instance sees it at once) and ends the
 * matching identity-provider session; that browser's next call is 401. Each ending is audited.
 */
import { createHash } from 'node:crypto';
import { SIGN_IN_METHODS } from '@nova/domain';
import Bowser from 'bowser';
import type { AuditLog } from '../audit/log';
import type { SessionRecord, SessionStore } from './types';

export interface OwnSession {
  /** An opaque handle (not the store key, not the cookie). */
  id: string;
  browser: string;
  system: string;
  ip: string | null;
  /** How it was signed in, in German; null when the identity provider did not say. */
  signInMethod: string | null;
  /** ISO timestamps. */
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

export interface AccountSessionsDeps {
  store: SessionStore;
  /** Ends the identity provider's session behind a BFF session (best effort). */
  endIdpSession: (record: SessionRecord) => Promise<void>;
  audit: AuditLog | undefined;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export function handleOf(key: string): string {
  return createHash('sha256').update(`own-session:${key}`).digest('base64url').slice(0, 22);
}

const UNKNOWN = 'Unbekannt';

export function describeUserAgent(userAgent: string | null | undefined): { browser: string; system: string } {
  if (!userAgent) return { browser: UNKNOWN, system: UNKNOWN };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: browser || UNKNOWN, system: system || UNKNOWN };
}

export class AccountSessions {
  constructor(
    private readonly deps: AccountSessionsDeps,
    private readonly caller: { userId: string; username: string; displayName?: string; currentKey: string },
    private readonly request: { id: string; clientIp: string | null },
  ) {}

  async list(): Promise<OwnSession[]> {
    const sessions = await this.deps.store.listByUser(this.caller.userId);
    return sessions
      .map(({ key, record }) => ({
        id: handleOf(key),
        ...describeUserAgent(record.userAgent),
        ip: record.ip ?? null,
        signInMethod: record.signInMethod ? SIGN_IN_METHODS[record.signInMethod] : null,
        signedInAt: new Date(record.createdAt).toISOString(),
        lastActiveAt: new Date(record.lastSeenAt).toISOString(),
        current: key === this.caller.currentKey,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
  }

  /** Ends one own session by its handle; false when there is none (any more). */
  async end(id: string): Promise<boolean> {
    const sessions = await this.deps.store.listByUser(this.caller.userId);
    const match = sessions.find(({ key }) => handleOf(key) === id);
    if (!match) return false;
    await this.#end([match], 'session.end');
    return true;
  }

  /** Ends every own session but this one; returns how many. */
  async endOthers(): Promise<number> {
    const sessions = await this.deps.store.listByUser(this.caller.userId);
    const others = sessions.filter(({ key }) => key !== this.caller.currentKey);
    await this.#end(others, 'session.end-others');
    return others.length;
  }

  async #end(sessions: { key: string; record: SessionRecord }[], action: string): Promise<void> {
    const { audit } = this.deps;
    // The record first: a session end that cannot be recorded is not done.
    if (audit) await audit.ensureWritable();
    for (const { key, record } of sessions) {
      await this.deps.store.destroy(key);
      try {
        await this.deps.endIdpSession(record);
      } catch (error) {
        this.deps.log.warn({ err: error }, 'the identity provider session could not be ended');
      }
    }
    if (!audit) return;
    try {
      await audit.write({
        actor: { id: this.caller.userId, name: this.caller.username, displayName: this.caller.displayName },
        action,
        target: { type: 'session', id: sessions.map(({ key }) => handleOf(key)).join(',') || null },
        before: sessions.map(({ record }) => ({
          ...describeUserAgent(record.userAgent),
          ip: record.ip ?? null,
          signInMethod: record.signInMethod ? SIGN_IN_METHODS[record.signInMethod] : null,
          signedInAt: new Date(record.createdAt).toISOString(),
        })),
        outcome: 'success',
        detail: `${sessions.length} ended`,
        requestId: this.request.id,
        clientIp: this.request.clientIp,
      });
    } catch (error) {
      this.deps.log.error({ err: error, action }, 'audit record could not be written');
    }
  }
}
