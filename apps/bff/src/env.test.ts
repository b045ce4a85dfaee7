import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('configuration', () => {
  it('runs the demo stack with defaults outside production', () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.oidc.issuer).toBe('http://localhost:8080/realms/nova');
    expect(env.gameApi.baseUrl).toBe('http://localhost:8090/');
    expect(env.secureCookies).toBe(true);
    expect(env.httpsCookies).toBe(false);
    expect(env.session).toMatchObject({ idleSeconds: 1800, absoluteSeconds: 36000 });
  });

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ OIDC_ISSUER: 'ftp://x' })).toThrow(/OIDC_ISSUER/);
    expect(() => parseEnv({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ SESSION_IDLE_TIMEOUT_SECONDS: '3600' })).toThrow(/SESSION_IDLE_TIMEOUT_SECONDS/);
  });

  it('refuses the silent demo in production and lists what is missing', () => {
    try {
      parseEnv({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of [
        'OIDC_ISSUER',
        'OIDC_CLIENT_SECRET',
        'GAME_API_URL',
        'SESSION_SECRET',
        'PUBLIC_URL',
        'OPERATOR_NAME',
      ]) {
        expect(message).toContain(name);
      }
    }
  });

  it('uses the __Host- cookie prefix and Secure on https', () => {
    const env = parseEnv({ PUBLIC_URL: 'https://nova-legacy.example' });
    expect(env.secureCookies).toBe(true);
    expect(env.httpsCookies).toBe(true);
    expect(env.publicUrl).toBe('https://nova-legacy.example');
  });

  it('does not mark cookies Secure on plain http other than localhost', () => {
    expect(parseEnv({ PUBLIC_URL: 'http://192.168.1.20:3000' }).secureCookies).toBe(false);
  });
});
