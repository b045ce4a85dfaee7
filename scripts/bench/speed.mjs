// Issue 11's measurements, run by scripts/bench.mjs against the stack it started: cold paint of the
// public pages and the JavaScript they transfer, the public toplist's throughput as a ratio of a plain
// Fastify server serving the same bytes, the per-call cost of an authenticated procedure over the
// direct game API call, and memory per signed-in session with 10,000 sessions.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, waitForHttp } from '../lib/processes.mjs';

export const SPEED_BUDGETS = {
  fcpMs: 300,
  toplistTableMs: 400,
  publicJsBytes: 100 * 1024,
  throughputRatio: 0.8,
};

/** What the SPA sends with every tRPC call (the BFF's CSRF check). */
const CSRF = { 'x-csrf': '1' };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Cold visit (new context, empty cache): FCP, the toplist table's first paint, transferred JS. */
export async function measurePaint(browser, bffUrl, paths, runs = 3) {
  const results = [];
  for (const path of paths) {
    const fcp = [];
    const table = [];
    const js = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        // Records when the first toplist table row is in the document (and so painted next frame).
        const observer = new window.MutationObserver(() => {
          if (document.querySelector('main table tbody tr')) {
            window.__tableAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      const scripts = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.sizes());
      });
      await page.goto(`${bffUrl}${path}`, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      if (path === '/toplist') await page.waitForFunction(() => window.__tableAt !== undefined);
      await page.waitForLoadState('networkidle');
      fcp.push(
        await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime),
      );
      if (path === '/toplist') table.push(await page.evaluate(() => window.__tableAt));
      const sizes = await Promise.all(scripts);
      js.push(sizes.reduce((sum, s) => sum + s.responseBodySize + s.responseHeadersSize, 0));
      await context.close();
    }
    results.push({
      path,
      fcpMs: Math.round(median(fcp)),
      tableMs: table.length ? Math.round(median(table)) : null,
      jsTransferredBytes: median(js),
    });
  }
  return results;
}

function cannon(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: 5, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * The public toplist through the BFF against a plain Fastify server (own process) answering the same
 * bytes with the same content type, one after the other in the same run.
 */
export async function measureThroughput(bffUrl, plainPort) {
  const url = `${bffUrl}/trpc/toplist.get`;
  const sample = await fetch(url, { headers: CSRF });
  const body = Buffer.from(await sample.arrayBuffer());
  const plain = spawn(process.execPath, [join(ROOT, 'scripts/bench/plain-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PLAIN_PORT: String(plainPort) },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  plain.stdin.end(body);
  try {
    await waitForHttp(`http://127.0.0.1:${plainPort}/healthz`, { child: plain });
    await cannon(url, CSRF); // warm-up of the BFF (JIT, caches)
    const bff = await cannon(url, CSRF);
    const direct = await cannon(`http://127.0.0.1:${plainPort}/trpc/toplist.get`, CSRF);
    return {
      payloadBytes: body.length,
      bff: { rps: Math.round(bff.requests.average), p50Ms: bff.latency.p50, errors: bff.non2xx + bff.errors },
      plain: { rps: Math.round(direct.requests.average), p50Ms: direct.latency.p50 },
      ratio: bff.requests.average / direct.requests.average,
    };
  } finally {
    plain.kill('SIGTERM');
  }
}

/** One client at a time: an authenticated procedure through the BFF and the game API call it makes. */
export async function measureAuthCost({ bffUrl, gameApi, issuer, cookie, integrator, calls = 300 }) {
  const tokenAnswer = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${integrator.id}:${integrator.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  const { access_token: token } = await tokenAnswer.json();
  const me = await (await fetch(`${bffUrl}/trpc/session.me`, { headers: { cookie, ...CSRF } })).json();
  const userId = me.result.data.id;
  const time = async (url, headers) => {
    const samples = [];
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      if (i >= 20) samples.push(performance.now() - started); // first 20 warm up
    }
    return median(samples);
  };
  const input = encodeURIComponent(JSON.stringify({}));
  const viaBff = await time(`${bffUrl}/trpc/player.user?input=${input}`, { cookie, ...CSRF });
  const direct = await time(`${gameApi}user/${encodeURIComponent(userId)}`, {
    authorization: `Bearer ${token}`,
  });
  return { bffMs: viaBff, directMs: direct, extraMs: viaBff - direct };
}

/** Memory per signed-in session: 10,000 sessions in the BFF's memory store (own process, --expose-gc). */
export async function measureSessionMemory(sessions = 10_000) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'apps/bff/test/bench-session-memory.ts'), String(sessions)],
    { cwd: join(ROOT, 'apps/bff'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`session-memory exited with ${code}`);
  return JSON.parse(out);
}
