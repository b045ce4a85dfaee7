/**
 * Webhooks (decision 097): subscriptions through the procedures, the outbox written in the
 * transaction that completes the audit record, deliveries signed so that the Standard Webhooks
 * library verifies them, retries after a failed answer under the same webhook-id, two workers on
 * one database delivering each event once, refused internal targets, the Discord format's text.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database';
import { registry } from '../src/observability/metrics';
import { WebhookWorker } from '../src/webhooks/worker';
import { httpSender } from '../src/webhooks/sender';
import { checkTarget } from '../src/webhooks/targets';
import { sessionHeaders, withTestBff, type TestBff } from './test-bff';
import { webhookTestSetup } from './webhook-receiver';

const EXAMPLE = fileURLToPath(new URL('../examples/integrator.py', import.meta.url));

const PRIVATE_TARGET =
  'Diese Adresse zeigt auf ein internes Netz (Loopback, privat oder link-lokal). Webhooks dürfen nur öffentliche Ziele aufrufen.';

const { own, receiver } = webhookTestSetup('webhooks');

async function trpc(bff: TestBff, procedure: string, input: unknown, roles = ['web:admin:webhooks']) {
  const headers = await sessionHeaders(bff, { username: 'hook-admin', roles });
  const answer = await bff.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
  return {
    status: answer.statusCode,
    body: answer.json<{
      result?: { data: Record<string, unknown> };
      error?: { message: string; data: { fieldErrors: Record<string, string> | null } };
    }>(),
  };
}

async function subscribe(bff: TestBff, input: { url: string; format?: string; events: string[] }) {
  const answer = await trpc(bff, 'webhooks.create', { values: { format: 'standard', ...input } });
  expect(answer.status).toBe(200);
  return answer.body.result?.data as { subscription: { id: string }; secret: string };
}

const RADIO = { id: 26, name: 'Prüfradio Nord', url: 'https://radio.example/nord' };

/** A successful audited update of a radio station, as audited() writes it: intent, then completion. */
async function radioChanged(
  bff: TestBff,
  after: Record<string, unknown> = { ...RADIO, name: 'Prüfradio Süd' },
  actor: { id: string; name: string; displayName?: string } = { id: 'id-hook-admin', name: 'hook-admin' },
) {
  const audit = bff.app.nova.audit;
  const id = await audit.begin({
    actor,
    action: 'catalogue.serverRadios.update',
    target: { type: 'catalogue.serverRadios', id: 26 },
    before: RADIO,
    sent: after,
  });
  await audit.complete(id, { outcome: 'success', after });
  return id;
}

