// The reference for the BFF's throughput: plain Fastify answering the bytes read from stdin as JSON.
// /trpc/toplist.get answers with the headers the BFF's answer carries (PLAIN_HEADERS, JSON: the same
// answer, so the ratio is the framework's own cost); /bare/toplist.get with only the content type.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const require = createRequire(join(ROOT, 'apps/bff/package.json'));
const Fastify = require('fastify');

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const body = Buffer.concat(chunks);
const headers = JSON.parse(process.env.PLAIN_HEADERS ?? '{}');

const app = Fastify({ logger: false });
app.get('/healthz', () => ({ status: 'ok' }));
app.get('/trpc/toplist.get', (_request, reply) => reply.headers(headers).type('application/json').send(body));
app.get('/bare/toplist.get', (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PLAIN_PORT), host: '127.0.0.1' });
