import type { SignInMethod } from '@nova/domain';

/** Server-side session state (architecture §5). The browser holds only an opaque id. */
export interface AuthState {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number;
  username: string;
  roles: string[];
}

export interface SessionCore {
  userId: string;
  /** The identity provider's session id (`sid`), for back-channel logout. */
  sid: string | null;
  displayName: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /**
   * Epoch seconds of the interactive sign-in: `auth_time` of the ID token from the code exchange.
   * Never taken from a refreshed token (step-up, decision 022).
   */
  authTime?: number | null;
  /** The browser's User-Agent at sign-in (own sessions list). */
  userAgent?: string | null;
  /** The client address at sign-in, shortened (audit/client-ip.ts). */
  ip?: string | null;
  /** How the identity provider signed the user in (its `acr`/`amr`), when it says. */
  signInMethod?: SignInMethod | null;
}

export interface SessionRecord extends SessionCore {
  auth: AuthState;
  /** Epoch milliseconds of the last authenticated request. */
  lastSeenAt: number;
}

export interface PendingLogin {
  codeVerifier: string;
  nonce: string;
  returnTo: string;
  /** Ties the callback to the browser that started the login (login CSRF). */
  binding: string;
  action: 'login' | 'password';
  /** A re-authentication before a destructive action (max_age=0, prompt=login). */
  stepUp?: boolean;
  /**
   * Who started a re-authentication (step-up, password change): the identity provider must answer
   * with this subject, else nothing changes (decision 053).
   */
  subject?: { userId: string; username: string };
}

/**
 * One store for sessions, pending logins, replay markers and locks. Memory (one instance) and
 * Redis (many instances) behave identically; `test/session-store.contract.ts` runs against both.
 */
export interface SessionStore {
  create(key: string, record: SessionRecord, ttlMs: number): Promise<void>;
  get(key: string): Promise<SessionRecord | null>;
  /** Records activity and extends the expiry; no-op when the session is gone. */
  touch(key: string, lastSeenAt: number, ttlMs: number): Promise<void>;
  /** Replaces only the tokens, so a concurrent touch cannot overwrite them; false when gone. */
  setAuth(key: string, auth: AuthState): Promise<boolean>;
  destroy(key: string): Promise<void>;
  /** Ends every session of an identity-provider session (of that user, if given); returns how many. */
  destroyBySid(sid: string, userId?: string): Promise<number>;
  /** Ends every session of a user; returns how many ended. */
  destroyByUser(userId: string): Promise<number>;
  /** The live sessions of a user (own sessions list, decision 023). */
  listByUser(userId: string): Promise<{ key: string; record: SessionRecord }[]>;
  /**
   * Stores a pending sign-in; false (nothing stored) when `limit` pending sign-ins of all instances
   * are live already (decision 054).
   */
  putPending(state: string, pending: PendingLogin, ttlMs: number, limit?: number): Promise<boolean>;
  /** Returns and removes the pending login in one step (a state is usable once). */
  takePending(state: string): Promise<PendingLogin | null>;
  /** True the first time a marker is seen within its lifetime (replay protection). */
  markOnce(marker: string, ttlMs: number): Promise<boolean>;
  /** A lock token when acquired, else null. */
  acquireLock(name: string, ttlMs: number): Promise<string | null>;
  releaseLock(name: string, token: string): Promise<void>;
  close(): Promise<void>;
}
