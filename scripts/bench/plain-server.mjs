// The reference for the BFF's throughput: a bare node:http server answering the bytes read from stdin
// as JSON. /trpc/toplist.get answers with the headers the BFF's answer carries (PLAIN_HEADERS, JSON:
// the same answer, so the ratio is the cost of the BFF's whole stack); /bare/toplist.get with only the
// content type.
import { createServer } from 'node:http';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const body = Buffer.concat(chunks);
const length = String(body.length);
const same = {
  ...JSON.parse(process.env.PLAIN_HEADERS ?? '{}'),
  'content-type': 'application/json',
  'content-length': length,
};
const bare = { 'content-type': 'application/json', 'content-length': length };

createServer((request, response) => {
  if (request.url === '/healthz') return response.end('{"status":"ok"}');
  if (request.url === '/trpc/toplist.get') response.writeHead(200, same);
  else if (request.url === '/bare/toplist.get') response.writeHead(200, bare);
  else return response.writeHead(404).end();
  response.end(body);
}).listen(Number(process.env.PLAIN_PORT), '127.0.0.1');
