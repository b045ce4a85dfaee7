/**
 * Standard Webhooks signatures (decision 097): the secret is `whsec_` + base64 of 32 random bytes;
 * a delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature` =
 * `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), so any Standard Webhooks library
 * verifies it.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export function newSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt; the timestamp is the attempt's, the id the delivery's. */
export function webhookHeaders(
  secret: string,
  id: string,
  body: string,
  now: number = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  };
}
