import { afterEach, describe, expect, it } from 'vitest';
import { initialMe, publicConfig } from '../config/public-config';
import { giveConsent, hasConsent } from './cookie-consent';
import { classifyError } from './errors';

describe('classifyError', () => {
  it.each([
    ['UNAUTHORIZED', 'unauthorized'],
    ['FORBIDDEN', 'forbidden'],
    ['NOT_FOUND', 'not-found'],
    ['BAD_REQUEST', 'bad-request'],
    ['BAD_GATEWAY', 'upstream'],
    ['GATEWAY_TIMEOUT', 'upstream'],
    ['INTERNAL_SERVER_ERROR', 'unknown'],
  ])('maps %s to %s', (code, kind) => {
    expect(classifyError({ data: { code } })).toBe(kind);
  });

  it('recognises a failed fetch as offline and anything else as unknown', () => {
    expect(classifyError(new TypeError('Failed to fetch'))).toBe('offline');
    expect(classifyError(null)).toBe('unknown');
    expect(classifyError('x')).toBe('unknown');
  });
});

describe('cookie consent', () => {
  afterEach(() => window.localStorage.clear());

  it('lasts 30 days', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(hasConsent(now)).toBe(false);
    giveConsent(now);
    expect(hasConsent(now + 29 * 86_400_000)).toBe(true);
    expect(hasConsent(now + 30 * 86_400_000 + 1)).toBe(false);
  });

  it('treats garbage in storage as no consent', () => {
    window.localStorage.setItem('nova-cookie-consent', 'bald');
    expect(hasConsent()).toBe(false);
  });
});

describe('index.html slots', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  const slot = (id: string, text: string) => {
    const element = document.createElement('script');
    element.id = id;
    element.type = 'application/json';
    element.textContent = text;
    document.head.append(element);
  };

  it('reads the signed-in user the BFF put into the page', () => {
    slot(
      'nova-session',
      JSON.stringify({
        signedIn: true,
        id: 'u1',
        username: 'spieler',
        displayName: 'Jonas_Weber',
        roles: ['web:beta'],
      }),
    );
    expect(initialMe()).toEqual({
      signedIn: true,
      id: 'u1',
      username: 'spieler',
      displayName: 'Jonas_Weber',
      roles: ['web:beta'],
    });
  });

  it('ignores an empty, broken or malformed slot', () => {
    expect(initialMe()).toBeNull();
    slot('nova-session', '{nope');
    expect(initialMe()).toBeNull();
    document.head.innerHTML = '';
    slot('nova-session', JSON.stringify({ signedIn: true, id: 1 }));
    expect(initialMe()).toBeNull();
  });

  it('falls back to a safe configuration without a slot', () => {
    expect(publicConfig.assetBaseUrl).toBe('/images/');
  });
});
