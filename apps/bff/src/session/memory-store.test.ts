/** The memory store hands out copies (decision 041 replaced structuredClone with a plain-data copy). */
import { describe, expect, it } from 'vitest';
import { copyPlain, MemorySessionStore } from './memory-store';
import type { SessionRecord } from './types';

const record = (): SessionRecord => ({
  userId: 'u1',
  sid: null,
  displayName: 'Jonas_Weber',
  createdAt: 1_000,
  lastSeenAt: 1_000,
  authTime: null,
  userAgent: undefined,
  auth: {
    accessToken: 'a',
    refreshToken: null,
    idToken: 'i',
    accessTokenExpiresAt: 61_000,
    username: 'spieler',
    roles: ['web:beta', 'web:admin'],
  },
});

describe('copyPlain', () => {
  it('copies plain data deeply, as structuredClone does', () => {
    const original = { ...record(), nested: [{ a: [1, 'x', null, true] }] };
    const copy = copyPlain(original);
    expect(copy).toStrictEqual(structuredClone(original));
    expect(copy.auth).not.toBe(original.auth);
    expect(copy.auth.roles).not.toBe(original.auth.roles);
    expect(copy.nested[0]).not.toBe(original.nested[0]);
  });
});

describe('the memory store', () => {
  it('keeps its records apart from what goes in and comes out', async () => {
    const store = new MemorySessionStore(() => 2_000);
    const given = record();
    await store.create('k', given, 60_000);
    given.auth.roles.push('changed-after-create');

    const first = await store.get('k');
    first?.auth.roles.push('changed-after-get');
    if (first) first.displayName = 'changed';

    const auth = { ...record().auth, roles: ['web:beta'] };
    await store.setAuth('k', auth);
    auth.roles.push('changed-after-setAuth');

    const [listed] = await store.listByUser('u1');
    listed?.record.auth.roles.push('changed-after-list');

    const stored = await store.get('k');
    expect(stored?.displayName).toBe('Jonas_Weber');
    expect(stored?.auth.roles).toEqual(['web:beta']);
    await store.close();
  });
});
