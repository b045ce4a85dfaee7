// Speed measurements, run by scripts/bench.mjs against the stack it started: cold paint of the
// public pages and the JavaScript they transfer, their paint against the same bytes from a bare
// node:http server, the public toplist's throughput as a ratio of a bare
// node:http server serving the same bytes, the per-call cost of an authenticated procedure over the
// direct game API call, and memory per signed-in session with 10,000 sessions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, waitForHttp } from '../lib/processes.mjs';

export const SPEED_BUDGETS = {
  fcpMs: 300,
  toplistTableMs: 400,
  publicJsBytes: 100 * 1024,
  /** Of a bare node:http server answering the same bytes: far past any community's traffic. */
  throughputRatio: 0.5,
  /** What an authenticated call may add to the game API call it makes. */
  authExtraMs: 1.5,
  /** A Control Panel page whose data is there shows within this time of the click. */
  navigationMs: 100,
  /** A public page's FCP from the BFF over the FCP of the same bytes from a bare node:http server. */
  fcpBareRatio: 1.3,
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

/** One cold visit (new context, empty cache): FCP and the document's own timing. */
async function coldVisit(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    return await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation');
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        responseEnd: nav.responseEnd,
        domInteractive: nav.domInteractive,
        domContentLoaded: nav.domContentLoadedEventEnd,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * What serving costs the first paint: each public page cold from the BFF against the same page's
 * bytes from a bare node:http server (scripts/bench/page-server.mjs: the HTML the BFF sent, the
 * built files as they are on disk, content types only), alternating, so that the load of other
 * processes falls on both. Medians of FCP and of the document's timing (its answer's end and when
 * it became interactive).
 */
export async function measurePaintAgainstBare(browser, bffUrl, paths, { port, webDist, runs = 7 }) {
  const dir = mkdtempSync(join(tmpdir(), 'nova-bench-pages-'));
  const pages = {};
  for (const path of paths) {
    // A cold visitor's page (no session), uncompressed: the reference sends it as it is.
    const html = await (
      await fetch(`${bffUrl}${path}`, { headers: { 'accept-encoding': 'identity' } })
    ).text();
    pages[path] = join(dir, `${Object.keys(pages).length}.html`);
    writeFileSync(pages[path], html);
  }
  const server = spawn(process.execPath, [join(ROOT, 'scripts/bench/page-server.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PAGE_PORT: String(port),
      PAGES: JSON.stringify(pages),
      WEB_DIST: webDist,
      UPSTREAM: bffUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bareUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${bareUrl}/healthz`, { child: server });
    const results = [];
    for (const path of paths) {
      // Three in turn: the BFF, the bare bytes, and the bare bytes with the BFF's COOP header.
      const visits = { bff: [], bare: [], bareCoop: [] };
      const urls = { bff: `${bffUrl}${path}`, bare: `${bareUrl}${path}`, bareCoop: `${bareUrl}${path}?coop` };
      for (let run = 0; run < runs * 3; run++) {
        const which = ['bff', 'bare', 'bareCoop'][run % 3];
        visits[which].push(await coldVisit(browser, urls[which]));
      }
      const summary = (list) => ({
        fcpMs: Math.round(median(list.map((v) => v.fcp))),
        responseEndMs: Math.round(median(list.map((v) => v.responseEnd))),
        domInteractiveMs: Math.round(median(list.map((v) => v.domInteractive))),
      });
      const bff = summary(visits.bff);
      const bare = summary(visits.bare);
      const bareCoop = summary(visits.bareCoop);
      const ratio = (reference) => Math.round((bff.fcpMs / reference.fcpMs) * 100) / 100;
      results.push({ path, bff, bare, bareCoop, ratio: ratio(bare), ratioCoop: ratio(bareCoop) });
    }
    return results;
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Connections of the load generator (as the issue's measurement). */
export const CONNECTIONS = 50;

/** One autocannon run in a process of its own (scripts/bench/cannon.mjs). */
function cannon(url, headers = {}, duration = 5) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'scripts/bench/cannon.mjs'),
        JSON.stringify({ url, connections: CONNECTIONS, duration, headers }),
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}`)),
    );
  });
}

