import type { Me } from '@nova/contracts';
import { initialMe } from '../config/public-config';
import { trpc } from './trpc';

const injected = initialMe();

export type SessionState = { status: 'loading' } | { status: 'ready'; me: Me };

/**
 * Who is signed in. The BFF puts this into index.html, so the first render needs no request; it
 * is asked again after a 401 (see app/providers.tsx).
 */
export function useSession(): SessionState {
  const query = trpc.session.me.useQuery(undefined, {
    staleTime: Infinity,
    ...(injected ? { initialData: injected } : {}),
  });
  if (query.data) return { status: 'ready', me: query.data };
  if (query.isError) return { status: 'ready', me: { signedIn: false } };
  return { status: 'loading' };
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
