/** Small node:http helpers for the routes that are not oidc-provider's. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const FORM_LIMIT = 16 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads an `application/x-www-form-urlencoded` body (the only kind these routes accept). */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'expected application/x-www-form-urlencoded');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) throw new HttpError(413, 'request body too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
}

export function sendHtml(res: ServerResponse, status: number, html: string, csp: string): void {
  securityHeaders(res);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', csp);
  res.end(html);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  securityHeaders(res);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify(body));
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
): void {
  securityHeaders(res);
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(text);
}

/** RFC 6749 §2.3.1: client id and secret are form-urlencoded inside the Basic credentials. */
export function basicCredentials(req: IncomingMessage): { id: string; secret: string } | undefined {
  const [scheme, value] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !value) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    return { id, secret };
  } catch {
    return undefined;
  }
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const [scheme, value] = (req.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}
