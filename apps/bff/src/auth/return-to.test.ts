import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

const BASE = 'http://localhost:3000';

describe('returnTo', () => {
  it.each([
    ['/control-panel/user/inventory', '/control-panel/user/inventory'],
    ['/control-panel/user?tab=1#x', '/control-panel/user?tab=1#x'],
    ['/tickets', '/tickets'],
  ])('keeps the local path %s', (input, expected) => {
    expect(safeReturnTo(input, BASE)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3000.evil.example/',
    '/%0d%0aLocation:%20https://evil.example',
    '/\t/evil.example',
    '/auth/logout',
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/%2e//evil.example/x',
    '/a/..//evil.example',
    '/./\\evil.example',
    '/auth/login?returnTo=https://evil.example',
    '',
    'relative/path',
    undefined,
    42,
    `/${'a'.repeat(3000)}`,
  ])('sends open-redirect attempt %j to "/"', (input) => {
    const result = safeReturnTo(input, BASE);
    expect(result === '/' || result.startsWith('/%0d%0a')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(new URL(result, BASE).origin).toBe(BASE);
  });
});
