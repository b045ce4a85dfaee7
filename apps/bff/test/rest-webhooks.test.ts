/**
 * The webhooks through the REST door (decisions 080, 097): the scope `nova.webhooks` (403 naming it
 * without), a create with an Idempotency-Key and the secret in its answer only, a delete with
 * If-Match (428 without, 412 when the subscription changed or is gone; its counters changing by
 * themselves are no change), Problem Details with JSON pointers, the delivery log and "Erneut senden".
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { restClient, type ProblemBody } from './rest-client';
import { withTestBff, type TestBff } from './test-bff';
import { webhookTestSetup } from './webhook-receiver';

const { own, receiver } = webhookTestSetup('rest_webhooks');

interface SubscriptionBody {
  id: string;
  url: string;
  format: string;
  events: string[];
  state: string;
  pending: number;
  failed: number;
}

const BASE = '/api/v1/webhooks/subscriptions';

/** A successful audited update of a radio station: the event `catalogue.changed`. */
async function radioChanged(bff: TestBff) {
  const audit = bff.app.nova.audit;
  const id = await audit.begin({
    actor: { id: 'id-hook-admin', name: 'hook-admin' },
    action: 'catalogue.serverRadios.update',
    target: { type: 'catalogue.serverRadios', id: 26 },
    before: { id: 26, name: 'Prüfradio Nord', url: 'https://radio.example/nord' },
    sent: { id: 26, name: 'Prüfradio Süd', url: 'https://radio.example/nord' },
  });
  await audit.complete(id, {
    outcome: 'success',
    after: { id: 26, name: 'Prüfradio Süd', url: 'https://radio.example/nord' },
  });
  return id;
}

