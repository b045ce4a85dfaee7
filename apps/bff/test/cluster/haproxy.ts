/**
 * Debian's HAProxy in front of the cluster test's BFF instances, configured as decision 078 tells an
 * operator to: health checks on `/readyz` (an instance that drains or has no database gets no new
 * requests), a refused connection tried again at another instance, and the instance that answered
 * named in `x-served-by` (so that the test sees which one served what). Its state is read from the
 * runtime API's socket (`show stat`), never guessed from time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';

export interface Haproxy {
  /** `UP`, `DOWN`, `MAINT`, … of each server (`bff1` …), as HAProxy sees it now. */
  states(): Promise<Record<string, string>>;
  /** Resolves once every named server is in the wanted state. */
  waitFor(wanted: Record<string, 'UP' | 'DOWN'>, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function haproxyConfig(options: { port: number; servers: number[]; socket: string }): string {
  return `global
  maxconn 2000
  stats socket ${options.socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 2s
  # A connection an instance refuses (it stopped listening, or it was killed) is tried again at
  # another one: nothing was sent yet, so this is safe for writes too.
  retries 3
  option redispatch 1

frontend web
  bind 127.0.0.1:${options.port}
  default_backend bff

backend bff
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  http-response set-header x-served-by %[srv_name]
  default-server check inter 200ms fall 2 rise 1
${options.servers.map((port, i) => `  server bff${i + 1} 127.0.0.1:${port}`).join('\n')}
`;
}

function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let answer = '';
    connection.on('connect', () => connection.write(`${command}\n`));
    connection.on('data', (chunk) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

export function startHaproxy(port: number, servers: number[]): Haproxy {
  const dir = mkdtempSync(join(tmpdir(), 'nova-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig({ port, servers, socket }));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy rejects its configuration: ${check.stderr}`);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  const states = async () => {
    const csv = await ask(socket, 'show stat');
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const name = columns.indexOf('svname');
    const status = columns.indexOf('status');
    const result: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      const server = cells[name] ?? '';
      if (cells[0] === 'bff' && server.startsWith('bff')) result[server] = cells[status] ?? '';
    }
    return result;
  };
  const waitFor = async (wanted: Record<string, 'UP' | 'DOWN'>, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    let now: Record<string, string> = {};
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
      now = await states().catch(() => ({}));
      // "DOWN 1/2" and the like are on the way, not there.
      if (Object.entries(wanted).every(([server, state]) => now[server] === state)) return;
      if (Date.now() > deadline)
        throw new Error(`haproxy: wanted ${JSON.stringify(wanted)}, have ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    states,
    waitFor,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
