/**
 * A TCP proxy a test puts between the BFF and its Redis, to take Redis away without touching the
 * server (decision 054): `freeze` stops forwarding (a hung Redis), `cut` drops every connection and
 * refuses new ones (a killed Redis), `restore` forwards again on the same port.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  url: string;
  freeze(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  upstream: { host: string; port: number },
  scheme = 'redis',
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (frozen) socket.pause();
  };
  const server: Server = createServer((client) => {
    const server = connect(upstream.port, upstream.host);
    track(client);
    track(server);
    client.on('data', (chunk) => server.write(chunk));
    server.on('data', (chunk) => client.write(chunk));
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      await stop();
    },
    async restore() {
      if (frozen) {
        frozen = false;
        for (const socket of sockets) socket.resume();
      }
      if (!server.listening) await listen(port);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stop();
    },
  };
}