describe('REST API /api/v1/webhooks', () => {
  const bff = withTestBff({
    env: {
      RATE_LIMIT_TRPC_PER_CLIENT: '100000',
      RATE_LIMIT_TRPC_PER_USER: '100000',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_RETRY_BASE_MS: '50',
      WEBHOOKS_TIMEOUT_MS: '2000',
    },
    overrides: { database: own.database },
  });

  const { machine, request, ...tokens } = restClient(bff, { machineRoles: ['web:admin:webhooks'] });
  const bot = () => machine(['nova.webhooks']);
  const person = () =>
    tokens.person({ sub: 'person-hook-admin', username: 'hook-admin', roles: ['web:admin:webhooks'] });

  const subscriptions = async () => {
    const db = await own.database.open();
    return db.selectFrom('webhook_subscriptions').select(['id', 'state']).execute();
  };

  async function create(token: string, events = ['catalogue.changed']) {
    const answer = await request('POST', BASE, {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { url: receiver.url, format: 'standard', events },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json<{ subscription: SubscriptionBody; secret: string }>();
  }

  async function etagOf(token: string, id: string): Promise<string> {
    const answer = await request('GET', `${BASE}/${id}`, { token });
    expect(answer.statusCode).toBe(200);
    return String(answer.headers.etag);
  }

  it('without the scope nova.webhooks: 403 naming it, and nothing is created', async () => {
    const token = await machine(['nova.catalogues.read', 'nova.catalogues.write']);
    for (const [method, url, body] of [
      ['GET', BASE, undefined],
      ['POST', BASE, { url: receiver.url, format: 'standard', events: ['catalogue.changed'] }],
      ['POST', `${BASE}/1/rotate-secret`, undefined],
      ['GET', `${BASE}/1/deliveries`, undefined],
    ] as const) {
      const answer = await request(method, url, { token, body });
      expect([method, url, answer.statusCode]).toEqual([method, url, 403]);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.headers['www-authenticate']).toBe(
        'Bearer realm="nova", error="insufficient_scope", scope="nova.webhooks"',
      );
      expect(answer.json<ProblemBody>()).toMatchObject({
        type: 'urn:nova:problem:missing-scope',
        title: 'Keine Berechtigung',
        scope: 'nova.webhooks',
        reason: 'MISSING_SCOPE',
      });
    }
    expect(await subscriptions()).toEqual([]);
  });

  it('with the scope but without the webhooks role: 403', async () => {
    const answer = await request('GET', BASE, {
      token: await machine(['nova.webhooks'], ['web:admin']),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['content-type']).toContain('application/problem+json');
  });

  it('creates once per Idempotency-Key: 201 with Location and ETag, the secret in the answer only', async () => {
    const token = await bot();
    const key = randomUUID();
    const values = { url: receiver.url, format: 'discord', events: ['catalogue.created', 'account.linked'] };
    const post = () => request('POST', BASE, { token, headers: { 'idempotency-key': key }, body: values });
    const first = await post();
    expect(first.statusCode).toBe(201);
    const created = first.json<{ subscription: SubscriptionBody; secret: string }>();
    expect(created.subscription).toMatchObject({ ...values, state: 'active', pending: 0, failed: 0 });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { id } = created.subscription;
    expect(first.headers.location).toBe(`${BASE}/${id}`);
    expect(first.headers['cache-control']).toBe('no-store');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"n1\.[A-Za-z0-9_-]+"$/);

    // The row and the list: the same ETag, never the secret.
    const row = await request('GET', `${BASE}/${id}`, { token });
    expect(row.statusCode).toBe(200);
    expect(row.headers.etag).toBe(etag);
    expect(row.json()).toEqual(created.subscription);
    const secretPart = created.secret.slice('whsec_'.length);
    expect(row.body).not.toContain(secretPart);
    const list = await request('GET', BASE, { token });
    expect(list.statusCode).toBe(200);
    expect(list.json<SubscriptionBody[]>().map((s) => s.id)).toEqual([id]);
    expect(list.body).not.toContain(secretPart);
    expect(list.headers['x-total-count']).toBe('1');

    // The answer of the first call was lost: the same key creates nothing twice.
    const second = await post();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(created);
    expect(await subscriptions()).toHaveLength(1);
    // A new key is a new subscription.
    await create(token);
    expect(await subscriptions()).toHaveLength(2);

    // The key is kept without the secret.
    const db = await own.database.open();
    const keys = await db
      .selectFrom('idempotency_keys')
      .select(['procedure', 'result'])
      .where('key', '=', key)
      .execute();
    expect(keys.map((k) => k.procedure)).toEqual(['webhooks.create']);
    expect(JSON.stringify(keys)).not.toContain(secretPart);
  });

  it('answers invalid values as Problem Details with a JSON pointer per field', async () => {
    const answer = await request('POST', BASE, {
      token: await bot(),
      headers: { 'idempotency-key': randomUUID() },
      body: { url: '', format: 'standard', events: [] },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    const body = answer.json<ProblemBody>();
    expect(body).toMatchObject({
      type: 'urn:nova:problem:validation',
      title: 'Ungültige Anfrage',
      status: 400,
      detail: 'Bitte überprüfe deine Eingaben.',
    });
    expect(body.errors?.sort((a, b) => String(a.pointer).localeCompare(String(b.pointer)))).toEqual([
      { pointer: '/events', detail: 'Bitte wähle mindestens ein Ereignis.' },
      { pointer: '/url', detail: 'Bitte gib eine Adresse ein.' },
    ]);
    const notAnAddress = await request('POST', BASE, {
      token: await bot(),
      body: { url: 'irgendwo', format: 'standard', events: ['catalogue.changed'] },
    });
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.json<ProblemBody>().errors).toEqual([
      { pointer: '/url', detail: 'Bitte gib eine vollständige Adresse ein (https://…).' },
    ]);
    expect(await subscriptions()).toEqual([]);
  });

  it('rotates the secret: the new one in the answer once, the old one no longer', async () => {
    const token = await bot();
    const { subscription, secret } = await create(token);
    const answer = await request('POST', `${BASE}/${subscription.id}/rotate-secret`, { token });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { secret: next } = answer.json<{ secret: string }>();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const row = await request('GET', `${BASE}/${subscription.id}`, { token });
    expect(row.body).not.toContain(next.slice('whsec_'.length));
    const missing = await request('POST', `${BASE}/999999/rotate-secret`, { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ProblemBody>()).toMatchObject({
      title: 'Nicht gefunden',
      detail: 'Dieses Abonnement gibt es nicht (mehr).',
    });
  });

  it('deletes with If-Match for a person (428 without it); a machine client never deletes', async () => {
    const { subscription } = await create(await bot());
    const token = await person();
    const etag = await etagOf(token, subscription.id);
    const byMachine = await request('DELETE', `${BASE}/${subscription.id}`, {
      token: await bot(),
      headers: { 'if-match': etag },
    });
    expect(byMachine.statusCode).toBe(403);
    expect(byMachine.headers['content-type']).toContain('application/problem+json');
    const missing = await request('DELETE', `${BASE}/${subscription.id}`, { token });
    expect(missing.statusCode).toBe(428);
    expect(missing.json<ProblemBody>()).toMatchObject({
      type: 'urn:nova:problem:precondition-required',
      title: 'If-Match fehlt',
      detail:
        'Sende die ETag der Zeile als If-Match mit, damit keine fremde Änderung überschrieben wird. Du bekommst sie mit GET der Zeile.',
    });
    expect(await subscriptions()).toHaveLength(1);
    const answer = await request('DELETE', `${BASE}/${subscription.id}`, {
      token,
      headers: { 'if-match': etag },
    });
    expect(answer.statusCode).toBe(204);
    expect(await subscriptions()).toEqual([]);
  });

  it('deliveries change a subscription’s counters, not what If-Match compares', async () => {
    const { subscription } = await create(await bot());
    const token = await person();
    const etag = await etagOf(token, subscription.id);
    // A delivery that keeps failing: pending, failing since now.
    receiver.answers.push(500, 500, 500, 500, 500, 500, 500, 500, 500, 500);
    await radioChanged(bff);
    await receiver.waitFor(1);
    const now = await request('GET', `${BASE}/${subscription.id}`, { token });
    expect(now.json<SubscriptionBody>().pending).toBe(1);
    expect(now.headers.etag).not.toBe(etag);
    const answer = await request('DELETE', `${BASE}/${subscription.id}`, {
      token,
      headers: { 'if-match': etag },
    });
    expect(answer.statusCode).toBe(204);
    expect(await subscriptions()).toEqual([]);
  });

  it('a stale If-Match is 412 with the subscription as it is now and its ETag', async () => {
    const { subscription } = await create(await bot());
    const token = await person();
    const etag = await etagOf(token, subscription.id);
    // Paused meanwhile (as the worker does after a day of failures): that is a change.
    const db = await own.database.open();
    await db
      .updateTable('webhook_subscriptions')
      .set({ state: 'paused', paused_at: new Date() })
      .where('id', '=', subscription.id)
      .execute();
    const stale = await request('DELETE', `${BASE}/${subscription.id}`, {
      token,
      headers: { 'if-match': etag },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers['content-type']).toContain('application/problem+json');
    const body = stale.json<ProblemBody>();
    expect(body).toMatchObject({
      type: 'urn:nova:problem:conflict',
      title: 'Die Zeile hat sich geändert',
      reason: 'changed',
      current: { id: subscription.id, state: 'paused' },
      changedBy: { name: 'service-account-integrator' },
    });
    expect(stale.headers.etag).not.toBe(etag);
    expect(await subscriptions()).toHaveLength(1);

    // With the 412's ETag the delete goes through.
    const retry = await request('DELETE', `${BASE}/${subscription.id}`, {
      token,
      headers: { 'if-match': String(stale.headers.etag) },
    });
    expect(retry.statusCode).toBe(204);
    expect(await subscriptions()).toEqual([]);
  });

  it('a delete of a subscription deleted meanwhile is 412 with current null', async () => {
    const { subscription } = await create(await bot());
    const token = await person();
    const etag = await etagOf(token, subscription.id);
    const db = await own.database.open();
    await db.deleteFrom('webhook_subscriptions').where('id', '=', subscription.id).execute();
    const answer = await request('DELETE', `${BASE}/${subscription.id}`, {
      token,
      headers: { 'if-match': etag },
    });
    expect(answer.statusCode).toBe(412);
    expect(answer.json<ProblemBody>()).toMatchObject({ reason: 'deleted', current: null });
    expect(answer.headers.etag).toBeUndefined();
  });

  it('reads the delivery log paged, sends a delivery again under the same webhook-id, resumes', async () => {
    const token = await bot();
    const { subscription } = await create(token);
    const record = await radioChanged(bff);
    const [first] = await receiver.waitFor(1);
    const deliveryId = `msg_${record}_${subscription.id}`;
    expect(first?.headers['webhook-id']).toBe(deliveryId);

    // The receiver answered; the worker records the delivery right after.
    const log = await vi.waitFor(
      async () => {
        const answer = await request('GET', `${BASE}/${subscription.id}/deliveries?pageSize=10`, { token });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual([
          expect.objectContaining({ id: deliveryId, eventType: 'catalogue.changed', state: 'delivered' }),
        ]);
        return answer;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(log.headers['x-total-count']).toBe('1');
    expect(log.headers.link).toBe(
      `<${BASE}/${subscription.id}/deliveries?pageSize=10&page=1>; rel="first", <${BASE}/${subscription.id}/deliveries?pageSize=10&page=1>; rel="last"`,
    );

    const resend = await request('POST', `${BASE}/${subscription.id}/deliveries/${deliveryId}/resend`, {
      token,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ ok: true });
    const [, again] = await receiver.waitFor(2);
    expect(again?.headers['webhook-id']).toBe(deliveryId);
    // Sending again is an admin action like any other: recorded before it is done.
    const { rows: resent } = await bff.app.nova.audit.list(
      { action: 'webhooks.resend' },
      { offset: 0, limit: 5 },
    );
    expect(resent.map((record) => [record.outcome, record.targetType, record.targetId])).toEqual([
      ['success', 'webhooks', subscription.id],
    ]);
    // A subscription that does not exist has no empty delivery log: it is not there.
    const unknown = await request('GET', `${BASE}/987654/deliveries`, { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ProblemBody>()).toMatchObject({ detail: 'Dieses Abonnement gibt es nicht (mehr).' });
    const invalid = await request('POST', `${BASE}/${subscription.id}/deliveries/nichts/resend`, { token });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ProblemBody>().errors).toEqual([
      { parameter: 'delivery', detail: 'Ungültige Zustellung' },
    ]);

    const db = await own.database.open();
    await db
      .updateTable('webhook_subscriptions')
      .set({ state: 'paused', paused_at: new Date() })
      .where('id', '=', subscription.id)
      .execute();
    const resumed = await request('POST', `${BASE}/${subscription.id}/resume`, { token });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({ ok: true });
    expect((await subscriptions())[0]?.state).toBe('active');
  });
});
