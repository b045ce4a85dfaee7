/**
 * Tokens encrypted at rest (decision 031): a wrapper around any SessionStore that encrypts
 * the access, refresh and ID token and the PKCE code verifier with AES-256-GCM before they reach the
 * store, and decrypts them on the way out. The store (Redis, a dump of it, a backup) holds no usable
 * token. Each value is bound to its session key (or login state) as additional authenticated data,
 * so a value copied into another session does not decrypt. An access token that does not decrypt
 * (tampered, or written under another key) makes the session unknown: the user signs in again.
 *
 * Only the access token is decrypted when a session is loaded: nearly every request needs it, and
 * it decides whether the session is usable. The refresh and ID token are decrypted when they are
 * read (a refresh, a sign-out; decision 041), once per loaded record. One that does not
 * decrypt reads as absent (null): a refresh then ends the session, a sign-out ends it without the
 * identity provider's server-side logout; garbage is never sent anywhere.
 *
 * Format: `v1.` + base64url(IV 12 bytes ‖ tag 16 bytes ‖ ciphertext). The key is derived with HKDF
 * (SHA-256) from SESSION_ENCRYPTION_KEY, or from SESSION_SECRET when that is unset.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AuthState, PendingLogin, SessionRecord, SessionStore } from './types';

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

class UndecryptableError extends Error {
  override name = 'UndecryptableError';
}

/** The 256-bit key, derived from configuration (same on every instance). */
export function tokenEncryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'nova-legacy', 'session-token-encryption/v1', 32));
}

export class TokenCipher {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
    this.#key = key;
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  }

  decrypt(value: string, context: string): string {
    if (!value.startsWith(PREFIX)) throw new UndecryptableError('not an encrypted value');
    const raw = Buffer.from(value.slice(PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new UndecryptableError('too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch (cause) {
      throw new UndecryptableError('the value does not decrypt under this key and context', { cause });
    }
  }
}

/**
 * A token decrypted on its first read and kept then; one that does not decrypt reads as null. A
 * value written over it (a refresh keeping the record) is kept as it is.
 */
function lazyToken(sealed: string | null, open: (sealed: string) => string) {
  let opened = sealed === null;
  let value: string | null = null;
  return {
    get(): string | null {
      if (!opened) {
        opened = true;
        try {
          value = open(sealed as string);
        } catch (error) {
          if (!(error instanceof UndecryptableError)) throw error;
        }
      }
      return value;
    },
    set(next: string | null): void {
      opened = true;
      value = next;
    },
  };
}

export class EncryptedSessionStore implements SessionStore {
  readonly #inner: SessionStore;
  readonly #cipher: TokenCipher;

  constructor(inner: SessionStore, key: Buffer) {
    this.#inner = inner;
    this.#cipher = new TokenCipher(key);
  }

  #sealAuth(key: string, auth: AuthState): AuthState {
    const context = `session:${key}`;
    return {
      ...auth,
      accessToken: this.#cipher.encrypt(auth.accessToken, context),
      refreshToken: auth.refreshToken === null ? null : this.#cipher.encrypt(auth.refreshToken, context),
      idToken: auth.idToken === null ? null : this.#cipher.encrypt(auth.idToken, context),
    };
  }

  #openAuth(key: string, auth: AuthState): AuthState {
    const context = `session:${key}`;
    const open = (sealed: string) => this.#cipher.decrypt(sealed, context);
    const refresh = lazyToken(auth.refreshToken, open);
    const id = lazyToken(auth.idToken, open);
    // Accessors of one object literal (a spread, a clone or JSON reads them like plain values).
    // Every field listed (Required): one added to AuthState must be added here too.
    const opened: Required<AuthState> = {
      accessToken: open(auth.accessToken),
      get refreshToken() {
        return refresh.get();
      },
      set refreshToken(value: string | null) {
        refresh.set(value);
      },
      get idToken() {
        return id.get();
      },
      set idToken(value: string | null) {
        id.set(value);
      },
      accessTokenExpiresAt: auth.accessTokenExpiresAt,
      username: auth.username,
      roles: auth.roles,
    };
    return opened;
  }

  /** The record with its access token decrypted (the others on use), or null when it does not decrypt. */
  #open(key: string, record: SessionRecord | null): SessionRecord | null {
    if (!record) return null;
    try {
      return { ...record, auth: this.#openAuth(key, record.auth) };
    } catch (error) {
      if (error instanceof UndecryptableError) return null;
      throw error;
    }
  }

  create(key: string, record: SessionRecord, ttlMs: number): Promise<void> {
    return this.#inner.create(key, { ...record, auth: this.#sealAuth(key, record.auth) }, ttlMs);
  }

  async get(key: string): Promise<SessionRecord | null> {
    return this.#open(key, await this.#inner.get(key));
  }

  touch(key: string, lastSeenAt: number, ttlMs: number): Promise<void> {
    return this.#inner.touch(key, lastSeenAt, ttlMs);
  }

  setAuth(key: string, auth: AuthState): Promise<boolean> {
    return this.#inner.setAuth(key, this.#sealAuth(key, auth));
  }

  destroy(key: string): Promise<void> {
    return this.#inner.destroy(key);
  }

  destroyBySid(sid: string, userId?: string): Promise<number> {
    return this.#inner.destroyBySid(sid, userId);
  }

  destroyByUser(userId: string): Promise<number> {
    return this.#inner.destroyByUser(userId);
  }

  async listByUser(userId: string): Promise<{ key: string; record: SessionRecord }[]> {
    const found: { key: string; record: SessionRecord }[] = [];
    for (const { key, record } of await this.#inner.listByUser(userId)) {
      const opened = this.#open(key, record);
      if (opened) found.push({ key, record: opened });
    }
    return found;
  }

  putPending(state: string, pending: PendingLogin, ttlMs: number, limit?: number): Promise<boolean> {
    const codeVerifier = this.#cipher.encrypt(pending.codeVerifier, `pending:${state}`);
    return this.#inner.putPending(state, { ...pending, codeVerifier }, ttlMs, limit);
  }

  async takePending(state: string): Promise<PendingLogin | null> {
    const pending = await this.#inner.takePending(state);
    if (!pending) return null;
    try {
      return { ...pending, codeVerifier: this.#cipher.decrypt(pending.codeVerifier, `pending:${state}`) };
    } catch (error) {
      if (error instanceof UndecryptableError) return null;
      throw error;
    }
  }

  markOnce(marker: string, ttlMs: number): Promise<boolean> {
    return this.#inner.markOnce(marker, ttlMs);
  }

  acquireLock(name: string, ttlMs: number): Promise<string | null> {
    return this.#inner.acquireLock(name, ttlMs);
  }

  releaseLock(name: string, token: string): Promise<void> {
    return this.#inner.releaseLock(name, token);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}
