/**
 * Refused calls of administrative procedures leave a record with target and reason: the CSRF check,
 * an invalid bearer token, no sign-in, invalid input, the policy. A flood is counted, not written row
 * by row. The password change's outcome is recorded as one of three fixed values marked as the
 * browser's claim, never the text the callback address carried.
 */
import { auditDetailText } from '@nova/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RefusalBudget } from '../../src/audit/refusal-budget';
import { reportedPasswordStatus } from '../../src/auth/callback';
import { ownTestDatabase } from '../helpers';
import { call, startTarget, type Target } from './fixture';

const SPA = { 'x-csrf': '1' };

describe('security: refused calls of administrative procedures are recorded', () => {
  // A database of its own: the tests take every refusal added during a call as theirs, and other
  // files' apps write refusals into the shared one at the same time.
  const own = ownTestDatabase('refusals');
  let target: Target;
  beforeAll(async () => {
    await own.create();
    target = await startTarget({}, { database: own.database });
  });
  afterAll(async () => {
    await target.close();
    await own.drop();
  });

  async function refusals() {
    const { rows } = await target.app.nova.audit.list({ outcome: 'refused' }, { offset: 0, limit: 500 });
    return rows.map((row) => ({
      action: row.action,
      detail: row.detail,
      actor: row.actorName,
      target: [row.targetType, row.targetId],
    }));
  }

  /** The refusals `work` added, oldest first, once at least `count` of them are there. */
  async function newRefusals(count: number, work: () => Promise<unknown>) {
    const before = (await refusals()).length;
    await work();
    await expect.poll(async () => (await refusals()).length - before).toBeGreaterThanOrEqual(count);
    const all = await refusals();
    return all.slice(0, all.length - before).reverse();
  }

  it('a failed CSRF check on a catalogue write, with the procedure as target', async () => {
    const added = await newRefusals(1, async () => {
      const response = await call(target, 'catalogue.wantedReasons.remove', {
        input: { id: 7 },
        headers: { cookie: target.cookie('admin') },
      });
      expect(response.statusCode).toBe(403);
    });
    expect(added).toEqual([
      {
        action: 'catalogue.wantedReasons.remove',
        detail: 'csrf',
        actor: null,
        target: ['catalogue.wantedReasons', null],
      },
    ]);
  });

  it('an invalid bearer token on an administrative procedure; none for a public one', async () => {
    const added = await newRefusals(1, async () => {
      const forged = { authorization: `Bearer ${target.tokens.forged}` };
      expect((await call(target, 'syncManager.groups.list', { headers: forged })).statusCode).toBe(401);
      expect((await call(target, 'toplist.get', { headers: forged })).statusCode).toBe(401);
    });
    expect(added).toEqual([
      {
        action: 'syncManager.groups.list',
        detail: 'invalid-token',
        actor: null,
        target: ['sync.group', null],
      },
    ]);
  });

  it('no sign-in, invalid input and the policy, with the target the input names', async () => {
    const added = await newRefusals(4, async () => {
      expect(
        (await call(target, 'catalogue.wantedReasons.remove', { input: { id: 5 }, headers: SPA })).statusCode,
      ).toBe(401);
      const admin = { ...SPA, cookie: target.cookie('admin') };
      const invalid = await call(target, 'catalogue.wantedReasons.update', {
        input: { id: 12, values: { points: 'viele' } },
        headers: admin,
      });
      expect(invalid.statusCode).toBe(400);
      const player = { ...SPA, cookie: target.cookie('spieler') };
      const forbidden = await call(target, 'catalogue.wantedReasons.remove', {
        input: { id: 9, expected: {} },
        headers: player,
      });
      expect(forbidden.statusCode).toBe(403);
      // A read of the audit log by someone without the role is recorded too.
      expect((await call(target, 'audit.list', { input: {}, headers: player })).statusCode).toBe(403);
      // Own data is no administrative procedure: a refused read of it is not recorded.
      expect((await call(target, 'player.user', { headers: SPA })).statusCode).toBe(401);
    });
    // Written beside the answers, the four may land in any order.
    expect(added).toHaveLength(4);
    expect(added).toEqual(
      expect.arrayContaining([
        {
          action: 'catalogue.wantedReasons.remove',
          detail: 'unauthenticated',
          actor: null,
          target: ['catalogue.wantedReasons', '5'],
        },
        {
          action: 'catalogue.wantedReasons.update',
          detail: 'invalid-input',
          actor: 'admin',
          target: ['catalogue.wantedReasons', '12'],
        },
        {
          action: 'catalogue.wantedReasons.remove',
          detail: 'forbidden',
          actor: 'spieler',
          target: ['catalogue.wantedReasons', '9'],
        },
        { action: 'audit.list', detail: 'forbidden', actor: 'spieler', target: ['audit', null] },
      ]),
    );
    expect(target.api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('the export download: a refused request is recorded as the export', async () => {
    const added = await newRefusals(1, async () => {
      const response = await target.app.inject({
        method: 'GET',
        url: '/export/audit-log.csv',
        headers: { ...SPA, cookie: target.cookie('spieler') },
      });
      expect(response.statusCode).toBe(403);
    });
    expect(added).toEqual([
      { action: 'audit.export', detail: 'forbidden', actor: 'spieler', target: ['audit', null] },
    ]);
  });

  it('a flood from one address: 30 records a minute, the rest counted in one summary record', async () => {
    // The clock stands still at the start of a fresh minute, so the whole flood falls into it.
    const minute = Math.floor(Date.now() / 60_000) + 1;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(minute * 60_000 + 1_000);
      const flood = await newRefusals(30, async () => {
        for (let i = 0; i < 45; i++) {
          await call(target, 'catalogue.serverRadios.update', { input: { id: i }, headers: {} });
        }
      });
      expect(flood).toHaveLength(30);
      vi.setSystemTime((minute + 1) * 60_000 + 1_000);
      const next = await newRefusals(2, () =>
        call(target, 'catalogue.serverRadios.update', { input: { id: 99 }, headers: {} }),
      );
      expect(next).toEqual([
        { action: 'audit.refusals-dropped', detail: '15 dropped', actor: null, target: [null, null] },
        {
          action: 'catalogue.serverRadios.update',
          detail: 'csrf',
          actor: null,
          target: ['catalogue.serverRadios', null],
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the refusal budget', () => {
  it('per address and per instance, and the count of a minute that ended is reported once', () => {
    let now = 1_000 * 60_000;
    const budget = new RefusalBudget({ perClientPerMinute: 3, perInstancePerMinute: 5, now: () => now });
    const taken = (client: string) => budget.take(client).record;
    expect([taken('a'), taken('a'), taken('a'), taken('a')]).toEqual([true, true, true, false]);
    expect([taken('b'), taken('b'), taken('c')]).toEqual([true, true, false]);
    now += 60_000;
    expect(budget.take('a')).toEqual({ record: true, closed: 2, dropped: 0 });
    expect(budget.take('a').closed).toBe(0);
  });
});

describe('the password change as the browser reports it', () => {
  it('keeps one of three fixed values, never the text of the address', () => {
    expect(reportedPasswordStatus('success')).toBe('password-success-reported');
    expect(reportedPasswordStatus('cancelled')).toBe('password-cancelled-reported');
    expect(reportedPasswordStatus('=HYPERLINK("https://evil.example","x")')).toBe(
      'password-unknown-reported',
    );
    expect(reportedPasswordStatus(undefined)).toBe('password-unknown-reported');
    expect(auditDetailText('password-success-reported')).toBe('geändert (vom Browser gemeldet)');
    expect(auditDetailText('password-cancelled-reported')).toBe('abgebrochen (vom Browser gemeldet)');
    expect(auditDetailText('7 dropped')).toBe(
      '7 weitere Ablehnungen nur gezählt, nicht einzeln protokolliert',
    );
  });
});
