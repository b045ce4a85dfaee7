/**
 * Fault injection on the game API. A real HTTP server that hangs, resets the
 * connection, answers 5xx, broken JSON, an answer that breaks the contract, 50 MB, or nesting a
 * million levels deep. Each becomes a German 5xx of the gateway kind within the timeout, never the
 * fault's own text, the event loop stays responsive meanwhile, and the BFF keeps serving.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigure } from '../figures';
import { testApp } from '../helpers';

type Fault = 'hang' | 'reset' | '5xx' | 'invalid JSON' | 'contract break' | '50 MB' | 'deep nesting';

const FAULTS: { fault: Fault; status: number }[] = [
  { fault: 'hang', status: 504 },
  { fault: 'reset', status: 502 },
  { fault: '5xx', status: 502 },
  { fault: 'invalid JSON', status: 502 },
  { fault: 'contract break', status: 502 },
  { fault: '50 MB', status: 502 },
  { fault: 'deep nesting', status: 502 },
];

/** What the player reads for each status, written out. */
const GERMAN: Record<number, string> = {
  502: 'Der Spielserver hat nicht wie erwartet geantwortet. Bitte versuche es später erneut.',
  504: 'Der Spielserver antwortet gerade nicht. Bitte versuche es später erneut.',
};

function stream50Mb(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.from('{"player":"x","value":1},'.repeat(2600)); // ≈ 64 KB
  let sent = 0;
  res.write('[');
  const pump = () => {
    while (sent < 50 * 1024 * 1024) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end('{"player":"x","value":1}]');
  };
  res.on('close', () => (sent = Infinity));
  pump();
}

describe('security: fault injection on the game API', () => {
  let server: Server;
  let app: FastifyInstance;
  let fault: Fault = '5xx';

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      switch (fault) {
        case 'hang':
          return; // never answers
        case 'reset':
          req.socket.destroy();
          return;
        case '5xx':
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end('{"error":"NullPointerException at de.nova.Toplist"}');
          return;
        case 'invalid JSON':
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"players": {"most_crimes": ');
          return;
        case 'contract break':
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"players": "DROP TABLE", "list": 42}');
          return;
        case '50 MB':
          stream50Mb(res);
          return;
        case 'deep nesting':
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    app = await testApp({
      GAME_API_URL: url,
      GAME_API_TIMEOUT_MS: '1500',
      GAME_API_BREAKER_FAILURES: '1000',
      RATE_LIMIT_TRPC_PER_CLIENT: '100000',
    });
  });
  afterAll(async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(FAULTS)(
    '$fault becomes a German $status quickly, the event loop stays free',
    async ({ fault: f, status }) => {
      fault = f;
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: '/trpc/toplist.get',
        headers: { 'x-csrf': '1' },
      });
      const ms = Math.round(performance.now() - started);
      delay.disable();
      const maxLagMs = Math.round(delay.max / 1e6);
      reportFigure(`fault "${f}": ${response.statusCode} in ${ms} ms, event loop lag at most ${maxLagMs} ms`);
      expect(response.statusCode).toBe(status);
      const message = response.json<{ error: { message: string } }>().error.message;
      expect(message).toBe(GERMAN[status]);
      expect(response.body).not.toMatch(/NullPointer|DROP TABLE|ECONNRESET|fetch failed|socket/i);
      // Two attempts at most (one retry) within the timeout each, plus a margin for a busy machine.
      expect(ms).toBeLessThan(2 * 1500 + 1500);
      expect(maxLagMs).toBeLessThan(1000); // generous: a busy CI machine also shows as lag
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    },
  );
});
