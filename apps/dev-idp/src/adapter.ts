/**
 * In-memory storage for oidc-provider, one store per server. oidc-provider's built-in adapter is
 * process-global (two servers in one test run would share sessions) and announces itself with a
 * console warning; a dev IdP that forgets everything on restart is exactly what Keycloak's demo
 * stand-in should be.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model has no expiry. */
  expiresAt: number;
}

/** Models whose entries can be revoked together through their grant. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

export interface MemoryStore {
  readonly entries: Map<string, Entry>;
  /** Session uid → session id. */
  readonly sessionUids: Map<string, string>;
  /** Device flow user code → key. */
  readonly userCodes: Map<string, string>;
  /** Grant id → keys of the tokens issued under it. */
  readonly grants: Map<string, Set<string>>;
}

export function createMemoryStore(): MemoryStore {
  return { entries: new Map(), sessionUids: new Map(), userCodes: new Map(), grants: new Map() };
}

function read(store: MemoryStore, key: string): AdapterPayload | undefined {
  const entry = store.entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    store.entries.delete(key);
    return undefined;
  }
  return entry.payload;
}

/** Drops expired entries; called on writes so that a long-running demo does not grow forever. */
function sweep(store: MemoryStore): void {
  const now = Date.now();
  for (const [key, entry] of store.entries) {
    if (entry.expiresAt <= now) store.entries.delete(key);
  }
  for (const [uid, id] of store.sessionUids) {
    if (!store.entries.has(`Session:${id}`)) store.sessionUids.delete(uid);
  }
  for (const [grantId, keys] of store.grants) {
    for (const key of keys) if (!store.entries.has(key)) keys.delete(key);
    if (keys.size === 0) store.grants.delete(grantId);
  }
}

class MemoryAdapter implements Adapter {
  private writes = 0;

  constructor(
    private readonly model: string,
    private readonly store: MemoryStore,
  ) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    this.writes += 1;
    if (this.writes % 200 === 0) sweep(this.store);
    const key = this.key(id);
    const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
    this.store.entries.set(key, { payload, expiresAt });
    if (this.model === 'Session' && payload.uid) this.store.sessionUids.set(payload.uid, id);
    if (payload.userCode) this.store.userCodes.set(payload.userCode, key);
    if (GRANTABLE.has(this.model) && payload.grantId) {
      const keys = this.store.grants.get(payload.grantId) ?? new Set<string>();
      keys.add(key);
      this.store.grants.set(payload.grantId, keys);
    }
    return Promise.resolve();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return Promise.resolve(read(this.store, this.key(id)));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = this.store.sessionUids.get(uid);
    return Promise.resolve(id === undefined ? undefined : read(this.store, this.key(id)));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const key = this.store.userCodes.get(userCode);
    return Promise.resolve(key === undefined ? undefined : read(this.store, key));
  }

  consume(id: string): Promise<void> {
    const payload = read(this.store, this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }

  destroy(id: string): Promise<void> {
    const key = this.key(id);
    const payload = read(this.store, key);
    this.store.entries.delete(key);
    if (payload?.uid && this.store.sessionUids.get(payload.uid) === id)
      this.store.sessionUids.delete(payload.uid);
    return Promise.resolve();
  }

  revokeByGrantId(grantId: string): Promise<void> {
    for (const key of this.store.grants.get(grantId) ?? []) this.store.entries.delete(key);
    this.store.grants.delete(grantId);
    return Promise.resolve();
  }
}

export function memoryAdapter(store: MemoryStore): AdapterFactory {
  return (model) => new MemoryAdapter(model, store);
}
