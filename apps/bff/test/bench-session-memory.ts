// Heap per signed-in session: creates N sessions with realistic token sizes in the BFF's memory store
// and prints the heap growth after garbage collection as JSON (run by scripts/bench/speed.mjs).
import { randomBytes } from 'node:crypto';
import { SessionManager } from '../src/session/manager';
import { MemorySessionStore } from '../src/session/memory-store';

const count = Number(process.argv[2] ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

/** A JWT-sized string (Keycloak tokens are 1–2 KB). */
const token = (bytes: number) => randomBytes(bytes).toString('base64url');

const store = new MemorySessionStore();
const sessions = new SessionManager({
  store,
  secret: 'x'.repeat(32),
  idleSeconds: 1800,
  absoluteSeconds: 43_200,
  secure: false,
  https: false,
});
gc();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < count; i++) {
  await sessions.create({
    userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    sid: token(27),
    displayName: `Spieler ${i}`,
    auth: {
      accessToken: token(1100),
      refreshToken: token(600),
      idToken: token(900),
      accessTokenExpiresAt: Date.now() + 300_000,
      username: `spieler${i}`,
      roles: ['web:beta'],
    },
  });
}
gc();
const after = process.memoryUsage().heapUsed;
process.stdout.write(
  JSON.stringify({
    sessions: count,
    heapBytes: after - before,
    bytesPerSession: Math.round((after - before) / count),
  }),
);
await store.close();
