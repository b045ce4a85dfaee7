/**
 * A TCP proxy in front of a database that a test cuts, restores and freezes:
 * - `cut()`: every connection is dropped and new ones are refused (reset at once), as when the
 *   database restarts or the network is gone;
 * - `freeze()`: connections stay open but nothing passes in either direction (new ones too), as a
 *   database that hangs;
 * - `restore()`: connections pass again.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): void;
  freeze(): void;
  restore(): void;
  /** The local ports of the proxy's connections to the target (its `client_port` there). */
  upstreamPorts(): number[];
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'pass' | 'cut' | 'freeze' = 'pass';
  const pairs = new Set<[Socket, Socket]>();

  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'freeze') {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no proxy port');

  const eachSocket = (act: (socket: Socket) => void) => {
    for (const [client, upstream] of pairs) {
      act(client);
      act(upstream);
    }
  };
  return {
    port: address.port,
    cut() {
      mode = 'cut';
      eachSocket((socket) => socket.resetAndDestroy());
    },
    freeze() {
      mode = 'freeze';
      // Unpiping stops the flow even for bytes already buffered.
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      mode = 'pass';
      for (const [client, upstream] of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.resume();
      }
    },
    upstreamPorts: () => [...pairs].map(([, upstream]) => upstream.localPort ?? 0),
    async close() {
      eachSocket((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
