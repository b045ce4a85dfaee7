/**
 * Demo accounts and players shared by dev-idp (identity) and game-api-sim (game data), so that a
 * demo sign-in finds its player. Production never loads this package.
 */
import { ROLES, type Role } from '@nova/domain';

export const DEMO_REALM = 'nova';
export const DEMO_CLIENT_ID = 'nova-web';
export const DEMO_CLIENT_SECRET = 'nova-web-dev-secret';
export const DEMO_INTEGRATOR_CLIENT_ID = 'integrator';
export const DEMO_INTEGRATOR_SECRET = 'integrator-dev-secret';
/** A second relying party of the same realm, standing in for the forum (single sign-on, logout). */
export const DEMO_FORUM_CLIENT_ID = 'forum';
export const DEMO_FORUM_CLIENT_SECRET = 'forum-dev-secret';

export interface DemoAccount {
  id: string;
  username: string;
  password: string;
  /** Keycloak user attribute `customname`; the first entry is the display name. */
  customname: string[];
  email: string;
  realmRoles: Role[];
  /** Roles of the BFF's client (`resource_access[DEMO_CLIENT_ID].roles`). */
  clientRoles: Role[];
}

/** Architecture §3: spieler (no web roles), beta (web:beta), admin (every web:* role, split). */
export const DEMO_ACCOUNTS = {
  spieler: {
    id: '3f6c2a1e-8b4d-4c2e-9a7f-5d1e0c9b7a21',
    username: 'spieler',
    password: 'spieler',
    customname: ['Jonas_Weber'],
    email: 'spieler@nova-legacy.example',
    realmRoles: [],
    clientRoles: [],
  },
  beta: {
    id: '7a2e9d14-3c6b-4f81-b5d0-2e8f1a6c4b93',
    username: 'beta',
    password: 'beta',
    customname: ['Lena_Hoffmann'],
    email: 'beta@nova-legacy.example',
    realmRoles: [ROLES.beta],
    clientRoles: [],
  },
  admin: {
    id: 'b91d4e7c-2f3a-4d6e-8c15-9a0b3e7f2d58',
    username: 'admin',
    password: 'admin',
    customname: ['Admin_Nova'],
    email: 'admin@nova-legacy.example',
    realmRoles: [ROLES.beta, ROLES.admin, ROLES.syncManager, ROLES.serverManager, ROLES.privacy],
    clientRoles: [
      ROLES.achievementManager,
      ROLES.carManager,
      ROLES.skinManager,
      ROLES.radioManager,
      ROLES.wantedManager,
      ROLES.webhooks,
    ],
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;

/** Players the simulator knows that have no identity account. */
export const DEMO_PLAYERS = {
  /** A brand-new character: a profile with starting values and no data in any list. */
  empty: { id: '5e1f0c3a-9d2b-4e7f-a6c8-0b3d2f1e4a77', username: 'Neuling_Neu' },
  /** A player whose data the simulator refuses (403) to everyone but themselves. */
  hidden: { id: '9c4b2d1f-6e8a-4b3c-8d7e-1f0a2b3c4d5e', username: 'Vera_Verborgen' },
} as const;

/**
 * Accounts that only the identity stand-in knows (not the three demo accounts of the README): a
 * player whose Teamspeak nickname (3 + username + 3 characters, specification §9.9) would be longer
 * than Teamspeak's 30 characters – the simulator's brand-new player `DEMO_PLAYERS.empty`, so its
 * pages work, and it never links anything – and a player who asks to be forgotten.
 */
export const DEMO_IDP_ONLY_ACCOUNTS = {
  langname: {
    id: DEMO_PLAYERS.empty.id,
    username: 'neuling_mit_einem_sehr_langen_namen',
    password: 'langname',
    customname: [DEMO_PLAYERS.empty.username],
    email: 'langname@nova-legacy.example',
    realmRoles: [],
    clientRoles: [],
  },
  /**
   * A player who asks to be forgotten (decision 100): the simulator's `DEMO_PLAYERS.hidden`, so that
   * ending their sessions and pseudonymising them touches no account another test signs in with.
   */
  loeschen: {
    id: DEMO_PLAYERS.hidden.id,
    username: 'vera_verborgen',
    password: 'loeschen',
    customname: [DEMO_PLAYERS.hidden.username],
    email: 'loeschen@nova-legacy.example',
    realmRoles: [],
    clientRoles: [],
  },
} as const satisfies Record<string, DemoAccount>;

/**
 * Teamspeak unique identities the simulator's stand-in Teamspeak server "knows" (clients that are
 * connected and not linked yet): linking one of them succeeds, any other identity answers 404
 * (specification §7). Shown in the README so a demo user can walk through the wizard.
 */
export const DEMO_TEAMSPEAK_IDENTITIES = [
  'u8Xh3kQ9vR2mN5pL7sT1wY4zA6c=',
  'Qm4s8Tz1Lk7Pw2Rn5Vb9Xc3Hd6f=',
  'Ke2r7Yp4Ns9Dq1Wm6Jt3Gv8Bx5h=',
  'Zc5n1Hw8Rf3Ut6Mk9Pa2Ly7Ej4g=',
] as const;

/** The Discord stand-in's OAuth client (apps/discord-sim), used when DISCORD_CLIENT_ID is unset. */
export const DEMO_DISCORD_CLIENT_ID = '1300000000000000001';
export const DEMO_DISCORD_CLIENT_SECRET = 'discord-dev-secret';
