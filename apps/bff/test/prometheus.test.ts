/**
 * The real thing (decision 074): Debian's Prometheus server, with its own port and data folder and
 * the alert rules of deploy/prometheus, scrapes a BFF process's metrics port; a series is then read
 * back through Prometheus' HTTP API, and the rules are loaded. `pnpm test` installs the `prometheus`
 * package when it is missing (scripts/lib/system-packages.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBffProcess } from './bff-process';
import { freePort } from './ports';

const PROMETHEUS = '/usr/bin/prometheus';
const RULES = fileURLToPath(new URL('../../../deploy/prometheus/alerts.yml', import.meta.url));

let dir: string;
let bff: ChildProcess | undefined;
let prometheus: ChildProcess | undefined;
let bffUrl: string;
let prometheusUrl: string;
let prometheusLog = '';

/** Ends a child process by its pid and waits for it. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  if (!existsSync(PROMETHEUS))
    throw new Error(
      'Prometheus fehlt (Debian-Paket „prometheus“): apt-get install -y prometheus, oder pnpm test installiert es.',
    );
  dir = mkdtempSync(join(tmpdir(), 'nova-prometheus-'));
  const [bffPort, metricsPort, prometheusPort] = [await freePort(), await freePort(), await freePort()];
  bffUrl = `http://localhost:${bffPort}`;
  prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
  bff = await startBffProcess(bffUrl, { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' });
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'rule_files:',
      `  - ${JSON.stringify(RULES)}`,
      'scrape_configs:',
      '  - job_name: nova-bff',
      '    static_configs:',
      `      - targets: ['127.0.0.1:${metricsPort}']`,
      '',
    ].join('\n'),
  );
  prometheus = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${prometheusPort}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  prometheus.stderr?.on('data', (chunk: Buffer) => (prometheusLog += chunk.toString()));
  await vi.waitFor(
    async () => {
      if (prometheus?.exitCode !== null) throw new Error(`Prometheus exited: ${prometheusLog}`);
      expect((await fetch(`${prometheusUrl}/-/ready`).catch(() => null))?.status).toBe(200);
    },
    { timeout: 60_000, interval: 250 },
  );
}, 120_000);

afterAll(async () => {
  await stop(prometheus);
  await stop(bff);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.json()) as {
    status: string;
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  expect(body.status).toBe('success');
  return body.data.result;
}

describe('Prometheus', () => {
  it('scrapes the BFF and answers a query for its request series', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${bffUrl}/healthz`)).status).toBe(200);
    await expect
      .poll(
        async () => {
          const [series] = await query(
            'nova_http_request_duration_seconds_count{route="/healthz",status="200"}',
          );
          return Number(series?.value[1] ?? 0);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(3);
    const [up] = await query('up{job="nova-bff"}');
    expect(up?.value[1]).toBe('1');
  }, 90_000);

  it('loads the alert rules and evaluates them against the scraped series', async () => {
    await expect
      .poll(
        async () => {
          const response = await fetch(`${prometheusUrl}/api/v1/rules?type=alert`);
          const body = (await response.json()) as {
            data: { groups: { rules: { name: string; health: string }[] }[] };
          };
          return body.data.groups
            .flatMap((group) => group.rules)
            .filter((rule) => rule.health === 'ok')
            .map((rule) => rule.name)
            .sort();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([
        'NovaAuditUnknownOutcomes',
        'NovaBffDown',
        'NovaDatabasePoolExhausted',
        'NovaEventLoopLag',
        'NovaGameApiCircuitOpen',
        'NovaHighErrorRate',
        'NovaNotReady',
        'NovaRedisCircuitOpen',
        'NovaWebhookDeliveriesFailing',
        'NovaWebhookOutboxBacklog',
      ]);
  }, 60_000);
});
