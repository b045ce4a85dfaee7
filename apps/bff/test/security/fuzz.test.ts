/**
 * A fuzz of every procedure's input as a signed-in admin (every access check
 * passes, so every input reaches its validation): path traversal, encoded slashes, huge values,
 * unicode and control characters, wrong types, and prototype keys. No answer may be a 5xx, no
 * request may reach a game API path outside the contract (architecture §4), and nothing may
 * pollute Object.prototype.
 */
import { GAME_API_PATH_SAMPLES, SAMPLE_NUMBER, SAMPLE_SEGMENT } from '@nova/contracts/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigure } from '../figures';
import { call, isMutation, PROCEDURES, startTarget, type Target } from './fixture';

const HUGE = 'x'.repeat(100_000);
const VALUES: unknown[] = [
  '../../management/server-skins',
  '..',
  '%2e%2e%2f%2e%2e%2fmanagement',
  '..%2F..%2Fsync-manager%2Fsync-objects',
  'a/b',
  '..\\..\\windows',
  'x?admin=1#frag',
  '💥\u0000\u202e\uFFFF𝕏',
  HUGE,
  -1,
  1e308,
  2 ** 53 + 1,
  null,
  [],
  { nested: { deeper: ['..'] } },
];
const SHAPES: ((value: unknown) => unknown)[] = [
  (v) => v,
  (v) => ({ userId: v }),
  (v) => ({ id: v }),
  (v) => ({ userId: v, vehicleId: v }),
  (v) => ({ id: v, values: { name: v, description: v, plattform: v } }),
  (v) => ({ id: 1, values: v }),
  (v) => ({ plattform: v, teamspeakId: v, page: v, pageSize: v, query: v }),
];
const RAW_BODIES = [
  '{"__proto__":{"polluted":"yes"},"userId":"x"}',
  '{"constructor":{"prototype":{"polluted":"yes"}},"id":1}',
  '{"id":1,"values":{"__proto__":{"isAdmin":true},"name":"x"}}',
  `{"id":1,"values":{"name":"${'y'.repeat(2_000_000)}"}}`,
  '{"id":1,"values":',
];

/**
 * The contract's paths (every function of `gameApiPaths`, every catalogue of the registry) as
 * patterns: a string id is one segment of letters, digits, '_' and '-', a number id digits.
 */
const CONTRACT = Object.values(GAME_API_PATH_SAMPLES)
  .flat()
  .map((path) => {
    const pattern = path
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll(SAMPLE_SEGMENT, '[A-Za-z0-9_-]{1,64}')
      .replaceAll(String(SAMPLE_NUMBER), '\\d+');
    return new RegExp(`^${pattern}$`);
  });

describe('security: fuzz of every procedure input', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.close());

  it('no 5xx, no game API path outside the contract, no prototype pollution', async () => {
    target.api.reset();
    const headers = { 'x-csrf': '1', cookie: target.cookie('admin') };
    const serverErrors: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    for (const path of PROCEDURES) {
      const inputs = VALUES.flatMap((value) => SHAPES.map((shape) => shape(value)));
      const answers = await Promise.all(inputs.map((input) => call(target, path, { headers, input })));
      const raw = isMutation(path)
        ? await Promise.all(RAW_BODIES.map((body) => call(target, path, { headers, raw: body })))
        : await Promise.all(
            RAW_BODIES.slice(0, 3).map((body) =>
              target.app.inject({
                method: 'GET',
                url: `/trpc/${path}?input=${encodeURIComponent(body)}`,
                headers,
              }),
            ),
          );
      for (const response of [...answers, ...raw]) {
        requests++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          serverErrors.push(`${path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    const outside = target.api.requests.filter((r) => !CONTRACT.some((pattern) => pattern.test(r.path)));
    const byStatus = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(', ');
    reportFigure(
      `fuzz: ${requests} requests over ${PROCEDURES.length} procedures (${byStatus}); ${serverErrors.length} 5xx; ${target.api.requests.length} game API calls, ${outside.length} outside the contract`,
    );
    expect(serverErrors).toEqual([]);
    expect(outside.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.prototype).not.toHaveProperty('isAdmin');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // 5,668 requests: about 10 s on an idle machine, over 30 s on a shared, loaded one.
    // Every procedure's inputs one after the other: 120 s on a quiet machine was just enough, three
    // or four test files beside it on two busy cores took longer.
  }, 300_000);
});
