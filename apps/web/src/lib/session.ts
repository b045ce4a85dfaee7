import type { Me } from '@nova/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { initialMe, parseMe } from '../config/public-config';
import { bffGet } from './bff-get';

export type SessionState = { status: 'loading' } | { status: 'ready'; me: Me };

/**
 * Who is signed in. The BFF puts this into every page (decision 002), so the first render needs no
 * request; it is asked again (`session.me`) when a call meets a lost session (401). A small store of
 * its own, not a TanStack query: the public pages load without the Control Panel's data layer
 * (decision 042).
 */
export class SessionSource {
  #state: SessionState;
  readonly #listeners = new Set<() => void>();
  readonly #load: () => Promise<unknown>;
  #pending: Promise<void> | null = null;

  constructor(initial: Me | null, load: () => Promise<unknown> = () => bffGet('session.me')) {
    this.#state = initial ? { status: 'ready', me: initial } : { status: 'loading' };
    this.#load = load;
  }

  readonly get = (): SessionState => this.#state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#state.status === 'loading') void this.refresh();
    return () => this.#listeners.delete(listener);
  };

  /**
   * Asks the BFF again (one request however many callers ask at once). A failed answer keeps who
   * was known; with nobody known yet it counts as signed out.
   */
  refresh(): Promise<void> {
    this.#pending ??= this.#load()
      .then(
        (answer) => parseMe(answer) ?? { signedIn: false as const },
        () => (this.#state.status === 'ready' ? this.#state.me : { signedIn: false as const }),
      )
      .then((me) => {
        this.#pending = null;
        this.#state = { status: 'ready', me };
        for (const listener of this.#listeners) listener();
      });
    return this.#pending;
  }
}

/** The server render's session (per request); in the browser the page's own (`browserSession`). */
export const SessionContext = createContext<SessionSource | null>(null);

let browser: SessionSource | undefined;

/** The browser's session store, from the page's `nova-session` slot. */
export function browserSession(): SessionSource {
  browser ??= new SessionSource(initialMe());
  return browser;
}

/** The session store of this render (to ask the BFF again). */
export function useSessionSource(): SessionSource {
  return useContext(SessionContext) ?? browserSession();
}

export function useSession(): SessionState {
  const source = useSessionSource();
  return useSyncExternalStore(source.subscribe, source.get, source.get);
}

export type SignedInMe = Extract<Me, { signedIn: true }>;

export function hasRole(me: Me, role: string): boolean {
  return me.signedIn && me.roles.includes(role);
}

let leaving = false;

/** The user is signing out (a full navigation is under way): no redirect to the sign-in then. */
export function markLeaving(): void {
  leaving = true;
}

export function isLeaving(): boolean {
  return leaving;
}
