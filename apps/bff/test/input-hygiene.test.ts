/**
 * Input hygiene where input enters: NUL and unpaired surrogates are refused with
 * a German field error (400) and nothing reaches the game API or the audit log; text is normalised
 * to NFC before validation; a body that is not JSON gets a German message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBrowser, signIn } from './http-browser';
import { SPA } from './helpers';
import { startStack, type Bff, type Stack } from './stack';
import { call, countingGameApi, query } from './trpc-http';

describe('input hygiene', () => {
  let stack: Stack;
  let bff: Bff;
  let admin: HttpBrowser;
  const gameApi = countingGameApi();

  beforeAll(async () => {
    stack = await startStack();
    bff = await stack.startBff(0, { gameApiFetch: gameApi.fetch });
    admin = new HttpBrowser();
    await signIn(admin, bff.url, 'admin');
  });
  afterAll(() => stack.close());

  it.each([
    ['NUL', 'harmlos\u0000'],
    ['an unpaired surrogate', 'x\uD83D'],
  ])('%s: 400 with a German field error, nothing sent, nothing recorded', async (_kind, text) => {
    const sent = gameApi.writes().length;
    const answer = await call(admin, bff.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: text, points: 1, is_static: 0 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.data.fieldErrors).toEqual({
      reason_name: 'Enthält ein unzulässiges Zeichen (Steuer- oder Ersatzzeichen).',
    });
    expect(gameApi.writes()).toHaveLength(sent);
    const rows = await query(admin, bff.url, 'audit.list', {
      action: 'catalogue.wantedReasons.create',
      pageSize: 100,
    });
    expect(JSON.stringify(rows.body.result?.data)).not.toContain(JSON.stringify(text).slice(1, -1));
  });

  it('normalises text to NFC before it is validated and sent', async () => {
    const nfd = `Cafe\u0301 ${Date.now()}`;
    const answer = await call(admin, bff.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: nfd, points: 1, is_static: 0 },
    });
    expect(answer.status).toBe(200);
    expect((answer.body.result?.data as { reason_name: string }).reason_name).toBe(nfd.normalize('NFC'));
    const list = JSON.stringify((await query(admin, bff.url, 'catalogue.wantedReasons.list')).body);
    expect(list).toContain(nfd.normalize('NFC'));
    expect(list).not.toContain(nfd);
  });

  it('a body that is not JSON gets a German message', async () => {
    const url = `${bff.url}/trpc/catalogue.wantedReasons.create`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...SPA, cookie: admin.cookieHeader(url), 'content-type': 'application/json' },
      body: '{"values": {',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      'Die Anfrage konnte nicht gelesen werden (kein gültiges JSON). Bitte lade die Seite neu.',
    );
  });
});
