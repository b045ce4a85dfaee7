/**
 * Refused submissions of one person are summarised (decision 105): the first refusal of a request is
 * recorded at once, its repeats by the same person within the window are one summary record when
 * the window ends ("2 repeated": three refusals in all), written through the hold so the chain
 * stays intact; another person, target or reason is a record of its own.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { RefusalSummaries } from '../src/audit/refusal-budget';
import { auditRecordsOf, sharedTestDatabase } from './helpers';
import { sessionHeaders, withTestBff } from './test-bff';

describe('refusal summaries', () => {
  const bff = withTestBff();

  it('records one refusal of a repeated forbidden submission at once, not one per attempt', async () => {
    const id = randomInt(1_000_000, 1_000_000_000);
    const headers = {
      ...(await sessionHeaders(bff, { username: 'hannes', roles: ['web:admin:server-manager'] })),
      'content-type': 'application/json',
    };
    const values = { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 500 };
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await bff.app.inject({
        method: 'POST',
        url: '/trpc/catalogue.achievements.update',
        headers,
        payload: JSON.stringify({ id, values, expected: { id, ...values } }),
      });
      expect(response.statusCode).toBe(403);
    }
    const records = await auditRecordsOf('catalogue.achievements', id);
    expect(records.map((r) => [r.action, r.outcome, r.detail])).toEqual([
      ['catalogue.achievements.update', 'refused', 'forbidden'],
    ]);
  });

  it('writes the repeats of a window as one summary record when the window ends', async () => {
    let now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const summaries = new RefusalSummaries({ windowMs: 600_000, maxOpen: 10, now: () => now });
    const audit = new AuditLog(sharedTestDatabase(), undefined, undefined, summaries);
    const id = randomInt(1_000_000, 1_000_000_000);
    const entry = {
      actor: { id: 'id-ida', name: 'ida' },
      action: 'catalogue.serverRadios.update',
      target: { type: 'catalogue.serverRadios', id },
      detail: 'invalid-input',
    };
    expect(await audit.refused(entry)).toBe('recorded');
    now += 60_000;
    expect(await audit.refused(entry)).toBe('summarised');
    now += 60_000;
    expect(await audit.refused(entry)).toBe('summarised');
    // Another person, another reason: records of their own.
    expect(await audit.refused({ ...entry, actor: { id: 'id-jan', name: 'jan' } })).toBe('recorded');
    expect(await audit.refused({ ...entry, detail: 'forbidden' })).toBe('recorded');
    expect((await auditRecordsOf('catalogue.serverRadios', id)).map((r) => r.detail)).toEqual([
      'invalid-input',
      'invalid-input',
      'forbidden',
    ]);

    // Not before the window has ended …
    await audit.writeRefusalSummaries();
    expect(await auditRecordsOf('catalogue.serverRadios', id)).toHaveLength(3);
    // … then one record with the count, timed at the last repeat; a new attempt opens a new window.
    now += 9 * 60_000;
    expect(await audit.refused(entry)).toBe('recorded');
    const records = await auditRecordsOf('catalogue.serverRadios', id);
    expect(records.map((r) => [r.actor_name, r.outcome, r.detail])).toEqual([
      ['ida', 'refused', 'invalid-input'],
      ['jan', 'refused', 'invalid-input'],
      ['ida', 'refused', 'forbidden'],
      ['ida', 'refused', '2 repeated'],
      ['ida', 'refused', 'invalid-input'],
    ]);
    expect(new Date(records[3]!.at).getTime()).toBe(Date.UTC(2026, 10, 28, 12, 2, 0));

    // At shutdown the open window's repeats are written too.
    now += 60_000;
    expect(await audit.refused(entry)).toBe('summarised');
    await audit.close();
    expect((await auditRecordsOf('catalogue.serverRadios', id)).at(-1)?.detail).toBe('1 repeated');
    await audit.link();
    const chain = await audit.verifyChain();
    expect(chain, JSON.stringify(chain)).toMatchObject({ intact: true });
  });
});