describe('webhooks through the BFF', () => {
  const bff = withTestBff({
    env: {
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_RETRY_BASE_MS: '50',
      WEBHOOKS_TIMEOUT_MS: '2000',
    },
    overrides: { database: own.database },
  });

  it('shows the secret once, and signs each delivery so that the Standard Webhooks library verifies it', async () => {
    const { subscription, secret } = await subscribe(bff, {
      url: receiver.url,
      events: ['catalogue.changed'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await bff.app.inject({
      method: 'GET',
      url: '/trpc/webhooks.list',
      headers: await sessionHeaders(bff, { username: 'hook-admin', roles: ['web:admin:webhooks'] }),
    });
    expect(listed.body).not.toContain(secret.slice(6));
    expect(listed.json<{ result: { data: { id: string }[] } }>().result.data.map((s) => s.id)).toEqual([
      subscription.id,
    ]);

    const record = await radioChanged(bff);
    const [delivery] = await receiver.waitFor(1);
    const headers = {
      'webhook-id': String(delivery?.headers['webhook-id']),
      'webhook-timestamp': String(delivery?.headers['webhook-timestamp']),
      'webhook-signature': String(delivery?.headers['webhook-signature']),
    };
    expect(headers['webhook-id']).toBe(`msg_${record}_${subscription.id}`);
    const payload = new Webhook(secret).verify(delivery?.body ?? '', headers) as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'catalogue.changed',
      data: {
        record,
        action: 'catalogue.serverRadios.update',
        text: 'Radiosender „Prüfradio Süd“ geändert',
        actor: { id: 'id-hook-admin', name: 'hook-admin' },
        target: { type: 'catalogue.serverRadios', id: '26' },
      },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(delivery?.body ?? '', headers),
    ).toThrow();
  });

  it("verifies a delivery with the README's Python example, and refuses a changed one", async () => {
    const { secret } = await subscribe(bff, { url: receiver.url, events: ['catalogue.changed'] });
    await radioChanged(bff);
    const [delivery] = await receiver.waitFor(1);
    const verify = (body: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = execFile(
          'python3',
          [EXAMPLE, 'verify-webhook'],
          { env: { PATH: process.env.PATH, NOVA_WEBHOOK_SECRET: secret } },
          (error, stdout, stderr) =>
            resolve({ code: error ? (error.code as number) : 0, out: stdout + stderr }),
        );
        child.stdin?.end(JSON.stringify({ headers: delivery?.headers, body }));
      });
    const valid = await verify(delivery?.body ?? '');
    expect(valid).toEqual({
      code: 0,
      out: 'Signatur gültig: catalogue.changed – Radiosender „Prüfradio Süd“ geändert\n',
    });
    const changed = await verify((delivery?.body ?? '').replace('Süd', 'Ost'));
    expect(changed).toEqual({ code: 1, out: 'Signatur ungültig\n' });
  });

  it('sends only the kinds a subscription chose', async () => {
    const { subscription } = await subscribe(bff, { url: receiver.url, events: ['catalogue.deleted'] });
    await radioChanged(bff);
    const audit = bff.app.nova.audit;
    const removed = await audit.begin({
      actor: { id: 'id-hook-admin', name: 'hook-admin' },
      action: 'catalogue.serverRadios.remove',
      target: { type: 'catalogue.serverRadios', id: 27 },
      before: { id: 27, name: 'Altradio', url: 'https://radio.example/alt' },
    });
    await audit.complete(removed, { outcome: 'success', after: null });
    const [only] = await receiver.waitFor(1);
    expect(JSON.parse(only?.body ?? '{}')).toMatchObject({
      type: 'catalogue.deleted',
      data: { record: removed },
    });
    // A delivery is queued in its record's completing transaction (decision 097): the change was never queued
    // for this subscription, so nothing more can arrive later.
    const queued = await bff.app.nova.webhooks.store.deliveries(subscription.id);
    expect(queued.map((delivery) => delivery.eventType)).toEqual(['catalogue.deleted']);
    expect(receiver.received).toHaveLength(1);
  });

  it('tries again after a 500 from the receiver, with the same webhook-id, and logs each attempt', async () => {
    const { subscription } = await subscribe(bff, { url: receiver.url, events: ['catalogue.changed'] });
    receiver.answers.push(500);
    await radioChanged(bff);
    const [first, second] = await receiver.waitFor(2);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    const headers = await sessionHeaders(bff, { username: 'hook-admin', roles: ['web:admin:webhooks'] });
    const logOf = async () => {
      const page = await bff.app.inject({
        method: 'GET',
        url: `/trpc/webhooks.deliveries?input=${encodeURIComponent(JSON.stringify({ id: subscription.id }))}`,
        headers,
      });
      return page.json<{ result: { data: Record<string, unknown>[] } }>().result.data;
    };
    // The second answer is recorded right after it came.
    await expect.poll(async () => (await logOf())[0]?.state).toBe('delivered');
    const [entry] = await logOf();
    expect(entry).toMatchObject({
      state: 'delivered',
      attempts: 2,
      lastStatus: 204,
      eventType: 'catalogue.changed',
    });
    const db = await own.database.open();
    const attempts = await db
      .selectFrom('webhook_attempts')
      .select(['status', 'error'])
      .where('delivery_id', '=', String(entry?.id))
      .orderBy('id')
      .execute();
    expect(attempts).toEqual([
      { status: 500, error: 'Der Empfänger antwortete 500' },
      { status: 204, error: null },
    ]);
  });

  it('shows the outbox depth and the attempts by outcome in the metrics', async () => {
    /** One series' value as Prometheus would scrape it (null: not there). */
    const valueOf = async (series: string) => {
      const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : null;
    };
    const RETRY = 'nova_webhook_deliveries_total{outcome="retry"}';
    const DELIVERED = 'nova_webhook_deliveries_total{outcome="delivered"}';
    const retries = (await valueOf(RETRY)) ?? 0;
    const delivered = (await valueOf(DELIVERED)) ?? 0;
    await subscribe(bff, { url: receiver.url, events: ['catalogue.changed'] });
    receiver.answers.push(500, 'hold');
    await radioChanged(bff);
    // The second attempt is held by the receiver: the delivery is still in the outbox.
    await receiver.waitFor(2);
    expect(await valueOf(RETRY)).toBe(retries + 1);
    expect(await valueOf('nova_webhook_outbox_pending')).toBeGreaterThanOrEqual(1);
    receiver.release();
    await expect.poll(() => valueOf(DELIVERED)).toBe(delivered + 1);
  });

  it('sends the Discord format as the audit log’s German sentence', async () => {
    await subscribe(bff, { url: receiver.url, format: 'discord', events: ['catalogue.changed'] });
    await radioChanged(bff);
    const [message] = await receiver.waitFor(1);
    expect(JSON.parse(message?.body ?? '{}')).toEqual({
      content: 'Radiosender „Prüfradio Süd“ geändert – von hook-admin\nName: Prüfradio Nord → Prüfradio Süd',
      allowed_mentions: { parse: [] },
    });
    // A person with an in-game name is named by it; the standard body keeps the login name beside it.
    await radioChanged(
      bff,
      { ...RADIO, name: 'Prüfradio West' },
      {
        id: 'id-hook-nova',
        name: 'hook-nova',
        displayName: 'Hook_Nova',
      },
    );
    const [, named] = await receiver.waitFor(2);
    expect(JSON.parse(named?.body ?? '{}')).toEqual({
      content: 'Radiosender „Prüfradio West“ geändert – von Hook_Nova\nName: Prüfradio Nord → Prüfradio West',
      allowed_mentions: { parse: [] },
    });
  });

  it('records creating, rotating and deleting a subscription, never with its secret', async () => {
    const { subscription, secret } = await subscribe(bff, { url: receiver.url, events: ['account.linked'] });
    const rotated = await trpc(bff, 'webhooks.rotateSecret', { id: subscription.id });
    const next = (rotated.body.result?.data as { secret: string }).secret;
    expect(next).not.toBe(secret);
    expect((await trpc(bff, 'webhooks.remove', { id: subscription.id })).status).toBe(200);
    const db = await own.database.open();
    const records = await db
      .selectFrom('audit_log')
      .select(['action', 'outcome', sql<string>`row_to_json(audit_log)::text`.as('row')])
      .where('target_type', '=', 'webhooks')
      .where('target_id', '=', subscription.id)
      .orderBy('id')
      .execute();
    expect(records.map((r) => [r.action, r.outcome])).toEqual([
      ['webhooks.create', 'success'],
      ['webhooks.rotateSecret', 'success'],
      ['webhooks.remove', 'success'],
    ]);
    for (const record of records) {
      expect(record.row).not.toContain(secret.slice(6));
      expect(record.row).not.toContain(next.slice(6));
    }
  });

  it('is for the webhooks role only', async () => {
    const answer = await trpc(
      bff,
      'webhooks.create',
      { values: { url: receiver.url, format: 'standard', events: ['catalogue.changed'] } },
      ['web:admin'],
    );
    expect(answer.status).toBe(403);
  });
});

describe('the outbox and the record commit together', () => {
  const bff = withTestBff({
    env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
    overrides: { database: own.database },
  });

  it('writes no event when the completion fails, and leaves the record open for the sweep', async () => {
    await subscribe(bff, { url: receiver.url, events: ['catalogue.changed'] });
    const db = await own.database.open();
    // The outbox refuses this one event: the completion's transaction must fail as a whole.
    await sql`create or replace function webhook_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.body like '%Ausfallradio%' then raise exception 'outbox refused'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger webhook_test_refuse before insert on webhook_deliveries
      for each row execute function webhook_test_refuse()`.execute(db);
    try {
      const audit = bff.app.nova.audit;
      const id = await audit.begin({
        actor: { id: 'id-hook-admin', name: 'hook-admin' },
        action: 'catalogue.serverRadios.update',
        target: { type: 'catalogue.serverRadios', id: 28 },
        before: { id: 28, name: 'Radio', url: 'https://radio.example/r' },
      });
      await expect(
        audit.complete(id, {
          outcome: 'success',
          after: { id: 28, name: 'Ausfallradio', url: 'https://radio.example/r' },
        }),
      ).rejects.toThrow();
      const record = await db
        .selectFrom('audit_log')
        .select('outcome')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(record?.outcome).toBe('pending');
      const events = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('audit_id', '=', id)
        .execute();
      expect(events).toEqual([]);
      // And a completion that succeeds has its event.
      const ok = await radioChanged(bff);
      const written = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('audit_id', '=', ok)
        .execute();
      expect(written).toHaveLength(1);
    } finally {
      await sql`drop trigger webhook_test_refuse on webhook_deliveries`.execute(db);
      await sql`drop function webhook_test_refuse()`.execute(db);
    }
  });
});

describe('targets in production', () => {
  const bff = withTestBff({ overrides: { database: own.database } });

  it('refuses loopback, private and link-local targets with a German message', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://[fe80::1]/hook',
      'https://169.254.169.254/',
    ]) {
      const answer = await trpc(bff, 'webhooks.create', {
        values: { url, format: 'standard', events: ['catalogue.changed'] },
      });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error?.data.fieldErrors).toEqual({ url: PRIVATE_TARGET });
    }
    const plain = await trpc(bff, 'webhooks.create', {
      values: { url: 'http://hooks.example/x', format: 'standard', events: ['catalogue.changed'] },
    });
    expect(plain.body.error?.data.fieldErrors).toEqual({ url: 'Die Adresse muss mit https:// beginnen.' });
  });

  it('refuses a name that resolves to an internal address, checking every address', async () => {
    const resolve = (host: string) =>
      Promise.resolve(host === 'mixed.example' ? ['93.184.215.14', '192.168.1.20'] : ['93.184.215.14']);
    await expect(checkTarget('https://mixed.example/hook', { allowPrivate: false, resolve })).rejects.toThrow(
      PRIVATE_TARGET,
    );
    await expect(
      checkTarget('https://public.example/hook', { allowPrivate: false, resolve }),
    ).resolves.toBeInstanceOf(URL);
  });

  it('refuses at delivery a name that resolves to loopback, and never follows a redirect', async () => {
    const send = httpSender({ allowPrivate: false, timeoutMs: 2000 });
    const port = new URL(receiver.url).port;
    const refused = await send({
      id: 'msg_1_1',
      url: `https://localhost:${port}/hook`,
      secret: 'whsec_AAAA',
      body: '{}',
    });
    expect(refused).toMatchObject({ status: null, error: PRIVATE_TARGET });
    expect(receiver.received).toHaveLength(0);
    receiver.answers.push(302);
    const open = httpSender({ allowPrivate: true, timeoutMs: 2000 });
    const redirected = await open({ id: 'msg_1_1', url: receiver.url, secret: 'whsec_AAAA', body: '{}' });
    expect(redirected).toMatchObject({ status: 302, error: 'Weiterleitung: nicht gefolgt' });
    expect(receiver.received).toHaveLength(1);
  });
});