/** Headers of an answer that are the connection's or the moment's, not the answer's. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The public toplist through the BFF against a bare node:http server (own process) answering the same
 * bytes, in the same run, the load generator in a third process: alternating rounds, so that the load
 * of other processes falls on all alike; ratios of the summed requests. The bare server's own figure
 * is reported with the ratio: when it is no higher than the BFF's, the generator is the limit. Two references: the same answer (same body and
 * the same headers, among them the security headers, so the ratio is the cost of the BFF's own code)
 * and the bare body with only its content type (what the issue measured first).
 */
export async function measureThroughput(bffUrl, plainPort, rounds = 6, seconds = 2) {
  const url = `${bffUrl}/trpc/toplist.get`;
  // As autocannon asks: without Accept-Encoding, so the identity form.
  const sample = await fetch(url, { headers: { ...CSRF, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await sample.arrayBuffer());
  const answerHeaders = Object.fromEntries(
    [...sample.headers].filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())),
  );
  const plain = spawn(process.execPath, [join(ROOT, 'scripts/bench/plain-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PLAIN_PORT: String(plainPort), PLAIN_HEADERS: JSON.stringify(answerHeaders) },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  plain.stdin.end(body);
  const sameUrl = `http://127.0.0.1:${plainPort}/trpc/toplist.get`;
  const bareUrl = `http://127.0.0.1:${plainPort}/bare/toplist.get`;
  try {
    await waitForHttp(`http://127.0.0.1:${plainPort}/healthz`, { child: plain });
    // Warm-up of all (JIT, caches).
    for (const target of [url, sameUrl, bareUrl]) await cannon(target, CSRF, 2);
    const results = { bff: [], same: [], bare: [] };
    for (let round = 0; round < rounds; round++) {
      results.bff.push(await cannon(url, CSRF, seconds));
      results.same.push(await cannon(sameUrl, CSRF, seconds));
      results.bare.push(await cannon(bareUrl, CSRF, seconds));
    }
    const sum = (list, pick) => list.reduce((total, r) => total + pick(r), 0);
    const summary = (list) => ({
      requests: sum(list, (r) => r.requests.total),
      rps: Math.round(sum(list, (r) => r.requests.total) / (rounds * seconds)),
      p50Ms: median(list.map((r) => r.latency.p50)),
      errors: sum(list, (r) => r.non2xx + r.errors),
    });
    const bff = summary(results.bff);
    const same = summary(results.same);
    const bare = summary(results.bare);
    return {
      payloadBytes: body.length,
      headerCount: Object.keys(answerHeaders).length,
      bff,
      plain: same,
      plainBare: bare,
      ratio: bff.requests / same.requests,
      ratioBare: bff.requests / bare.requests,
    };
  } finally {
    plain.kill('SIGTERM');
  }
}

/**
 * One client at a time: an authenticated procedure through the BFF and the game API call it makes,
 * alternating, so that the load of other processes falls on both alike. A freshly started BFF (and
 * simulator, and this process's fetch) needs about a thousand calls before V8 has optimised the
 * path: the budget is for the running server, so the first `warmup` calls are measured apart.
 */
export async function measureAuthCost({
  bffUrl,
  gameApi,
  issuer,
  cookie,
  integrator,
  warmup = 1500,
  calls = 1000,
}) {
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
  const once = async (url, headers) => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  const input = encodeURIComponent(JSON.stringify({}));
  const bffCall = () => once(`${bffUrl}/trpc/player.user?input=${input}`, { cookie, ...CSRF });
  const directCall = () =>
    once(`${gameApi}user/${encodeURIComponent(userId)}`, { authorization: `Bearer ${token}` });
  const samples = async (count) => {
    const viaBff = [];
    const direct = [];
    for (let i = 0; i < count; i++) {
      viaBff.push(await bffCall());
      direct.push(await directCall());
    }
    return { bffMs: median(viaBff), directMs: median(direct), extraMs: median(viaBff) - median(direct) };
  };
  const first = await samples(250);
  await samples(warmup - 250);
  return { ...(await samples(calls)), warmupCalls: warmup, firstCalls: 250, first };
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
