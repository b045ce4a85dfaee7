import { generateKeyPairSync } from 'node:crypto';
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

  it('derives the token encryption key from SESSION_SECRET unless SESSION_ENCRYPTION_KEY is set', () => {
    const secret = 's'.repeat(32);
    expect(parseEnv({ SESSION_SECRET: secret }).session.encryptionKey).toBe(secret);
    expect(parseEnv({ SESSION_SECRET: secret, SESSION_ENCRYPTION_KEY: '' }).session.encryptionKey).toBe(
      secret,
    );
    expect(
      parseEnv({ SESSION_SECRET: secret, SESSION_ENCRYPTION_KEY: 'k'.repeat(32) }).session.encryptionKey,
    ).toBe('k'.repeat(32));
  });

  it('serves metrics only on a port of their own and traces only with a collector (decision 074)', () => {
    expect(parseEnv({}).metrics).toBeNull();
    expect(parseEnv({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: 'localhost' });
    expect(() => parseEnv({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      'METRICS_PORT: muss sich von PORT unterscheiden',
    );
    expect(parseEnv({}).tracing).toBeNull();
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'nova-bff',
      sampleRatio: 1,
    });
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ OIDC_ISSUER: 'ftp://x' })).toThrow(/OIDC_ISSUER/);
    expect(() => parseEnv({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ SESSION_ENCRYPTION_KEY: 'short' })).toThrow(/SESSION_ENCRYPTION_KEY/);
    // Decision 054: a Redis command never waits longer than a second.
    expect(() => parseEnv({ REDIS_COMMAND_TIMEOUT_MS: '1001' })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
    expect(parseEnv({}).redisCommandTimeoutMs).toBe(1000);
    expect(parseEnv({ MACHINE_CLIENT_IDS: ' integrator, bot ,' }).oidc.machineClientIds).toEqual([
      'integrator',
      'bot',
    ]);
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

  it('requires an https PUBLIC_URL in production, except on localhost', () => {
    const required = {
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://sso.example/realms/nova',
      OIDC_CLIENT_SECRET: 's',
      GAME_API_URL: 'https://game.example/',
      SESSION_SECRET: 'x'.repeat(32),
      OPERATOR_NAME: 'n',
      OPERATOR_REPRESENTATIVE: 'r',
      OPERATOR_STREET: 's',
      OPERATOR_POSTAL_CODE: 'p',
      OPERATOR_CITY: 'c',
      OPERATOR_EMAIL: 'e@example.org',
    };
    expect(() => parseEnv({ ...required, PUBLIC_URL: 'http://nova-legacy.example' })).toThrow(
      /PUBLIC_URL: muss in production eine https-URL sein/,
    );
    expect(parseEnv({ ...required, PUBLIC_URL: 'https://nova-legacy.example' }).httpsCookies).toBe(true);
    expect(parseEnv({ ...required, PUBLIC_URL: 'http://localhost:3000' }).secureCookies).toBe(true);
  });

  it('uses the __Host- cookie prefix and Secure on https', () => {
    const env = parseEnv({ PUBLIC_URL: 'https://nova-legacy.example' });
    expect(env.secureCookies).toBe(true);
    expect(env.httpsCookies).toBe(true);
    expect(env.publicUrl).toBe('https://nova-legacy.example');
  });

  it('reads TRUST_PROXY as a switch, a hop count or an address list', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('does not mark cookies Secure on plain http other than localhost', () => {
    expect(parseEnv({ PUBLIC_URL: 'http://192.168.1.20:3000' }).secureCookies).toBe(false);
  });

  it('reads the audit signing key as Ed25519 PKCS#8, PEM (also with \\n) or base64 DER', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    for (const text of [pem, pem.replaceAll('\n', '\\n'), der]) {
      const key = parseEnv({ AUDIT_SIGNING_KEY: text }).auditCheckpoints.key;
      expect(key?.equals(privateKey)).toBe(true);
    }
    expect(parseEnv({}).auditCheckpoints).toEqual({ key: null, file: null, everyMs: 300_000 });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    for (const wrong of ['abc', rsa.export({ type: 'pkcs8', format: 'pem' }).toString()])
      expect(() => parseEnv({ AUDIT_SIGNING_KEY: wrong })).toThrow(
        'AUDIT_SIGNING_KEY: muss ein privater Ed25519-Schlüssel (PKCS#8) sein',
      );
  });
});
