/**
 * The pooled transport of the game API client (undici's dispatch API since decision 041) over a real
 * connection: an answer arriving in many small pieces is put together and decoded once (characters
 * split between pieces included), the status and the user's token travel as before, and a call that
 * timed out leaves the client usable.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GameApiClient } from './client';
import { GameApiError } from './errors';

const log = Fastify({ logger: false }).log;
const Named = z.object({ name: z.string(), note: z.string() });

describe('the pooled game API client', () => {
  let server: Server;
  // Generous: a slow piece-by-piece answer on a loaded machine must not time out (and be retried).
  let client: GameApiClient;
  // Short: for the call that is meant to time out.
  let impatient: GameApiClient;
  const seen: { path: string | undefined; authorization: string | undefined }[] = [];
  let answer: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url, authorization: req.headers.authorization });
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = new GameApiClient({ baseUrl: `http://127.0.0.1:${port}/api/`, timeoutMs: 60_000, log });
    impatient = new GameApiClient({ baseUrl: `http://127.0.0.1:${port}/api/`, timeoutMs: 300, log });
  });
  afterAll(async () => {
    await client.close();
    await impatient.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('puts an answer sent byte by byte together and decodes it once', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'Jürgen_Weiß', note: '🚗 Größe € – ok' }));
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let at = 0;
      const next = () => {
        if (at >= body.length) {
          res.end();
          return;
        }
        res.write(body.subarray(at, at + 1));
        at++;
        setImmediate(next);
      };
      next();
    };
    seen.length = 0;
    await expect(client.get('players/7?x=1', Named, { token: 'user-token' })).resolves.toEqual({
      name: 'Jürgen_Weiß',
      note: '🚗 Größe € – ok',
    });
    expect(seen).toEqual([{ path: '/api/players/7?x=1', authorization: 'Bearer user-token' }]);
  });

  it('keeps the status of a refusal', async () => {
    answer = (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"unknown"}');
    };
    const failure = await client.get('players/8', Named, { token: 't' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GameApiError);
    expect((failure as GameApiError).failure).toEqual({ kind: 'status', status: 404 });
  });

  it('times out a call that gets no answer, and the next call goes through', async () => {
    answer = () => undefined; // never answers
    const failure = await impatient.get('players/9', Named, { token: 't' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GameApiError);
    expect((failure as GameApiError).failure.kind).toBe('timeout');

    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"name":"a","note":"b"}');
    };
    await expect(impatient.get('players/10', Named, { token: 't' })).resolves.toEqual({
      name: 'a',
      note: 'b',
    });
  });
});
