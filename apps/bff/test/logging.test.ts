/** Secrets stay out of the logs: authorization codes in /auth URLs, cookies, refused tokens' claims. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { jsonDestination, loggerOptions } from '../src/logging';
import { sharedTestDatabase, testEnv } from './helpers';
import { startMockIssuer, type MockIssuer } from './mock-issuer';

describe('logging', () => {
  const lines: string[] = [];
  let issuer: MockIssuer;

  beforeAll(async () => {
    issuer = await startMockIssuer();
  });
  afterAll(() => issuer.close());

  it('logs /auth paths without their query, and no cookie or token', async () => {
    const app = await buildApp(testEnv({ OIDC_ISSUER: issuer.issuer, LOG_LEVEL: 'info' }), {
      logStream: { write: (line: string) => lines.push(line) },
      // The shared PostgreSQL database: an embedded one migrating per app is slow on a loaded machine.
      database: sharedTestDatabase(),
    });
    await app.inject({
      url: '/auth/callback?code=SECRET-CODE&state=SECRET-STATE',
      headers: { cookie: 'nova_session=SECRET-COOKIE' },
    });
    const token = await issuer.sign(
      { sub: 'u', typ: 'Bearer', azp: 'nova-web', email: 'SECRET-CLAIM@example.org' },
      { expiresIn: -10 },
    );
    await app.inject({ url: '/trpc/session.me', headers: { authorization: `Bearer ${token}` } });
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('/auth/callback');
    // One line per request, with what an operator filters by; Fastify's own two lines are off.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const callbackLines = entries.filter((entry) => entry.url === '/auth/callback');
    expect(callbackLines).toHaveLength(1);
    expect(callbackLines[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/auth/callback',
      callKind: 'anonymous',
    });
    expect(typeof callbackLines[0]?.reqId).toBe('string');
    expect(typeof callbackLines[0]?.status).toBe('number');
    expect(typeof callbackLines[0]?.ms).toBe('number');
    expect(entries.find((entry) => entry.url === '/trpc/session.me')).toMatchObject({
      route: '/trpc/:path',
      status: 401,
    });
    expect(entries.map((entry) => entry.msg)).not.toContain('incoming request');
    expect(entries.map((entry) => entry.msg)).not.toContain('request completed');
    for (const secret of ['SECRET-CODE', 'SECRET-STATE', 'SECRET-COOKIE', 'SECRET-CLAIM', token])
      expect(log).not.toContain(secret);
  });

  it('writes one short line per request in the readable format, still without secrets', async () => {
    const readable: string[] = [];
    const app = await buildApp(
      testEnv({ OIDC_ISSUER: issuer.issuer, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }),
      { logStream: { write: (line: string) => readable.push(line) }, database: sharedTestDatabase() },
    );
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/auth/callback?code=SECRET-CODE&state=SECRET-STATE' });
    await app.close();
    const messages = readable.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((msg) => msg.startsWith('GET /healthz'))).toEqual([
      expect.stringMatching(/^GET \/healthz 200 \d+ ms$/),
    ]);
    expect(messages.some((msg) => /^GET \/auth\/callback \d{3} \d+ ms$/.test(msg))).toBe(true);
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
    expect(readable.join('\n')).not.toContain('SECRET-');
  });

  it('writes JSON through an asynchronous destination and the readable lines in a worker', () => {
    const json = loggerOptions({ level: 'info', format: 'json' }) as unknown as { stream: { sync: boolean } };
    expect(json.stream.sync).toBe(false);
    const readable = loggerOptions({ level: 'info', format: 'pretty' }) as unknown as {
      transport?: { target: string };
    };
    expect(readable.transport?.target).toBe('pino-pretty');
  });

  it('writes every line whole and in order, also lines longer than a write chunk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nova-log-'));
    try {
      const file = join(dir, 'log.jsonl');
      const destination = jsonDestination(file);
      await new Promise((resolve) => destination.once('ready', resolve));
      const logger = pino({ level: 'info' }, destination);
      const long = 'x'.repeat(5000);
      for (let i = 0; i < 2000; i++) logger.info({ i, ...(i % 100 === 7 ? { long } : {}) }, `Zeile ${i}`);
      // As at shutdown: the destination writes what it holds, then closes.
      const closed = new Promise((resolve) => destination.once('close', resolve));
      destination.end();
      await closed;
      const entries = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { i: number; long?: string; msg: string });
      expect(entries).toHaveLength(2000);
      expect(entries.map((entry) => entry.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
      expect(entries[1907]).toMatchObject({ msg: 'Zeile 1907', long });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loses no line when the process ends right after writing them (as after a SIGTERM)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/log-then-exit.ts'], {
      cwd: new URL('..', import.meta.url),
      env: { PATH: process.env.PATH, LINES: '20000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const entries = Buffer.concat(chunks)
      .toString()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number; long?: string });
    // Whole lines, every one of them (what the process held at its end is written as it exits).
    expect(entries.map((entry) => entry.i).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20000 }, (_, i) => i),
    );
    expect(entries.find((entry) => entry.i === 19907)?.long).toHaveLength(5000);
  });
});
