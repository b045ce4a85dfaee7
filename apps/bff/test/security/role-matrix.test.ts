/**
 * The role matrix over HTTP. Every procedure × every kind of caller: anonymous, a
 * browser session per role combination, an integrator's bearer token, and bearer tokens that must
 * never pass (an ID token, an expired token, `alg: none`, a foreign signature, HS256 with a guessable
 * secret, another audience). The expectations are the hand-written access table the policy test
 * reads too (test/access-table.ts), not the policy under test; a procedure it does not name fails.
 *
 * A = passes the access check (any answer but 401/403), U = 401, F = 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigure } from '../figures';
import { ALLOWED, CALLERS, expectedVerdict, PEOPLE, type Caller, type Person } from '../access-table';
import { call, PROCEDURES, startTarget, type BearerWho, type Target } from './fixture';

type Who = Caller | BearerWho;
const BAD_TOKENS: BearerWho[] = ['idToken', 'expired', 'algNone', 'forged', 'hs256', 'wrongAudience'];
const WHO: Who[] = [...CALLERS, ...BAD_TOKENS];
const LETTER = { allow: 'A', unauthenticated: 'U', forbidden: 'F' } as const;

/**
 * The German refusal: the integrator's token does not ask for `nova.webhooks`, so the procedures
 * granted to machines with that scope name it (decision 081); every other refusal is the same.
 */
function refusalOf(path: string, who: Who): string {
  return who === 'integrator' && path.startsWith('webhooks.') && path !== 'webhooks.remove'
    ? 'Diesem Zugang fehlt der Scope „nova.webhooks“. Bitte gib dem Client diesen Scope im Anmeldedienst und fordere ihn beim Token an.'
    : 'Sorry, hierfür besitzt du keine Berechtigung.';
}

function expected(path: string, who: Who): 'A' | 'U' | 'F' {
  if ((BAD_TOKENS as string[]).includes(who)) return 'U'; // never a fallback, not even to public
  return LETTER[expectedVerdict(path, who as Caller)];
}

describe('security: the role matrix over HTTP', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.close());

  function headersOf(who: Who): Record<string, string> {
    if (who === 'anonymous') return { 'x-csrf': '1' };
    if ((PEOPLE as string[]).includes(who)) return { 'x-csrf': '1', cookie: target.cookie(who as Person) };
    return { authorization: `Bearer ${target.tokens[who as BearerWho]}` };
  }

  it('the hand-written table names every procedure of the router, and nothing else', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(PROCEDURES);
  });

  it('every procedure × every caller answers as the table says', async () => {
    const mismatches: string[] = [];
    const tally = { A: 0, U: 0, F: 0 };
    let cells = 0;
    let serverErrors = 0;
    for (const path of PROCEDURES) {
      const answers = await Promise.all(
        WHO.map(async (who) => ({ who, response: await call(target, path, { headers: headersOf(who) }) })),
      );
      for (const { who, response } of answers) {
        cells++;
        const status = response.statusCode;
        if (status >= 500) serverErrors++;
        const got = status === 401 ? 'U' : status === 403 ? 'F' : 'A';
        tally[got]++;
        const want = expected(path, who);
        if (got !== want) mismatches.push(`${path} × ${who}: expected ${want}, got ${status}`);
        if (got === 'F')
          expect(response.json<{ error: { message: string } }>().error.message).toBe(refusalOf(path, who));
      }
    }
    reportFigure(
      `role matrix: ${cells} cells (${PROCEDURES.length} procedures × ${WHO.length} callers): ${tally.A} allowed, ${tally.U} 401, ${tally.F} 403; ${mismatches.length} unexpected, ${serverErrors} 5xx`,
    );
    expect(mismatches).toEqual([]);
    expect(serverErrors).toBe(0);
    // 1,300 calls: about 20 s on a quiet machine of two cores (decision 095 sizes waits for load).
  }, 90_000);
});
