/**
 * ARCHITECTURE §5: one policy table decides every procedure; deny by default. The expectations here
 * are written by hand, role by role, and do not use the policy code they test: a broken role check,
 * a procedure missing from the table or a new procedure without an entry below makes this fail.
 */
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers';
import { reasonOf } from '../src/trpc/errors';
import { callerFor, principal } from './caller';
import { startMockGameApi, type MockGameApi } from './mock-game-api';

const HUB = 'web:admin:server-manager';

/** Who calls; roles spelled out as Keycloak would send them. */
const WHO = {
  anonymous: null,
  spieler: principal('spieler-id', []),
  beta: principal('beta-id', ['web:beta']),
  admin: principal('admin-id', [
    'web:beta',
    'web:admin',
    'web:admin:sync-manager',
    HUB,
    'web:admin:server-manager:achievement',
    'web:admin:server-manager:car',
    'web:admin:server-manager:skin',
    'web:admin:server-manager:radio',
    'web:admin:server-manager:wanted',
  ]),
  achiever: principal('achiever-id', ['web:beta', HUB, 'web:admin:server-manager:achievement']),
  skinner: principal('skinner-id', ['web:beta', HUB, 'web:admin:server-manager:skin']),
  radioer: principal('radio-id', ['web:beta', HUB, 'web:admin:server-manager:radio']),
  wanteder: principal('wanted-id', ['web:beta', HUB, 'web:admin:server-manager:wanted']),
  driver: principal('driver-id', ['web:beta', HUB, 'web:admin:server-manager:car']),
  /** A catalogue role without the hub's role: the manager routes are children of the hub. */
  carOnly: principal('car-only-id', ['web:admin:server-manager:car']),
  syncer: principal('syncer-id', ['web:admin:sync-manager']),
  /** A machine client (decision 053): only what the policy grants machines by name. */
  integrator: {
    ...principal('service-account', [HUB, 'web:admin:server-manager:wanted']),
    via: 'bearer',
    machine: true,
    clientId: 'integrator',
  },
} as const;

type Who = keyof typeof WHO;
const SIGNED_IN: Who[] = [
  'spieler',
  'beta',
  'admin',
  'achiever',
  'skinner',
  'radioer',
  'wanteder',
  'driver',
  'carOnly',
  'syncer',
];
const EVERYONE: Who[] = ['anonymous', ...SIGNED_IN, 'integrator'];

/** Every procedure of the router with the callers it allows. */
const ALLOWED: Record<string, Who[]> = {
  'session.me': EVERYONE,
  'toplist.get': EVERYONE,
  'calendar.list': EVERYONE,
  'player.user': SIGNED_IN,
  'player.profile': SIGNED_IN,
  'player.achievements': SIGNED_IN,
  'player.coupons': SIGNED_IN,
  'player.inventory': SIGNED_IN,
  'player.licenses': SIGNED_IN,
  'player.bankAccounts': SIGNED_IN,
  'player.weaponSkills': SIGNED_IN,
  'player.skins': SIGNED_IN,
  'player.skills': SIGNED_IN,
  'player.vehicles': SIGNED_IN,
  'player.vehicle': SIGNED_IN,
  'audit.list': ['admin'],
  'audit.chain': ['admin'],
  'account.sessions': SIGNED_IN,
  'account.endSession': SIGNED_IN,
  'account.endOtherSessions': SIGNED_IN,
  'catalogue.achievements.list': ['admin', 'achiever'],
  'catalogue.achievements.create': ['admin', 'achiever'],
  'catalogue.achievements.update': ['admin', 'achiever'],
  'catalogue.achievements.remove': ['admin', 'achiever'],
  'catalogue.vehicleTypes.list': ['admin', 'driver'],
  'catalogue.vehicleTypes.create': [],
  'catalogue.vehicleTypes.update': ['admin', 'driver'],
  'catalogue.vehicleTypes.remove': [],
  'catalogue.serverSkins.list': ['admin', 'skinner'],
  'catalogue.serverSkins.create': ['admin', 'skinner'],
  'catalogue.serverSkins.update': ['admin', 'skinner'],
  'catalogue.serverSkins.remove': ['admin', 'skinner'],
  'catalogue.serverRadios.list': ['admin', 'radioer'],
  'catalogue.serverRadios.create': ['admin', 'radioer'],
  'catalogue.serverRadios.update': ['admin', 'radioer'],
  'catalogue.serverRadios.remove': ['admin', 'radioer'],
  'catalogue.wantedReasons.list': ['admin', 'wanteder', 'integrator'],
  'catalogue.wantedReasons.create': ['admin', 'wanteder', 'integrator'],
  'catalogue.wantedReasons.update': ['admin', 'wanteder', 'integrator'],
  'catalogue.wantedReasons.remove': ['admin', 'wanteder'],
  'externalAccounts.status': SIGNED_IN,
  'externalAccounts.linkTeamspeak': SIGNED_IN,
  'externalAccounts.unlink': SIGNED_IN,
  'externalAccounts.sync': SIGNED_IN,
  'syncManager.objects.list': ['admin', 'syncer'],
  'syncManager.objects.create': ['admin', 'syncer'],
  'syncManager.objects.update': ['admin', 'syncer'],
  'syncManager.objects.remove': ['admin', 'syncer'],
  'syncManager.groups.list': ['admin', 'syncer'],
  'syncManager.groups.create': ['admin', 'syncer'],
  'syncManager.groups.update': ['admin', 'syncer'],
  'syncManager.groups.remove': ['admin', 'syncer'],
};

type AnyCall = (input: unknown) => Promise<unknown>;

function procedureOf(caller: object, path: string): AnyCall {
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  return target as AnyCall;
}

describe('policy table', () => {
  let api: MockGameApi;
  beforeAll(async () => {
    api = await startMockGameApi(); // answers 404 to everything: only the policy's verdict matters
  });
  afterAll(() => api.close());

  it('has a hand-written expectation for every procedure of the router, and no other', () => {
    expect(Object.keys(appRouter._def.procedures).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  const cases = Object.entries(ALLOWED).flatMap(([path, allowed]) =>
    EVERYONE.map((who) => ({
      path,
      who,
      // A procedure nobody may call is refused outright, before asking who calls (deny by default).
      expected: allowed.includes(who)
        ? 'allow'
        : who === 'anonymous' && allowed.length > 0
          ? 'unauthenticated'
          : 'forbidden',
    })),
  );

  it.each(cases)('$path as $who: $expected', async ({ path, who, expected }) => {
    const call = procedureOf(callerFor(WHO[who], api.url, { timeoutMs: 500 }), path);
    const outcome = await call({}).then(
      () => 'allow',
      (error: unknown) => {
        if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return 'unauthenticated';
        // The step-up refusal (a reasoned FORBIDDEN) comes after the policy allowed the call.
        if (error instanceof TRPCError && error.code === 'FORBIDDEN' && reasonOf(error) === null)
          return 'forbidden';
        return 'allow'; // refused by something else than the policy (input, upstream 404)
      },
    );
    expect(outcome).toBe(expected);
  });
});
