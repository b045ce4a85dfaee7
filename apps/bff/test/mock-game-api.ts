/** A programmable game API for tests: real HTTP on a random port, faults on demand. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockAnswer {
  status?: number;
  /** A value sent as JSON, or a raw string sent as is. */
  body?: unknown;
  raw?: string;
  delayMs?: number;
  /** The answer waits for this promise (to prove that calls overlap). */
  until?: Promise<void>;
}

export type MockHandler = (request: {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}) => MockAnswer;

export interface MockGameApi {
  url: string;
  /** Every request seen, in order. */
  requests: {
    method: string;
    path: string;
    authorization: string | undefined;
    cookie: string | undefined;
    body: string;
  }[];
  on(method: string, path: string, answer: MockAnswer | MockHandler): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startMockGameApi(): Promise<MockGameApi> {
  const routes = new Map<string, MockAnswer | MockHandler>();
  const requests: MockGameApi['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '/').slice(1).split('?')[0] ?? '';
      const method = req.method ?? 'GET';
      requests.push({
        method,
        path,
        authorization: req.headers.authorization,
        cookie: req.headers.cookie,
        body,
      });
      const route = routes.get(`${method} ${path}`);
      const answer: MockAnswer = !route
        ? { status: 404, body: { error: 'Nicht gefunden' } }
        : typeof route === 'function'
          ? route({ method, path, headers: req.headers, body })
          : route;
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
      };
      if (answer.until) void answer.until.then(send);
      else if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    on(method, path, answer) {
      routes.set(`${method} ${path}`, answer);
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
