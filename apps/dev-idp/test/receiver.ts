/** A stand-in relying party that records the back-channel logout POSTs it receives. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  contentType: string | undefined;
  body: URLSearchParams;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves with the next POST to `path` (or one that already arrived). */
  next(path: string, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiting: { path: string; resolve: (value: Received) => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: Received = {
        path: req.url ?? '/',
        contentType: req.headers['content-type'],
        body: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      received.push(entry);
      for (const waiter of waiting.filter((w) => w.path === entry.path)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    received,
    next(path, timeoutMs = 3000) {
      const seen = received.find((entry) => entry.path === path);
      if (seen) {
        received.splice(received.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no POST to ${path} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          path,
          resolve: (value) => {
            clearTimeout(timer);
            received.splice(received.indexOf(value), 1);
            resolve(value);
          },
        });
      });
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
