/**
 * The cluster test's load (a process of its own, so that its work never slows the test's clock nor
 * the other way round): signed-in players reading their data and admins creating catalogue rows, all
 * through the load balancer, as long as the test wants. Talks to the test over IPC:
 * - `start` → signs everybody in, answers `ready`, then keeps the load going;
 * - `report` → answers what happened since the last report (and whether every session is still
 *   signed in), and starts counting afresh;
 * - `finish` → stops, sends every create that failed once more with its key (as the dialog does on
 *   "Erneut versuchen"), and answers with each create's name and last status and the rows the game
 *   API has now (the admin's list).
 */
import { randomUUID } from 'node:crypto';
import { HttpBrowser, signIn } from '../http-browser';

export interface DriverStart {
  type: 'start';
  url: string;
  players: string[];
  admins: string[];
  runId: string;
}
export type DriverCommand = DriverStart | { type: 'report' } | { type: 'finish' };

export interface Failure {
  what: 'read' | 'write';
  status: number;
  servedBy: string | null;
  body: string;
}
export interface Report {
  type: 'report';
  reads: number;
  writes: number;
  failures: Failure[];
  servedBy: Record<string, number>;
  /** Sessions that answered "not signed in" (`session.me`) at this report. */
  signedOut: number;
}
export interface Create {
  name: string;
  key: string;
  status: number;
}
export type DriverAnswer =
  { type: 'ready' } | Report | { type: 'finished'; creates: Create[]; rows: { id: number; name: string }[] };

const SPA = { 'x-csrf': '1' };
const JSON_HEADERS = { ...SPA, 'content-type': 'application/json' };

let counts = { reads: 0, writes: 0, failures: [] as Failure[], servedBy: {} as Record<string, number> };
let running = true;
const creates: Create[] = [];
const loops: Promise<void>[] = [];
let browsers: HttpBrowser[] = [];

function send(answer: DriverAnswer): void {
  process.send?.(answer);
}

/** One request through the balancer; status 0 when no answer came at all. */
async function call(
  browser: HttpBrowser,
  url: string,
  init: { method?: string; body?: string; headers: Record<string, string> },
) {
  const cookie = browser.cookieHeader(url);
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { ...init.headers, ...(cookie ? { cookie } : {}) },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const body = await response.text();
    return { status: response.status, servedBy: response.headers.get('x-served-by'), body };
  } catch (error) {
    return { status: 0, servedBy: null, body: error instanceof Error ? error.message : String(error) };
  }
}

function count(what: 'read' | 'write', answer: { status: number; servedBy: string | null; body: string }) {
  if (what === 'read') counts.reads++;
  else counts.writes++;
  if (answer.servedBy) counts.servedBy[answer.servedBy] = (counts.servedBy[answer.servedBy] ?? 0) + 1;
  if (answer.status !== 200)
    counts.failures.push({
      what,
      status: answer.status,
      servedBy: answer.servedBy,
      body: answer.body.slice(0, 300),
    });
}

async function readLoop(browser: HttpBrowser, url: string): Promise<void> {
  while (running) count('read', await call(browser, `${url}/trpc/player.user`, { headers: SPA }));
}

const createUrl = (url: string) => `${url}/trpc/catalogue.achievements.create`;
const createBody = (create: Create) =>
  JSON.stringify({
    values: { name: create.name, description: 'Lastprobe im Verbund', exp: 1, money: 1 },
    idempotencyKey: create.key,
  });

async function writeLoop(browser: HttpBrowser, url: string, runId: string, admin: number): Promise<void> {
  for (let n = 1; running; n++) {
    const create: Create = { name: `Verbund ${runId} ${admin}-${n}`, key: randomUUID(), status: 0 };
    creates.push(create);
    const answer = await call(browser, createUrl(url), {
      method: 'POST',
      headers: JSON_HEADERS,
      body: createBody(create),
    });
    create.status = answer.status;
    count('write', answer);
  }
}

async function signedOut(url: string): Promise<number> {
  const answers = await Promise.all(
    browsers.map((browser) => call(browser, `${url}/trpc/session.me`, { headers: SPA })),
  );
  return answers.filter((answer) => {
    try {
      const me = JSON.parse(answer.body) as { result?: { data?: { signedIn?: boolean } } };
      return me.result?.data?.signedIn !== true;
    } catch {
      return true;
    }
  }).length;
}

let url = '';
let adminBrowsers: HttpBrowser[] = [];

process.on('message', (command: DriverCommand) => {
  void (async () => {
    if (command.type === 'start') {
      url = command.url;
      const players = command.players.map(() => new HttpBrowser());
      adminBrowsers = command.admins.map(() => new HttpBrowser());
      for (const [i, browser] of players.entries()) await signIn(browser, url, command.players[i] ?? '');
      for (const [i, browser] of adminBrowsers.entries()) await signIn(browser, url, command.admins[i] ?? '');
      browsers = [...players, ...adminBrowsers];
      for (const browser of players) loops.push(readLoop(browser, url));
      for (const [i, browser] of adminBrowsers.entries())
        loops.push(writeLoop(browser, url, command.runId, i + 1));
      send({ type: 'ready' });
    } else if (command.type === 'report') {
      const now = counts;
      counts = { reads: 0, writes: 0, failures: [], servedBy: {} };
      send({ type: 'report', ...now, signedOut: await signedOut(url) });
    } else {
      running = false;
      await Promise.all(loops);
      const admin = adminBrowsers[0];
      for (const create of creates) {
        if (create.status === 200 || !admin) continue;
        const answer = await call(admin, createUrl(url), {
          method: 'POST',
          headers: JSON_HEADERS,
          body: createBody(create),
        });
        create.status = answer.status;
      }
      const list = admin
        ? await call(admin, `${url}/trpc/catalogue.achievements.list`, { headers: SPA })
        : { status: 0, body: '' };
      if (list.status !== 200) throw new Error(`the list answered ${list.status}: ${list.body}`);
      const rows = (JSON.parse(list.body) as { result: { data: { id: number; name: string }[] } }).result
        .data;
      send({ type: 'finished', creates, rows: rows.map(({ id, name }) => ({ id, name })) });
      process.disconnect();
    }
  })().catch((error: unknown) => {
    process.stderr.write(
      `load driver: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
});
