import { describe, expect, it } from 'vitest';
import { SharedCache } from './shared-cache';

describe('SharedCache', () => {
  it('shares one load among concurrent and later callers until it expires', async () => {
    let now = 0;
    let loads = 0;
    const cache = new SharedCache(10_000, () => now);
    const load = () => Promise.resolve(++loads);
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    now = 9_999;
    expect(await cache.get('k', load)).toBe(1);
    now = 10_000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep failures', async () => {
    const cache = new SharedCache(10_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve('up'))).toBe('up');
  });
});
