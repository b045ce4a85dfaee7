/**
 * The realm's users: the demo accounts of `@nova/demo` and the ones only the stand-in knows (a very
 * long username), copied per server so that a password change
 * (kc_action=UPDATE_PASSWORD) lives in memory until the server stops and never leaks between tests.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { ALL_ROLES, ROLES } from '@nova/domain';

import {
  DEMO_ACCOUNTS,
  DEMO_IDP_ONLY_ACCOUNTS,
  DEMO_INTEGRATOR_CLIENT_ID,
  DEMO_REALM,
  type DemoAccount,
} from '@nova/demo';

/** Keycloak gives every user these realm roles through `default-roles-{realm}`. */
export const DEFAULT_REALM_ROLES = [
  'offline_access',
  'uma_authorization',
  `default-roles-${DEMO_REALM}`,
] as const;

export interface ServiceAccount {
  /** Stable id of the service-account user (Keycloak creates one user per service-account client). */
  id: string;
  clientId: string;
  username: string;
  /** Web roles the service account holds (Keycloak: "Service account roles"), as realm roles. */
  realmRoles: readonly string[];
}

/**
 * The integrator's service account: a fixed id and the administrative web roles, so that the demo's
 * scripts can read and write catalogues, the sync manager and the audit log. What one token may do is
 * limited by the scopes it asks for (decision 081); machine clients never delete. Players' privacy
 * requests are personal data handled by people only, so the bot does not hold `web:admin:privacy`.
 */
export const SERVICE_ACCOUNTS: Readonly<Record<string, ServiceAccount>> = {
  [DEMO_INTEGRATOR_CLIENT_ID]: {
    id: '0c7e5a94-1f2d-4b3a-8e6f-9d4c2b1a0e57',
    clientId: DEMO_INTEGRATOR_CLIENT_ID,
    username: `service-account-${DEMO_INTEGRATOR_CLIENT_ID}`,
    realmRoles: ALL_ROLES.filter((role) => role !== ROLES.beta && role !== ROLES.privacy),
  },
};

export interface Account {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly customname: readonly string[];
  readonly realmRoles: readonly string[];
  readonly clientRoles: readonly string[];
}

export interface AccountStore {
  findById(id: string): Account | undefined;
  /** Username (case-insensitive, like Keycloak) or e-mail plus password; undefined when wrong. */
  verify(usernameOrEmail: string, password: string): Account | undefined;
  setPassword(id: string, password: string): void;
  all(): readonly Account[];
}

/** Compares digests so the comparison takes the same time whatever the lengths. */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function createAccountStore(
  seed: readonly DemoAccount[] = [...Object.values(DEMO_ACCOUNTS), ...Object.values(DEMO_IDP_ONLY_ACCOUNTS)],
): AccountStore {
  const accounts = new Map<string, Account>();
  const passwords = new Map<string, string>();
  for (const demo of seed) {
    accounts.set(demo.id, {
      id: demo.id,
      username: demo.username.toLowerCase(),
      email: demo.email,
      customname: [...demo.customname],
      realmRoles: [...demo.realmRoles],
      clientRoles: [...demo.clientRoles],
    });
    passwords.set(demo.id, demo.password);
  }

  function lookup(usernameOrEmail: string): Account | undefined {
    const wanted = usernameOrEmail.trim().toLowerCase();
    if (!wanted) return undefined;
    for (const account of accounts.values()) {
      if (account.username === wanted || account.email.toLowerCase() === wanted) return account;
    }
    return undefined;
  }

  return {
    findById: (id) => accounts.get(id),
    verify(usernameOrEmail, password) {
      const account = lookup(usernameOrEmail);
      const expected = account ? passwords.get(account.id) : undefined;
      // Compare even for unknown users so that timing does not reveal which usernames exist.
      const ok = constantTimeEqual(password, expected ?? '\u0000no-such-user');
      return ok && account && expected !== undefined ? account : undefined;
    },
    setPassword(id, password) {
      if (!accounts.has(id)) throw new Error(`unknown account ${id}`);
      passwords.set(id, password);
    },
    all: () => [...accounts.values()],
  };
}

/** Display name: Keycloak's `name` claim; here the first `customname` entry (specification §3). */
export function displayName(account: Account): string {
  return account.customname[0] ?? account.username;
}
