/** A webhook receiver for the tests: records every request, answers as told (or holds it). */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ownTestDatabase } from './helpers';
import { freePort } from './ports';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The next answers' statuses, in order; afterwards 204. `hold`: no answer until released. */
  answers: (number | 'hold')[];
  /** Resolves when `count` requests have come (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  release(): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const waiters = new Set<() => void>();
  const receiver: Omit<Receiver, 'url'> & { url: string } = {
    url: '',
    received: [],
    answers: [],
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (receiver.received.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(receiver.received);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${receiver.received.length} of ${count} webhook requests came`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    release() {
      for (const response of held.splice(0)) response.writeHead(204).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body, at: Date.now() });
      const answer = receiver.answers.shift() ?? 204;
      if (answer === 'hold') held.push(response);
      else response.writeHead(answer).end();
      for (const waiter of [...waiters]) waiter();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${port}/hook`;
  return receiver;
}

/**
 * A webhook test file's own database and receiver: the shared database's apps (other test files)
 * would deliver its subscriptions' events, or refuse their internal targets. Every test starts
 * without subscriptions (their deliveries go with them) and with an empty receiver.
 */
export function webhookTestSetup(name: string) {
  const own = ownTestDatabase(name);
  const receiver = {} as Receiver;
  let close = () => Promise.resolve();
  beforeAll(() => own.create());
  afterAll(() => own.drop());
  beforeAll(async () => {
    const started = await startReceiver();
    close = () => started.close();
    Object.assign(receiver, started);
  });
  afterAll(() => close());
  afterEach(async () => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    const db = await own.database.open();
    await db.deleteFrom('webhook_subscriptions').execute();
  });
  return { own, receiver };
}
