/**
 * One delivery attempt (decision 097): a POST with the Standard Webhooks headers, bounded by a time
 * limit, through the checked lookup (targets.ts). A 2xx answer delivers; a redirect is not followed
 * and counts as a failure, like any other answer or none.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_TEXTS } from '@nova/domain';
import { webhookHeaders } from './signature';
import { checkedLookup, refusedLiteral, TargetRefused, type TargetPolicy } from './targets';

export interface Attempt {
  /** The receiver's HTTP status; null when none came. */
  status: number | null;
  /** Why it failed, in German, for the delivery log; null when delivered. */
  error: string | null;
  durationMs: number;
}

export interface SendOptions extends TargetPolicy {
  timeoutMs: number;
  now?: () => number;
}

export interface Outgoing {
  id: string;
  url: string;
  secret: string;
  body: string;
}

export type Sender = (delivery: Outgoing) => Promise<Attempt>;

const reasonOf = (error: unknown, timedOut: boolean): string => {
  if (timedOut) return 'Zeitüberschreitung: keine Antwort in der erlaubten Zeit';
  if (error instanceof TargetRefused) return error.message;
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return WEBHOOK_TEXTS.unresolvable;
  if (code === 'ECONNREFUSED') return 'Verbindung abgelehnt';
  if (code === 'ECONNRESET') return 'Verbindung abgebrochen';
  return 'Empfänger nicht erreichbar';
};

export function httpSender(options: SendOptions): Sender {
  const lookup = checkedLookup(options);
  const now = options.now ?? Date.now;
  return (delivery) =>
    new Promise<Attempt>((resolve) => {
      const started = performance.now();
      const done = (status: number | null, error: string | null) =>
        resolve({ status, error, durationMs: Math.round(performance.now() - started) });
      let url: URL;
      try {
        url = new URL(delivery.url);
      } catch {
        done(null, 'Ungültige Adresse');
        return;
      }
      if (refusedLiteral(url, options)) {
        done(null, WEBHOOK_TEXTS.privateTarget);
        return;
      }
      if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) {
        done(null, WEBHOOK_TEXTS.httpsOnly);
        return;
      }
      const body = Buffer.from(delivery.body, 'utf8');
      let timedOut = false;
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          lookup: lookup,
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            'user-agent': 'NovaLegacy-Webhooks/1',
            ...webhookHeaders(delivery.secret, delivery.id, delivery.body, now()),
          },
        },
        (response: IncomingMessage) => {
          const status = response.statusCode ?? 0;
          // The answer's body is not needed: read and dropped, so the socket can be reused.
          response.resume();
          response.on('end', () => {
            clearTimeout(timer);
            if (status >= 200 && status < 300) {
              done(status, null);
              return;
            }
            if (status >= 300 && status < 400) {
              done(status, 'Weiterleitung: nicht gefolgt');
              return;
            }
            done(status, `Der Empfänger antwortete ${status}`);
          });
          response.on('error', (error) => {
            clearTimeout(timer);
            done(status, reasonOf(error, timedOut));
          });
        },
      );
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error('timeout'));
      }, options.timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        done(null, reasonOf(error, timedOut));
      });
      request.end(body);
    });
}
