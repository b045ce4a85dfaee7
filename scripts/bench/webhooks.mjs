// Webhooks (decision 097, issue 25: a webhook leaves within 2 s (p95) of its audit record's
// completion; at least 200 deliveries/s to a local receiver). A BFF process of its own (internal
// targets allowed, its own embedded database) beside the bench's identity provider and game API;
// the demo integrator (scope nova.webhooks) subscribes a local receiver several times, then creates
// wanted reasons through the REST API from a few writers at once. Latency: receipt minus the
// event's `timestamp` (the record's completion, same clock); rate: deliveries over the time from
// the first to the last receipt.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { freePort, startNode, stopAll, waitForHttp } from '../lib/processes.mjs';

export const WEBHOOK_BUDGETS = { p95Ms: 2000, perSecond: 200 };

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function token(issuer, integrator, scope) {
  const answer = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${integrator.id}:${integrator.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  if (!answer.ok) throw new Error(`token: HTTP ${answer.status}`);
  return (await answer.json()).access_token;
}

export async function measureWebhooks({
  issuer,
  gameApi,
  integrator,
  subscriptions = 20,
  events = 60,
  writers = 6,
  ports = {},
}) {
  const received = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const at = Date.now();
      received.push({ at, sent: Date.parse(JSON.parse(body).timestamp) });
      response.writeHead(204).end();
    });
  });
  const receiverPort = ports.receiver ?? (await freePort());
  await new Promise((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
  const bffPort = ports.bff ?? (await freePort());
  const bffUrl = `http://localhost:${bffPort}`;
  const bff = startNode(
    'bff-webhooks',
    'apps/bff/dist/server.js',
    {
      PORT: String(bffPort),
      PUBLIC_URL: bffUrl,
      OIDC_ISSUER: issuer,
      GAME_API_URL: gameApi,
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      RATE_LIMIT_TRPC_PER_CLIENT: '1000000',
      RATE_LIMIT_TRPC_PER_USER: '1000000',
    },
    { quiet: true },
  );
  try {
    await waitForHttp(`${bffUrl}/healthz`, { timeoutMs: 60_000, child: bff });
    const access = await token(issuer, integrator, 'nova.webhooks nova.catalogues.write');
    const auth = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
    for (let i = 0; i < subscriptions; i++) {
      const answer = await fetch(`${bffUrl}/api/v1/webhooks/subscriptions`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          url: `http://127.0.0.1:${receiverPort}/hook/${i}`,
          format: 'standard',
          events: ['catalogue.created'],
        }),
      });
      if (!answer.ok)
        throw new Error(`POST /api/v1/webhooks/subscriptions: HTTP ${answer.status} ${await answer.text()}`);
    }
    let next = 0;
    const write = async () => {
      while (next < events) {
        const n = next++;
        const answer = await fetch(`${bffUrl}/api/v1/catalogues/wanted-reasons`, {
          method: 'POST',
          headers: { ...auth, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ reason_name: `Messung ${Date.now()} ${n}`, points: 1, is_static: 0 }),
        });
        await answer.arrayBuffer();
        if (answer.status !== 201) throw new Error(`create: HTTP ${answer.status}`);
      }
    };
    await Promise.all(Array.from({ length: writers }, write));
    const expected = subscriptions * events;
    const deadline = Date.now() + 120_000;
    while (received.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const latencies = received.map((r) => r.at - r.sent);
    const first = Math.min(...received.map((r) => r.at));
    const last = Math.max(...received.map((r) => r.at));
    const perSecond = received.length / Math.max((last - first) / 1000, 0.001);
    const p95Ms = percentile(latencies, 95);
    return {
      deliveries: received.length,
      expected,
      p50Ms: percentile(latencies, 50),
      p95Ms,
      perSecond: Math.round(perSecond),
      ok:
        received.length === expected &&
        p95Ms <= WEBHOOK_BUDGETS.p95Ms &&
        perSecond >= WEBHOOK_BUDGETS.perSecond,
    };
  } finally {
    stopAll([bff]);
    receiver.closeAllConnections();
    receiver.close();
  }
}

export const webhooksLine = (r) =>
  `\nWebhooks (Budget p95 ≤ ${WEBHOOK_BUDGETS.p95Ms} ms ab Abschluss des Eintrags, ≥ ${WEBHOOK_BUDGETS.perSecond} Zustellungen/s):\n` +
  `  ${r.ok ? '✓' : '✗'} ${r.deliveries}/${r.expected} zugestellt, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, ${r.perSecond}/s`;

/** The bench's hook (`ports`: its BFF's and receiver's, else free ones): measures, keeps the result in `report.speed.webhooks`, prints its line. */
export async function benchWebhooks(report, { issuer, gameApi, ports }) {
  const result = await measureWebhooks({
    issuer,
    gameApi,
    ports,
    // The demo integrator client of @nova/demo (TypeScript source, not importable from here).
    integrator: { id: 'integrator', secret: 'integrator-dev-secret' },
  });
  report.speed.webhooks = result;
  console.log(webhooksLine(result));
  return result.ok;
}
