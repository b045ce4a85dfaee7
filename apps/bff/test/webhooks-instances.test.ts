/**
 * Webhooks across real BFF processes on one PostgreSQL (decision 097): two instances deliver each
 * event once, and a delivery whose instance was killed (kill -9) in the middle of it is delivered
 * after a restart under the same webhook-id (at least once).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { enqueueEvents } from '../src/webhooks/outbox';
import { WebhookStore } from '../src/webhooks/store';
import { startBffProcess } from './bff-process';
import { ownTestDatabase } from './helpers';
import { freePort } from './ports';
import { startReceiver, type Receiver } from './webhook-receiver';

// Its own database: the shared one's apps (other test files) would deliver these events too.
const own = ownTestDatabase('webhook_instances');
const database = own.database;
const audit = new AuditLog(database);
audit.onSuccess(async (trx, record, happenedAt) => {
  await enqueueEvents(trx, record, happenedAt);
});
const store = new WebhookStore(database);

const ENV = {
  DATABASE_URL: own.url,
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOKS_LEASE_SECONDS: '3',
  WEBHOOKS_TIMEOUT_MS: '30000',
};

let receiver: Receiver;
const children: ChildProcess[] = [];
const urls: string[] = [];

async function start(index: number): Promise<ChildProcess> {
  const child = await startBffProcess(urls[index] ?? '', ENV);
  children.push(child);
  return child;
}

/** A successful record of a changed wanted reason, written with its events (as audited() does). */
async function changed(name: string): Promise<string> {
  const id = await audit.begin({
    actor: { id: 'id-admin', name: 'admin' },
    action: 'catalogue.wantedReasons.update',
    target: { type: 'catalogue.wantedReasons', id: 7 },
    before: { id: 7, reason_name: 'Raub', points: 3, is_static: 0 },
  });
  await audit.complete(id, {
    outcome: 'success',
    after: { id: 7, reason_name: name, points: 3, is_static: 0 },
  });
  return id;
}

beforeAll(async () => {
  await own.create();
  receiver = await startReceiver();
  for (let i = 0; i < 2; i++) urls.push(`http://localhost:${await freePort()}`);
  // One after the other: two starting at once take long on a busy machine.
  await start(0);
  await start(1);
}, 240_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  const db = await database.open();
  await db.deleteFrom('webhook_subscriptions').execute();
  await own.drop();
  await receiver.close();
});

describe('webhooks on two BFF instances', () => {
  it('deliver each event once', async () => {
    const { subscription } = await store.create({
      url: receiver.url,
      format: 'standard',
      events: ['catalogue.changed'],
      createdBy: 'admin',
    });
    for (let i = 0; i < 40; i++) await changed(`Raub ${i}`);
    await receiver.waitFor(40, 60_000);
    // Once none is pending, neither instance can lease one again: whatever was sent twice has been sent.
    await expect.poll(() => store.pending(), { timeout: 60_000 }).toBe(0);
    const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    await store.remove(subscription.id);
    receiver.received.length = 0;
  }, 90_000);

  it('deliver after a kill -9 and a restart, under the same webhook-id', async () => {
    const { subscription } = await store.create({
      url: receiver.url,
      format: 'standard',
      events: ['catalogue.changed'],
      createdBy: 'admin',
    });
    receiver.answers.push('hold');
    const record = await changed('Raub im Absturz');
    const [first] = await receiver.waitFor(1, 30_000);
    // Whichever instance holds the delivery, both die without a chance to record anything.
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    const db = await database.open();
    const held = await db
      .selectFrom('webhook_deliveries')
      .select(['state', 'attempts'])
      .where('audit_id', '=', record)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({ state: 'pending', attempts: 1 });
    await start(0);
    const [, again] = await receiver.waitFor(2, 60_000);
    expect(again?.headers['webhook-id']).toBe(`msg_${record}_${subscription.id}`);
    expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(again?.body).toBe(first?.body);
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('webhook_deliveries')
              .select('state')
              .where('audit_id', '=', record)
              .executeTakeFirst()
          )?.state,
        { timeout: 10_000 },
      )
      .toBe('delivered');
    receiver.release();
  }, 120_000);
});
