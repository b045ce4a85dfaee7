/**
 * The public pages' data (toplist, calendar) without the Control Panel's data layer (decision 042):
 * a small store per page load that the server render seeds with the data it rendered (decision 036,
 * the `nova-state` slot) and the browser with the same, so hydration needs no request. A page whose
 * data is missing or older than 30 s asks the BFF once when it shows (the BFF's public response
 * cache answers); the answer, or the failure, reaches every component that shows it.
 */
import type { CalendarEventView, ToplistView } from '@nova/contracts';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { bffGet } from './bff-get';
import { classifyError } from './errors';

/** The public procedures' answers by name. */
export interface PublicData {
  toplist?: ToplistView;
  calendar?: CalendarEventView[];
}
export type PublicKey = keyof PublicData;

const PROCEDURES: Record<PublicKey, string> = { toplist: 'toplist.get', calendar: 'calendar.list' };

/** As long as the Control Panel's queries (lib/trpc.ts). */
const STALE_MS = 30_000;

interface Snapshot<T> {
  data: T | undefined;
  error: unknown;
  status: 'pending' | 'success' | 'error';
  /** When the data arrived (ms); 0 without data. */
  updatedAt: number;
}

const PENDING: Snapshot<never> = { data: undefined, error: null, status: 'pending', updatedAt: 0 };

export class PublicDataStore {
  readonly #snapshots = new Map<PublicKey, Snapshot<unknown>>();
  readonly #inFlight = new Map<PublicKey, Promise<void>>();
  readonly #listeners = new Set<() => void>();
  readonly #get: (path: string) => Promise<unknown>;
  readonly #now: () => number;

  constructor(
    seed: PublicData = {},
    options: { get?: (path: string) => Promise<unknown>; now?: () => number } = {},
  ) {
    this.#get = options.get ?? ((path) => bffGet(path));
    this.#now = options.now ?? Date.now;
    for (const key of Object.keys(PROCEDURES) as PublicKey[]) {
      const data = seed[key];
      if (data !== undefined)
        this.#snapshots.set(key, { data, error: null, status: 'success', updatedAt: this.#now() });
    }
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  snapshot<K extends PublicKey>(key: K): Snapshot<Required<PublicData>[K]> {
    return (this.#snapshots.get(key) ?? PENDING) as Snapshot<Required<PublicData>[K]>;
  }

  /** What the page was rendered with: the data that arrived (for the `nova-state` slot). */
  data(): PublicData {
    const data: Record<string, unknown> = {};
    for (const [key, snapshot] of this.#snapshots) if (snapshot.data !== undefined) data[key] = snapshot.data;
    return data;
  }

  /** Asks the BFF unless the data is there and fresh (or a request is under way). */
  ensureFresh(key: PublicKey): void {
    const { data, updatedAt } = this.snapshot(key);
    if (data === undefined || this.#now() - updatedAt > STALE_MS) void this.fetch(key);
  }

  /** One request per key at a time; a request that got no answer is tried once more. */
  fetch(key: PublicKey): Promise<void> {
    const running = this.#inFlight.get(key);
    if (running) return running;
    const path = PROCEDURES[key];
    const request = this.#get(path)
      .catch((error: unknown) => {
        if (classifyError(error) === 'offline') return this.#get(path);
        throw error;
      })
      .then(
        (data) => this.#set(key, { data, error: null, status: 'success', updatedAt: this.#now() }),
        (error: unknown) => {
          const { data, updatedAt } = this.snapshot(key);
          this.#set(key, { data, error, status: 'error', updatedAt });
        },
      )
      .finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, request);
    return request;
  }

  #set(key: PublicKey, snapshot: Snapshot<unknown>): void {
    this.#snapshots.set(key, snapshot);
    for (const listener of this.#listeners) listener();
  }
}

/** The page load's store: main.tsx and entry-server.tsx provide it. */
export const PublicDataContext = createContext<PublicDataStore | null>(null);

export interface PublicQuery<T> {
  data: T | undefined;
  error: unknown;
  /** No data and no failure yet. */
  isPending: boolean;
  /** The last request failed (data from before may still be there). */
  isError: boolean;
  refetch: () => Promise<void>;
}

/** A public procedure's answer for a page (see the file's comment). */
export function usePublicQuery<K extends PublicKey>(key: K): PublicQuery<Required<PublicData>[K]> {
  const store = useContext(PublicDataContext);
  if (!store) throw new Error('usePublicQuery needs a PublicDataContext');
  const read = () => store.snapshot(key);
  const snapshot = useSyncExternalStore(store.subscribe, read, read);
  useEffect(() => store.ensureFresh(key), [store, key]);
  return useMemo(
    () => ({
      data: snapshot.data,
      error: snapshot.error,
      isPending: snapshot.status === 'pending',
      isError: snapshot.status === 'error',
      refetch: () => store.fetch(key),
    }),
    [snapshot, store, key],
  );
}

/** The `nova-state` slot: when the page was rendered (see lib/render-time) and its public data. */
export interface PageState {
  renderedAt: number;
  data: PublicData;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The slot after a light shape check (the BFF wrote it; no zod in the public entry): null when it
 * is empty or not shaped like PageState; a part of the wrong shape is left out (the page asks again).
 */
export function readPageState(slot: unknown): PageState | null {
  if (!isObject(slot) || typeof slot.renderedAt !== 'number' || !isObject(slot.data)) return null;
  const { toplist, calendar } = slot.data;
  const data: PublicData = {};
  if (isObject(toplist) && isObject(toplist.top) && isObject(toplist.tables))
    data.toplist = toplist as unknown as ToplistView;
  if (Array.isArray(calendar)) data.calendar = calendar as CalendarEventView[];
  return { renderedAt: slot.renderedAt, data };
}
