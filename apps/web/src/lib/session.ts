import type { Me } from '@nova/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { publicQueries } from './query-client';

export type SessionState = { status: 'loading' } | { status: 'ready'; me: Me };

/**
 * Who is signed in: the `session.me` query, seeded from the page (decision 002), so the first render
 * needs no request; asked again when a call meets a lost session (401, lib/query-client.ts). A failed answer
 * keeps who was known; with nobody known yet it counts as signed out.
 */
export function useSession(): SessionState {
  const query = useQuery(publicQueries.me);
  if (query.data) return { status: 'ready', me: query.data };
  if (query.isError) return { status: 'ready', me: { signedIn: false } };
  return { status: 'loading' };
}

/** Asks the BFF again who is signed in (after a 401). */
export function useRefreshSession(): () => Promise<void> {
  const client = useQueryClient();
  // Whether or not a screen shows it now; a failed answer keeps who was known (see useSession).
  return useCallback(
    () =>
      client.query({ ...publicQueries.me, staleTime: 0 }).then(
        () => undefined,
        () => undefined,
      ),
    [client],
  );
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
