/**
 * ARCHITECTURE §5: one policy table decides every procedure; deny by default. Every procedure of the
 * router must be in the table (and the table must not name procedures that do not exist), and every
 * procedure × every demo account is answered exactly as the table says.
 */
import { DEMO_ACCOUNTS } from '@nova/demo';
import { decide, PROCEDURE_POLICY, procedureAccess } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers';
import { callerFor, principal } from './caller';
import { startMockGameApi, type MockGameApi } from './mock-game-api';

const procedures = Object.keys(appRouter._def.procedures).sort();

const accounts = [
  { name: 'anonymous', who: null },
  ...Object.values(DEMO_ACCOUNTS).map((a) => ({
    name: a.username,
    who: principal(a.id, [...a.realmRoles, ...a.clientRoles]),
  })),
];

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

  it('names every procedure of the router, and nothing else', () => {
    expect(procedures.length).toBeGreaterThan(0);
    expect(procedures.filter((p) => !procedureAccess(p))).toEqual([]);
    expect(Object.keys(PROCEDURE_POLICY).sort()).toEqual(procedures);
  });

  const cases = procedures.flatMap((path) => accounts.map((account) => ({ path, ...account })));

  it.each(cases)('$path as $name', async ({ path, who }) => {
    const expected = decide(procedureAccess(path), who);
    const call = procedureOf(callerFor(who, api.url, { timeoutMs: 500 }), path);
    const outcome = await call({}).then(
      () => 'allow',
      (error: unknown) => {
        if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return 'unauthenticated';
        if (error instanceof TRPCError && error.code === 'FORBIDDEN') return 'forbidden';
        return 'allow'; // refused by something else than the policy (input, upstream 404)
      },
    );
    expect(outcome).toBe(expected);
  });
});
