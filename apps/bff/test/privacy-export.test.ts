/**
 * "Meine Daten" over real HTTP (decision 101): dev-idp, the game API simulator, BFF instances on the
 * tests' PostgreSQL sharing Redis for sessions. The archive holds every area of the player, compared
 * with what the simulator serves, and nothing of another player; a second export the same day is
 * refused; the download refuses another person; a job taken over after its instance stopped mid-way
 * finishes without reading again what was collected.
 */
import { DEMO_ACCOUNTS } from '@nova/demo';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import yauzl from 'yauzl';
import { HttpBrowser, signIn } from './http-browser';
import { SPA } from './helpers';
import { integratorToken } from './session-tools';
import { call, query } from './trpc-http';
import { startStack, type Bff, type Stack } from './stack';

interface Status {
  state: string;
  progress: number;
  downloadUrl: string | null;
  error: string | null;
  canStart: boolean;
}

/** The archive's files as text, by name. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) {
        reject(error);
        return;
      }
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) {
            reject(streamError);
            return;
          }
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function statusOf(browser: HttpBrowser, url: string): Promise<Status> {
  const answer = await query(browser, url, 'privacy.exportStatus');
  expect(answer.status).toBe(200);
  return answer.body.result?.data as Status;
}

/** Waits for a state (no fixed sleeps: polls the status as the page does). */
async function until(browser: HttpBrowser, url: string, done: (status: Status) => boolean): Promise<Status> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await statusOf(browser, url);
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`export still ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function download(browser: HttpBrowser, url: string): Promise<Response> {
  return fetch(url, { headers: { ...SPA, cookie: browser.cookieHeader(url) } });
}

async function simGet(stack: Stack, path: string): Promise<unknown> {
  const token = await integratorToken(stack.idp.issuer);
  const response = await fetch(`${stack.gameApiUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('the data export', () => {
  let stack: Stack;
  let a: Bff;
  const spieler = new HttpBrowser();
  const beta = new HttpBrowser();
  const admin = new HttpBrowser();
  let files: Map<string, string>;
  let downloadUrl = '';

  beforeAll(async () => {
    stack = await startStack({ bffCount: 3 });
    a = await stack.startBff(0, {
      env: { REDIS_URL: inject('redisUrl'), PRIVACY_POLL_MS: '100', PRIVACY_LEASE_SECONDS: '2' },
    });
    await signIn(spieler, a.url, 'spieler');
    await signIn(beta, a.url, 'beta');
    await signIn(admin, a.url, 'admin');
  });
  afterAll(async () => {
    await stack.close();
  });

  it('prepares an archive with every area of the player as JSON and CSV and a German README', async () => {
    const started = await call(spieler, a.url, 'privacy.startExport');
    expect(started.status).toBe(200);
    const ready = await until(spieler, a.url, (status) => status.state === 'ready');
    expect(ready.progress).toBe(100);
    downloadUrl = `${a.url}${ready.downloadUrl}`;
    const response = await download(spieler, downloadUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    files = await unzip(Buffer.from(await response.arrayBuffer()));

    const names = [...files.keys()].sort();
    for (const area of [
      'README.txt',
      'konto.json',
      'profil.json',
      'erfolge.json',
      'erfolge.csv',
      'fahrzeuge.json',
      'fahrzeuge.csv',
      'gutscheine.json',
      'gutscheine.csv',
      'inventar.json',
      'inventar.csv',
      'lizenzen.json',
      'lizenzen.csv',
      'bankkonten.json',
      'bankkonten.csv',
      'waffenskills.json',
      'waffenskills.csv',
      'skins.json',
      'skins.csv',
      'faehigkeiten.json',
      'faehigkeiten.csv',
      'verknuepfte-konten.json',
      'verknuepfte-konten.csv',
      'sitzungen.json',
      'sitzungen.csv',
      'audit-log.json',
      'audit-log.csv',
    ]) {
      expect(names).toContain(area);
    }
    expect(files.get('README.txt')).toContain('inventar.json');
    expect(files.get('README.txt')).toContain('Semikolon als Trennzeichen');
    // German Excel: byte order mark, semicolons, CRLF.
    expect(files.get('audit-log.csv')?.startsWith('\uFEFFZeitpunkt;Person;Anmeldename;Subjekt;')).toBe(true);
    expect(files.get('inventar.csv')).toMatch(/^\uFEFFtype;name;quantity\r\n/);
  });

  it('holds what the game API serves for the player', async () => {
    const id = DEMO_ACCOUNTS.spieler.id;
    const inventory = (await simGet(stack, `user/${id}/inventory`)) as { type: number; value: number }[];
    const exported = JSON.parse(files.get('inventar.json') ?? 'null') as { type: number; quantity: number }[];
    expect(inventory.length).toBeGreaterThan(0);
    // The inventory screen sums the entries of one kind.
    const sums = new Map<number, number>();
    for (const item of inventory) sums.set(item.type, (sums.get(item.type) ?? 0) + item.value);
    expect(new Map(exported.map((item) => [item.type, item.quantity]))).toEqual(sums);
    const banks = (await simGet(stack, `user/${id}/bank-accounts`)) as { bankId: number }[];
    const exportedBanks = JSON.parse(files.get('bankkonten.json') ?? 'null') as { bankId: number }[];
    expect(exportedBanks.map((bank) => bank.bankId)).toEqual(banks.map((bank) => bank.bankId));
    const skills = (await simGet(stack, `user/${id}/skills`)) as { id: number; level: number }[];
    const exportedSkills = JSON.parse(files.get('faehigkeiten.json') ?? 'null') as {
      id: number;
      level: number;
    }[];
    expect(exportedSkills.map((skill) => [skill.id, skill.level])).toEqual(
      skills.map((skill) => [skill.id, skill.level]),
    );
    const profile = JSON.parse(files.get('profil.json') ?? 'null') as { id: string };
    expect(profile.id).toBe(id);
    const account = JSON.parse(files.get('konto.json') ?? 'null') as {
      benutzername: string;
      anmeldedienst: Record<string, unknown>;
    };
    expect(account.benutzername).toBe('spieler');
    expect(account.anmeldedienst.sub).toBe(id);
    expect(account.anmeldedienst.email).toBe('spieler@nova-legacy.example');
    const sessions = JSON.parse(files.get('sitzungen.json') ?? 'null') as unknown[];
    expect(sessions.length).toBeGreaterThan(0);
    const audit = JSON.parse(files.get('audit-log.json') ?? 'null') as { action: string; actorId: string }[];
    expect(audit.some((record) => record.action === 'auth.sign-in' && record.actorId === id)).toBe(true);
    expect(audit.some((record) => record.action === 'privacy.startExport')).toBe(true);
  });

  it('holds nothing of another player and no token', () => {
    const all = [...files.values()].join('\n');
    expect(all).not.toContain(DEMO_ACCOUNTS.beta.id);
    expect(all).not.toContain(DEMO_ACCOUNTS.admin.id);
    expect(all).not.toContain('Lena_Hoffmann');
    expect(all).not.toContain('anderes Konto: beta');
    expect(all).not.toContain('"accessToken"');
    expect(all).not.toContain('refresh');
    const audit = JSON.parse(files.get('audit-log.json') ?? 'null') as {
      actorId: string | null;
      targetId: string | null;
    }[];
    for (const record of audit) {
      expect([record.actorId, record.targetId]).toContain(DEMO_ACCOUNTS.spieler.id);
    }
  });

  it('refuses a second export on the same day in German', async () => {
    const again = await call(spieler, a.url, 'privacy.startExport');
    expect(again.status).toBe(429);
    expect(again.body.error?.message).toBe(
      'Du hast heute schon einen Export angefordert. Ein neuer ist morgen wieder möglich.',
    );
    expect((await statusOf(spieler, a.url)).canStart).toBe(false);
  });

  it('refuses the download to another signed-in person and to nobody signed in', async () => {
    const other = await download(admin, downloadUrl);
    expect(other.status).toBe(404);
    const body = (await other.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      'Diesen Export gibt es nicht (mehr). Exporte können nur von der Person heruntergeladen werden, die sie angefordert hat, und nur 24 Stunden lang.',
    );
    const anonymous = await fetch(downloadUrl, { headers: SPA });
    expect(anonymous.status).toBe(401);
    // The owner still may.
    expect((await download(spieler, downloadUrl)).status).toBe(200);
  });

  it('goes on after its instance stopped mid-way, without reading again what it had', async () => {
    // Instance B hangs at the licenses: the job has collected the areas before them when B stops.
    let held = false;
    const b = await stack.startBff(1, {
      env: {
        REDIS_URL: inject('redisUrl'),
        PRIVACY_POLL_MS: '100',
        PRIVACY_LEASE_SECONDS: '2',
        GAME_API_TIMEOUT_MS: '1000',
      },
      gameApiFetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.endsWith('/licenses')) {
          held = true;
          return new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('held until stopped'))),
          );
        }
        return fetch(input, init);
      },
    });
    // Only B runs jobs now: A stops.
    await a.app.close();
    const started = await call(beta, b.url, 'privacy.startExport');
    expect(started.status).toBe(200);
    const midway = await until(beta, b.url, (status) => held && status.progress > 0);
    expect(midway.state).toBe('running');
    await b.app.close();

    const seen: string[] = [];
    const c = await stack.startBff(2, {
      env: { REDIS_URL: inject('redisUrl'), PRIVACY_POLL_MS: '100', PRIVACY_LEASE_SECONDS: '2' },
      gameApiFetch: (input, init) => {
        seen.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
        return fetch(input, init);
      },
    });
    const ready = await until(beta, c.url, (status) => status.state === 'ready');
    const response = await download(beta, `${c.url}${ready.downloadUrl}`);
    expect(response.status).toBe(200);
    const archive = await unzip(Buffer.from(await response.arrayBuffer()));
    const licenses = (await simGet(stack, `user/${DEMO_ACCOUNTS.beta.id}/licenses`)) as {
      licenseId: number;
    }[];
    const exported = JSON.parse(archive.get('lizenzen.json') ?? 'null') as {
      licenseId: number;
      owned: boolean;
    }[];
    expect(
      exported
        .filter((license) => license.owned)
        .map((license) => license.licenseId)
        .sort(),
    ).toEqual(licenses.map((license) => license.licenseId).sort());
    // The profile was read before the stop and kept: the new instance did not read it again.
    expect(seen.some((path) => path.endsWith('/licenses'))).toBe(true);
    expect(seen.some((path) => path.endsWith('/profile'))).toBe(false);
    expect(JSON.parse(archive.get('profil.json') ?? 'null')).toMatchObject({ id: DEMO_ACCOUNTS.beta.id });
  });
});