describe('two workers on one database', () => {
  const bff = withTestBff({
    env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
    overrides: { database: own.database },
  });

  it('deliver each event once', async () => {
    // The app's own worker stops; two others, each with its own connections, share the outbox.
    await bff.app.nova.webhooks.worker.stop();
    const databases = [0, 1].map(() => createDatabase({ kind: 'postgres', url: own.url }));
    const log = { warn: () => {}, error: () => {} };
    const workers = databases.map(
      (database) =>
        new WebhookWorker({
          database,
          send: httpSender({ allowPrivate: true, timeoutMs: 5000 }),
          log,
          leaseMs: 30_000,
          retryBaseMs: 50,
          pollMs: 20,
          batch: 8,
        }),
    );
    try {
      await subscribe(bff, { url: receiver.url, events: ['catalogue.changed'] });
      const records = [];
      for (let i = 0; i < 60; i++) records.push(await radioChanged(bff, { ...RADIO, name: `Radio ${i}` }));
      for (const worker of workers) worker.start();
      const received = await receiver.waitFor(60);
      // Once none is pending, no worker can lease one again: whatever was sent twice has been sent.
      await expect.poll(() => bff.app.nova.webhooks.store.pending()).toBe(0);
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
      expect(new Set(ids).size).toBe(60);
      expect(receiver.received).toHaveLength(60);
      expect(received).toHaveLength(60);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all(databases.map((database) => database.close()));
      bff.app.nova.webhooks.worker.start();
    }
  });
});
