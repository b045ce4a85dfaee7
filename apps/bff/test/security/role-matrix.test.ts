/**
 * Issue 9, item 7: the role matrix over HTTP. Every procedure × every kind of caller: anonymous, a
 * browser session per role combination, an integrator's bearer token, and bearer tokens that must
 * never pass (an ID token, an expired token, `alg: none`, a foreign signature, HS256 with a guessable
 * secret, another audience). The expectations are written by hand below, not computed from the
 * policy table under test; a procedure the table does not name fails the suite.
 *
 * A = passes the access check (any answer but 401/403), U = 401, F = 403.
 */
import { ERROR_MESSAGES } from '@nova/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigure } from '../figures';
import { call, PROCEDURES, startTarget, type BearerWho, type SessionWho, type Target } from './fixture';

type Who = 'anonymous' | SessionWho | BearerWho;
const SESSIONS: SessionWho[] = [
  'spieler',
  'beta',
  'admin',
  'achiever',
  'driver',
  'skinner',
  'radioer',
  'wanteder',
  'carOnly',
  'hubOnly',
  'syncer',
  'adminOnly',
];
const BAD_TOKENS: BearerWho[] = ['idToken', 'expired', 'algNone', 'forged', 'hs256', 'wrongAudience'];
const WHO: Who[] = ['anonymous', ...SESSIONS, 'integrator', ...BAD_TOKENS];

// Written by hand from doc 1 §2.1/§6 and decisions 007, 023 and 053 — who may call what. The
// integrator is a machine client: only what the policy grants machines by name (no player data, no
// own-account procedures, no deletes).
const SIGNED_IN = SESSIONS.join(' ');
const EVERYONE = `anonymous ${SIGNED_IN} integrator`;
const ALLOWED: Record<string, string> = {
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
  'externalAccounts.status': SIGNED_IN,
  'externalAccounts.linkTeamspeak': SIGNED_IN,
  'externalAccounts.unlink': SIGNED_IN,
  'externalAccounts.sync': SIGNED_IN,
  'account.sessions': SIGNED_IN,
  'account.endSession': SIGNED_IN,
  'account.endOtherSessions': SIGNED_IN,
  'audit.list': 'admin adminOnly',
  'audit.chain': 'admin adminOnly',
  'syncManager.objects.list': 'admin syncer',
  'syncManager.objects.create': 'admin syncer',
  'syncManager.objects.update': 'admin syncer',
  'syncManager.objects.remove': 'admin syncer',
  'syncManager.groups.list': 'admin syncer',
  'syncManager.groups.create': 'admin syncer',
  'syncManager.groups.update': 'admin syncer',
  'syncManager.groups.remove': 'admin syncer',
  // Server Management: the hub's role and the catalogue's own (carOnly and hubOnly are refused).
  'catalogue.achievements.list': 'admin achiever',
  'catalogue.achievements.create': 'admin achiever',
  'catalogue.achievements.update': 'admin achiever',
  'catalogue.achievements.remove': 'admin achiever',
  'catalogue.vehicleTypes.list': 'admin driver',
  'catalogue.vehicleTypes.update': 'admin driver',
  // The router has them, the vehicle catalogue cannot create or delete (doc 2): refused to everyone,
  // anonymous included (deny by default: no entry in the policy table).
  'catalogue.vehicleTypes.create': '',
  'catalogue.vehicleTypes.remove': '',
  'catalogue.serverSkins.list': 'admin skinner',
  'catalogue.serverSkins.create': 'admin skinner',
  'catalogue.serverSkins.update': 'admin skinner',
  'catalogue.serverSkins.remove': 'admin skinner',
  'catalogue.serverRadios.list': 'admin radioer',
  'catalogue.serverRadios.create': 'admin radioer',
  'catalogue.serverRadios.update': 'admin radioer',
  'catalogue.serverRadios.remove': 'admin radioer',
  'catalogue.wantedReasons.list': 'admin wanteder integrator',
  'catalogue.wantedReasons.create': 'admin wanteder integrator',
  'catalogue.wantedReasons.update': 'admin wanteder integrator',
  'catalogue.wantedReasons.remove': 'admin wanteder',
};

function expected(path: string, who: Who): 'A' | 'U' | 'F' {
  if ((BAD_TOKENS as string[]).includes(who)) return 'U'; // never a fallback, not even to public
  if (ALLOWED[path] === '') return 'F';
  if (ALLOWED[path]?.split(' ').includes(who)) return 'A';
  return who === 'anonymous' ? 'U' : 'F';
}

describe('security: the role matrix over HTTP', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.close());

  function headersOf(who: Who): Record<string, string> {
    if (who === 'anonymous') return { 'x-csrf': '1' };
    if ((SESSIONS as string[]).includes(who))
      return { 'x-csrf': '1', cookie: target.cookie(who as SessionWho) };
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
          expect(response.json<{ error: { message: string } }>().error.message).toBe(
            ERROR_MESSAGES.FORBIDDEN,
          );
      }
    }
    reportFigure(
      `role matrix: ${cells} cells (${PROCEDURES.length} procedures × ${WHO.length} callers): ${tally.A} allowed, ${tally.U} 401, ${tally.F} 403; ${mismatches.length} unexpected, ${serverErrors} 5xx`,
    );
    expect(mismatches).toEqual([]);
    expect(serverErrors).toBe(0);
  });
});
