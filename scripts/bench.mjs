// Budgets of architecture §7, measured (not asserted in timed tests):
//  - initial JS of each public page ≤ 130 KB gzip, and no Control Panel code in it;
//  - each Control Panel route chunk ≤ 30 KB gzip: the layout route (the shell with the data layer)
//    beyond the entry, each page route beyond the entry and the shell it always renders in;
//  - a Control Panel page view makes one browser→BFF request (tRPC batching).
// Usage: pnpm bench   (builds what is stale, starts the stack on free ports, writes .bench/report.json)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ROOT, buildMissing, freePort, startNode, stopAll, waitForHttp } from './lib/processes.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { installDebianPackages, missingChromium } from './lib/system-packages.mjs';
import {
  SPEED_BUDGETS,
  CONNECTIONS,
  measureAuthCost,
  measurePaint,
  measurePaintAgainstBare,
  measureSessionMemory,
  measureThroughput,
} from './bench/speed.mjs';
import { measureExportStalls, onDatabase } from './bench/export-stalls.mjs';
import { benchRest } from './bench/rest.mjs';
import { measureAuditScale, printAuditScale } from './bench/audit-scale.mjs';
import { cpus, loadavg } from 'node:os';
import { benchWebhooks } from './bench/webhooks.mjs';

const KB = 1024;
const PUBLIC_BUDGET = 130 * KB;
const ROUTE_BUDGET = 30 * KB;

installDebianPackages(missingChromium());
buildMissing(['web', 'bff', 'dev-idp', 'game-api-sim'], () => undefined);
const dist = join(ROOT, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** Files a manifest entry loads before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}
const files = (keys) => [...new Set([...keys].map((k) => manifest[k].file))];
const sizeOf = (keys) => files(keys).reduce((sum, file) => sum + gz(file), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const CONTROL_PANEL_LAYOUT = 'src/app/control-panel-layout.tsx';
const CONTROL_PANEL_SOURCES = [
  CONTROL_PANEL_LAYOUT,
  'src/app/routes/player.ts',
  'src/app/routes/admin.tsx',
  'src/features/server-manager/routes.tsx',
  'src/features/sync-manager/sync-manager-page.tsx',
  'src/features/audit/audit-log-page.tsx',
  'src/features/account/settings-page.tsx',
];

const publicPages = [
  ['/home', null],
  ['/imprint', 'src/features/legal/imprint-page.tsx'],
  ['/termsOfUse', 'src/features/legal/terms-page.tsx'],
  ['/calendar', 'src/features/calendar/calendar-page.tsx'],
  ['/toplist', 'src/features/toplist/toplist-page.tsx'],
];
const report = { public: [], controlPanel: [], requests: [], navigation: [], speed: {}, ok: true };

/** In the page: navigates to `href` as a visitor would and resolves with the time until it shows. */
function navigateAndTime(href) {
  const heading = () => document.querySelector('main h1');
  const before = heading();
  const link = document.querySelector(`a[href="${href}"]`);
  const started = performance.now();
  if (link instanceof window.HTMLAnchorElement) link.click();
  else {
    window.history.pushState(null, '', href);
    window.dispatchEvent(new window.PopStateEvent('popstate'));
  }
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const h1 = heading();
      if (
        window.location.pathname === href &&
        h1 &&
        h1 !== before &&
        // A loading indicator says something; a screen's message region is there empty.
        ![...document.querySelectorAll('main [aria-live="polite"][role="status"]')].some(
          (region) => region.textContent.trim() !== '',
        )
      )
        resolve({ ms: now - started, viaLink: link !== null });
      else if (now - started > 15_000) resolve(null);
      else window.requestAnimationFrame(check);
    };
    check();
  });
}
for (const [path, source] of publicPages) {
  const keys = new Set(entry);
  if (source) for (const k of closure(source)) keys.add(k);
  const bytes = sizeOf(keys);
  const leaks = [...keys].filter((k) => CONTROL_PANEL_SOURCES.includes(k));
  const ok = bytes <= PUBLIC_BUDGET && leaks.length === 0;
  report.ok &&= ok;
  report.public.push({ path, gzipBytes: bytes, budget: PUBLIC_BUDGET, controlPanelCode: leaks, ok });
}
// Routes nest: every Control Panel page renders inside the layout route, whose chunks load with it
// (router.tsx preloadRoute), so a page's own chunks are what it loads beyond both.
const shell = closure(CONTROL_PANEL_LAYOUT);
for (const source of [...CONTROL_PANEL_SOURCES, 'src/features/account/tickets-page.tsx']) {
  const inShell = source !== CONTROL_PANEL_LAYOUT && CONTROL_PANEL_SOURCES.includes(source);
  const own = [...closure(source)].filter((k) => !entry.has(k) && !(inShell && shell.has(k)));
  const bytes = sizeOf(own);
  const ok = bytes <= ROUTE_BUDGET;
  report.ok &&= ok;
  report.controlPanel.push({ route: source, files: files(own), gzipBytes: bytes, budget: ROUTE_BUDGET, ok });
}

