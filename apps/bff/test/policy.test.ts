/**
 * Architecture §5: one policy table decides every procedure; deny by default. The expectations are
 * the hand-written access table (test/access-table.ts), not the policy code they test: a broken role
 * check, a procedure missing from the policy or a new procedure without an entry makes this fail.
 */
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers';
import { reasonOf } from '../src/kinds/errors';
import type { Principal } from '../src/kinds/principal';
import {
  ALLOWED,
  CALLERS,
  expectedVerdict,
  INTEGRATOR_ROLES,
  INTEGRATOR_SCOPES,
  PEOPLE,
  ROLES_OF,
  type Caller,
  type Person,
} from './access-table';
import { callerFor, principal } from './caller';
import { startMockGameApi, type MockGameApi } from './mock-game-api';

/** Each caller of the table as the procedures see it. */
const PRINCIPALS: Record<Caller, Principal | null> = {
  anonymous: null,
  ...(Object.fromEntries(PEOPLE.map((who) => [who, principal(`${who}-id`, [...ROLES_OF[who]])])) as Record<
    Person,
    Principal
  >),
  integrator: {
    ...principal('service-account', INTEGRATOR_ROLES),
    via: 'bearer',
    machine: true,
    clientId: 'integrator',
    scopes: INTEGRATOR_SCOPES,
  },
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

  const cases = Object.keys(ALLOWED).flatMap((path) =>
    CALLERS.map((who) => ({ path, who, expected: expectedVerdict(path, who) })),
  );

  it.each(cases)('$path as $who: $expected', async ({ path, who, expected }) => {
    const call = procedureOf(callerFor(PRINCIPALS[who], api.url, { timeoutMs: 500 }), path);
    const outcome = await call({}).then(
      () => 'allow',
      (error: unknown) => {
        if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return 'unauthenticated';
        // The step-up refusal (a reasoned FORBIDDEN) comes after the policy allowed the call.
        // A machine client's missing scope is the policy's own refusal (decision 081).
        if (
          error instanceof TRPCError &&
          error.code === 'FORBIDDEN' &&
          (reasonOf(error) === null || reasonOf(error) === 'MISSING_SCOPE')
        )
          return 'forbidden';
        return 'allow'; // refused by something else than the policy (input, upstream 404)
      },
    );
    expect(outcome).toBe(expected);
  });
});
