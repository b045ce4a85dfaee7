import { createServer } from 'node:net';

/**
 * `TEST_PORTS=8130-8139` keeps what the tests start inside that block (a shared machine where each
 * checkout has its own ports); unset, the OS picks.
 */
function portBlock(): number[] | null {
  const match = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? '');
  if (!match) return null;
  const [from, to] = [Number(match[1]), Number(match[2])];
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** A TCP port that was free a moment ago (the OS picks it, or the first free one of `TEST_PORTS`). */
export async function freePort(): Promise<number> {
  const block = portBlock();
  if (!block) {
    const port = await tryPort(0);
    if (port === null) throw new Error('Kein freier Port');
    return port;
  }
  // Start at a random place, so that parallel files rarely race for the same port.
  const start = Math.floor(Math.random() * block.length);
  for (let i = 0; i < block.length; i++) {
    const port = await tryPort(block[(start + i) % block.length]!);
    if (port !== null) return port;
  }
  throw new Error(`Kein freier Port in TEST_PORTS=${process.env.TEST_PORTS}`);
}