// Requests per page view, in Chromium against the real stack. BENCH_PORT_BASE fixes the ports
// (base … base+8, the last two the webhooks' BFF and receiver), for machines where several people
// run benches at once.
const portBase = Number(process.env.BENCH_PORT_BASE ?? 0);
const [bffPort, idpPort, simPort, plainPort, pagePort, metricsPort, traceSinkPort] = portBase
  ? [portBase, portBase + 1, portBase + 2, portBase + 3, portBase + 4, portBase + 5, portBase + 6]
  : await Promise.all(Array.from({ length: 7 }, () => freePort()));
// Where the BFF's traces go: a sink that takes OTLP/HTTP batches and drops them (decision 074),
// so the bench pays for producing and sending traces as production does, not for a collector.
const traceSink = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
}).listen(traceSinkPort, '127.0.0.1');
const bffUrl = `http://localhost:${bffPort}`;
const issuer = `http://localhost:${idpPort}/realms/nova`;
// The BFF's own PostgreSQL database, made here and dropped at the end, as the deployments run it
// (docker-compose.yml, deploy/kubernetes): embedded PGlite runs its queries on the BFF's own thread,
// so its background work (the audit chain's linker, the job and webhook polls) would be measured
// as the request path's (decision 077).
const databaseServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `nova_bench_stack_${process.pid}`;
await onDatabase(databaseServer, `create database "${databaseName}"`);
const gameApi = `http://localhost:${simPort}/`;
const children = [
  startNode(
    'dev-idp',
    'apps/dev-idp/dist/server.js',
    { DEV_IDP_PORT: String(idpPort), PUBLIC_URL: bffUrl },
    { quiet: true },
  ),
  startNode(
    'game-api-sim',
    'apps/game-api-sim/dist/server.js',
    { GAME_API_PORT: String(simPort), OIDC_ISSUER: issuer },
    { quiet: true },
  ),
  // The BFF as production runs it: NODE_ENV=production (with the stand-ins' secret and a made-up
  // operator), the JSON log at info, to stdout as in a container (read by nobody here).
  startNode(
    'bff',
    'apps/bff/dist/server.js',
    {
      NODE_ENV: 'production',
      PORT: String(bffPort),
      PUBLIC_URL: bffUrl,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_SECRET: 'nova-web-dev-secret',
      GAME_API_URL: gameApi,
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      OPERATOR_NAME: 'Messlauf e. V.',
      OPERATOR_REPRESENTATIVE: 'Erika Mustermann',
      OPERATOR_STREET: 'Messweg 1',
      OPERATOR_POSTAL_CODE: '12345',
      OPERATOR_CITY: 'Musterstadt',
      OPERATOR_EMAIL: 'bench@example.org',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DATABASE_URL: new URL(`/${databaseName}`, databaseServer).href,
      // Metrics on their own port and traces (a tenth of the requests recorded, ids for all) as an
      // operator runs them (docs/operations.md).
      METRICS_PORT: String(metricsPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${traceSinkPort}`,
      OTEL_TRACES_SAMPLER_ARG: '0.1',
      // The limits still run (their cost is measured), but the bench's thousands of calls fit.
      RATE_LIMIT_TRPC_PER_CLIENT: '100000000',
      RATE_LIMIT_TRPC_PER_USER: '100000000',
    },
    { quiet: true },
  ),
];
// The stack is stopped when Chromium does not start either.
const browser = await chromium.launch(chromiumLaunchOptions()).catch(async (error) => {
  stopAll(children);
  traceSink.close();
  await onDatabase(databaseServer, `drop database if exists "${databaseName}" with (force)`);
  throw error;
});
try {
  await waitForHttp(`${issuer}/.well-known/openid-configuration`);
  await waitForHttp(`${gameApi}toplist`);
  // Migrations take their time on a busy machine.
  await waitForHttp(`${bffUrl}/healthz`, { timeoutMs: 120_000, child: children[2] });
  const page = await browser.newPage();
  await page.goto(`${bffUrl}/auth/login?returnTo=/control-panel`);
  await page.getByLabel('Benutzername').fill('spieler');
  await page.getByLabel('Passwort').fill('spieler');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/control-panel/user');
  await page.waitForLoadState('networkidle');
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/trpc')) calls++;
  });
  const pages = [
    '/control-panel/user',
    ...[
      'achievements',
      'vehicles',
      'coupons',
      'inventory',
      'licenses',
      'bank-accounts',
      'weapon-skills',
      'skins',
      'skills',
      'settings',
    ].map((p) => `/control-panel/user/${p}`),
    '/toplist',
    '/calendar',
  ];
  for (const path of pages) {
    calls = 0;
    const started = Date.now();
    await page.goto(`${bffUrl}${path}`, { waitUntil: 'commit' });
    // Content shown: a page heading and no loading indicator left in the main area.
    // (A screen's message region is a polite status too, there empty.)
    await page.waitForFunction(
      () =>
        document.querySelector('main h1') &&
        ![...document.querySelectorAll('main [aria-live="polite"][role="status"]')].some(
          (region) => region.textContent.trim() !== '',
        ),
    );
    const ms = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const expected = path.endsWith('/settings') ? 0 : 1;
    const ok = calls <= Math.max(1, expected);
    report.ok &&= ok;
    report.requests.push({ path, trpcRequests: calls, contentShownMs: ms, ok });
  }

  // In-app navigation: from the profile to each player page and back, by a click on
  // the page's link (or, where the page has none, the router's history navigation), timed in the
  // page from the click to the new heading with no loading indicator. First visit: the page's data
  // comes in one request; second visit: its data is there and the page must show within 100 ms.
  await page.goto(`${bffUrl}/control-panel/user`);
  await page.waitForLoadState('networkidle');
  const playerPages = pages.filter((path) => /^\/control-panel\/user\/[a-z-]+$/.test(path));
  for (const visit of ['first', 'again']) {
    for (const path of playerPages) {
      for (const target of [path, '/control-panel/user']) {
        calls = 0;
        const shown = await page.evaluate(navigateAndTime, target);
        await page.waitForLoadState('networkidle');
        const ms = shown === null ? null : Math.round(shown.ms);
        const ok = ms !== null && calls <= 1 && (visit === 'first' || ms <= SPEED_BUDGETS.navigationMs);
        report.ok &&= ok;
        report.navigation.push({
          visit,
          path: target,
          viaLink: shown?.viaLink ?? false,
          trpcRequests: calls,
          ms,
          ok,
        });
      }
    }
  }

  const cookie = (await page.context().cookies(bffUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  const paint = await measurePaint(
    browser,
    bffUrl,
    publicPages.map(([path]) => path),
  );
  const againstBare = await measurePaintAgainstBare(
    browser,
    bffUrl,
    publicPages.map(([path]) => path),
    { port: pagePort, webDist: dist },
  );
  // The budget holds against the same bytes with the same COOP header: COOP stays on every page
  // (decision 077), so the ratio to bytes without it is printed beside, not held to the budget.
  for (const p of againstBare) p.ok = p.ratioCoop <= SPEED_BUDGETS.fcpBareRatio;
  const throughput = await measureThroughput(bffUrl, plainPort);
  const auth = await measureAuthCost({
    bffUrl,
    gameApi,
    issuer,
    cookie,
    // The demo integrator client of @nova/demo (TypeScript source, not importable from here).
    integrator: { id: 'integrator', secret: 'integrator-dev-secret' },
  });
  const memory = await measureSessionMemory();
  const exportStalls = await measureExportStalls({ browser });
  for (const p of paint) {
    p.ok =
      p.fcpMs <= SPEED_BUDGETS.fcpMs &&
      p.jsTransferredBytes <= SPEED_BUDGETS.publicJsBytes &&
      (p.tableMs === null || p.tableMs <= SPEED_BUDGETS.toplistTableMs);
  }
  throughput.ok = throughput.ratio >= SPEED_BUDGETS.throughputRatio && throughput.bff.errors === 0;
  auth.ok = auth.extraMs <= SPEED_BUDGETS.authExtraMs;
  report.speed = { paint, againstBare, throughput, auth, memory, exportStalls };
  // Measured whatever came before (`&&=` would skip the call once a budget was missed).
  const restOk = await benchRest(report, { bffUrl, issuer });
  report.ok &&= restOk;
  // Without the stack: its own database and process (decision 104).
  report.speed.auditScale = await measureAuditScale();
  report.ok &&= report.speed.auditScale?.ok ?? true;
  const webhooksOk = await benchWebhooks(report, {
    issuer,
    gameApi,
    ...(portBase ? { ports: { bff: portBase + 7, receiver: portBase + 8 } } : {}),
  });
  report.ok &&= webhooksOk;
  report.ok &&=
    exportStalls.ok && throughput.ok && auth.ok && paint.every((p) => p.ok) && againstBare.every((p) => p.ok);
} finally {
  await browser.close();
  const alive = children.filter((child) => child.exitCode === null);
  const exited = alive.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  stopAll(alive);
  await Promise.all(exited);
  traceSink.close();
  await onDatabase(databaseServer, `drop database if exists "${databaseName}" with (force)`);
}

mkdirSync(join(ROOT, '.bench'), { recursive: true });
writeFileSync(join(ROOT, '.bench/report.json'), `${JSON.stringify(report, null, 2)}\n`);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
console.log('\nÖffentliche Seiten – initiales JS (gzip, Budget 130 KB, ohne Control-Panel-Code):');
for (const r of report.public)
  console.log(
    `  ${r.ok ? '✓' : '✗'} ${r.path.padEnd(14)} ${kb(r.gzipBytes).padStart(9)}${r.controlPanelCode.length ? `  enthält ${r.controlPanelCode.join(', ')}` : ''}`,
  );
console.log(
  '\nControl-Panel-Routen – eigene Chunks (gzip, Budget 30 KB; Seiten ohne das Control-Panel-Gerüst, in dem sie stehen):',
);
for (const r of report.controlPanel)
  console.log(`  ${r.ok ? '✓' : '✗'} ${r.route.padEnd(44)} ${kb(r.gzipBytes).padStart(9)}`);
console.log('\nAnfragen an den BFF je Seitenaufruf (voller Seitenaufbau, angemeldet als spieler):');
for (const r of report.requests)
  console.log(
    `  ${r.ok ? '✓' : '✗'} ${r.path.padEnd(34)} ${String(r.trpcRequests).padStart(2)} Anfrage(n)  ${String(r.contentShownMs).padStart(5)} ms bis Inhalt sichtbar`,
  );
console.log(
  `\nNavigation in der App (Klick bis Inhalt sichtbar; zweiter Besuch mit vorhandenen Daten ≤ ${SPEED_BUDGETS.navigationMs} ms, je Seitenaufruf höchstens 1 Anfrage):`,
);
for (const n of report.navigation)
  console.log(
    `  ${n.ok ? '✓' : '✗'} ${n.visit === 'first' ? 'erster Besuch ' : 'wieder       '} ${n.path.padEnd(34)} ${String(n.trpcRequests).padStart(2)} Anfrage(n)  ${n.ms === null ? '   nie' : String(n.ms).padStart(5)} ms${n.viaLink ? '' : '  (ohne Link, über den Router)'}`,
  );
console.log(
  `\nÖffentliche Seiten kalt (Median von 3; Budget FCP ≤ ${SPEED_BUDGETS.fcpMs} ms, Toplist-Tabelle ≤ ${SPEED_BUDGETS.toplistTableMs} ms, JS übertragen ≤ 100 KB):`,
);
for (const p of report.speed.paint)
  console.log(
    `  ${p.ok ? '✓' : '✗'} ${p.path.padEnd(14)} FCP ${String(p.fcpMs).padStart(5)} ms  JS ${kb(p.jsTransferredBytes).padStart(9)}${p.tableMs === null ? '' : `  Tabelle ${p.tableMs} ms`}`,
  );
console.log(
  `\nÖffentliche Seiten kalt: BFF gegen dieselben Bytes von node:http pur (HTML wie vom BFF, Dateien wie gebaut, nur Content-Type; mit und ohne das COOP des BFF; Median von 7, abwechselnd; Budget FCP ≤ ${SPEED_BUDGETS.fcpBareRatio}× gegen dieselben Bytes mit COOP):`,
);
for (const p of report.speed.againstBare)
  console.log(
    `  ${p.ok ? '✓' : '✗'} ${p.path.padEnd(14)} FCP ${String(p.bff.fcpMs).padStart(5)} ms  node:http mit COOP ${String(p.bareCoop.fcpMs).padStart(5)} ms → ${p.ratioCoop.toFixed(2)}×  ohne COOP ${String(p.bare.fcpMs).padStart(5)} ms → ${p.ratio.toFixed(2)}×   (Antwort fertig ${p.bff.responseEndMs} / ${p.bareCoop.responseEndMs} ms, interaktiv ${p.bff.domInteractiveMs} / ${p.bareCoop.domInteractiveMs} ms)`,
  );
const t = report.speed.throughput;
console.log(
  `\nÖffentliche Toplist (${t.payloadBytes} B, Lastgenerator autocannon im eigenen Prozess, ${CONNECTIONS} Verbindungen, 6 × 2 s abwechselnd):`,
);
console.log(
  `  ${t.ok ? '✓' : '✗'} BFF ${t.bff.rps} req/s (p50 ${t.bff.p50Ms} ms) gegen node:http pur mit derselben Antwort (Körper und ${t.headerCount} Header) ${t.plain.rps} req/s (p50 ${t.plain.p50Ms} ms) → ${(t.ratio * 100).toFixed(0)} % (Budget ≥ ${SPEED_BUDGETS.throughputRatio * 100} %)`,
);
console.log(
  `    gegen node:http pur nur mit Content-Type ${t.plainBare.rps} req/s (p50 ${t.plainBare.p50Ms} ms) → ${(t.ratioBare * 100).toFixed(0)} %`,
);
console.log(
  '    (Die Zahl von node:http pur ist die Grenze des Lastgenerators auf dieser Maschine: liegt sie kaum über der des BFF, misst das Verhältnis den Generator.)',
);
const a = report.speed.auth;
console.log(
  `Angemeldeter Aufruf (player.user, einzeln, abwechselnd, Median nach ${a.warmupCalls} Aufrufen zum Aufwärmen): BFF ${a.bffMs.toFixed(2)} ms, Spiel-API direkt ${a.directMs.toFixed(2)} ms → ${a.extraMs.toFixed(2)} ms Mehrkosten ${a.ok ? '✓' : '✗'} (Budget ≤ ${SPEED_BUDGETS.authExtraMs.toFixed(2)} ms)`,
);
console.log(
  `  in den ersten ${a.firstCalls} Aufrufen nach dem Start: BFF ${a.first.bffMs.toFixed(2)} ms, direkt ${a.first.directMs.toFixed(2)} ms → ${a.first.extraMs.toFixed(2)} ms`,
);
const m = report.speed.memory;
console.log(
  `Speicher je Sitzung (${m.sessions} Sitzungen, Memory-Store): ${(m.bytesPerSession / KB).toFixed(2)} KB (gesamt ${(m.heapBytes / KB / KB).toFixed(1)} MB)`,
);
const e = report.speed.exportStalls;
console.log(
  `/healthz während ${e.exports} gleichzeitiger Exporte von je ${e.records} Protokolleinträgen (${e.megabytes} MB, ${e.exportMs.join('/')} ms): ${e.healthz.probes} Proben, Median ${e.healthz.medianMs} ms, p95 ${e.healthz.p95Ms} ms ${e.ok ? '✓' : '✗'} (Budget ≤ ${e.budgetP95Ms} ms), max ${e.healthz.maxMs} ms`,
);
printAuditScale(report.speed.auditScale, {
  cpus: cpus().length,
  load: loadavg()[0].toFixed(1),
});
console.log(
  `\nBericht: .bench/report.json – ${report.ok ? 'alle Budgets eingehalten' : 'Budget überschritten'}`,
);
process.exit(report.ok ? 0 : 1);
