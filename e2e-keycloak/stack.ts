/**
 * Where the Keycloak suite's stack listens: the real Keycloak (scripts/keycloak.mjs) on
 * E2E_KEYCLOAK_PORT, the BFF and the game API simulator on the dev-idp suite's ports (the two suites
 * run one after the other).
 */
import { DEMO_ACCOUNTS, DEMO_PLAYERS } from '@nova/demo';
import { ROLES, type Role } from '@nova/domain';
import { E2E } from '../e2e/stack';

const keycloakPort = Number(process.env.E2E_KEYCLOAK_PORT ?? 8280);

export const KC = {
  ...E2E,
  keycloakPort,
  keycloakManagementPort: Number(process.env.E2E_KEYCLOAK_MANAGEMENT_PORT ?? keycloakPort + 1),
  keycloak: `http://localhost:${keycloakPort}`,
  issuer: `http://localhost:${keycloakPort}/realms/nova`,
  realm: 'nova',
  clientId: 'nova-web',
  clientSecret: 'nova-web-keycloak-test-secret',
  integratorId: 'integrator',
  integratorSecret: 'integrator-keycloak-test-secret',
  /** A service-account client without the audience mapper: its tokens are not meant for the BFF. */
  foreignClientId: 'fremder-dienst',
  foreignClientSecret: 'fremder-dienst-test-secret',
  admin: { username: 'kc-admin', password: 'kc-admin-test-password' },
  /** Short access tokens: below the BFF's 20 s refresh leeway, every use of one refreshes first. */
  accessTokenLifespanSeconds: 15,
  /** The BFF's STEP_UP_MAX_AGE_SECONDS here: a delete needs a sign-in at most this old. */
  stepUpMaxAgeSeconds: 15,
} as const;

export interface KcUser {
  id: string;
  username: string;
  password: string;
  customname: string[];
  realmRoles: Role[];
  clientRoles: Role[];
}

const demo = (name: keyof typeof DEMO_ACCOUNTS): KcUser => {
  const account = DEMO_ACCOUNTS[name];
  return {
    id: account.id,
    username: account.username,
    password: `${account.password}-kc`,
    customname: [...account.customname],
    realmRoles: [...account.realmRoles],
    clientRoles: [...account.clientRoles],
  };
};

/**
 * The suite's users. The demo accounts keep their ids, so the game API simulator finds their players;
 * `abmelder`, `ausloggen`, `passwort`, `kennwort`, `loescher` and `geraete` have tests of their own that end,
 * renew or change their sessions.
 */
export const USERS = {
  spieler: demo('spieler'),
  beta: demo('beta'),
  admin: demo('admin'),
  abmelder: {
    id: DEMO_PLAYERS.empty.id,
    username: 'abmelder',
    password: 'abmelder-kc',
    customname: [DEMO_PLAYERS.empty.username],
    realmRoles: [],
    clientRoles: [ROLES.beta],
  },
  /** No player in the game API: its tests need the session only. */
  ausloggen: {
    id: 'd3b07384-d9a0-4c1f-9e8b-2a7c6f5e4b31',
    username: 'ausloggen',
    password: 'ausloggen-kc',
    customname: ['Aus_Loggen'],
    realmRoles: [],
    clientRoles: [],
  },
  /** An administrator of its own: re-authenticates before deleting (step-up). */
  loescher: {
    id: '4c8e1a2b-7d3f-4e5a-9b6c-0d1e2f3a4b5c',
    username: 'loescher',
    password: 'loescher-kc',
    customname: ['Lars_Loescher'],
    realmRoles: [...DEMO_ACCOUNTS.admin.realmRoles],
    clientRoles: [...DEMO_ACCOUNTS.admin.clientRoles],
  },
  /** Signs in from two browsers and ends one of them (own sessions). No player. */
  geraete: {
    id: '8f2d6b4a-1c3e-4a5b-8d7f-9e0a1b2c3d4e',
    username: 'geraete',
    password: 'geraete-kc',
    customname: ['Gerd_Geraete'],
    realmRoles: [],
    clientRoles: [],
  },
  /** Changes the password while signed in elsewhere (own sessions). No player. */
  kennwort: {
    id: '2b7c9e1d-4f6a-4c8b-9d0e-1f2a3b4c5d6e',
    username: 'kennwort',
    password: 'kennwort-kc',
    customname: ['Karl_Kennwort'],
    realmRoles: [],
    clientRoles: [],
  },
  passwort: {
    id: DEMO_PLAYERS.hidden.id,
    username: 'passwort',
    password: 'passwort-kc',
    customname: [DEMO_PLAYERS.hidden.username],
    realmRoles: [],
    clientRoles: [],
  },
} as const satisfies Record<string, KcUser>;

/** Realm roles the demo accounts hold (the realm export defines the web roles as client roles). */
export const REALM_ROLES: Role[] = [ROLES.beta, ROLES.admin, ROLES.syncManager, ROLES.serverManager];

/** Web roles of the integrator's service account (keycloak.setup.ts); its scopes limit each token. */
export const INTEGRATOR_ROLES: Role[] = [
  ROLES.admin,
  ROLES.syncManager,
  ROLES.serverManager,
  ROLES.wantedManager,
  ROLES.webhooks,
];
