/**
 * A row's ETag (RFC 9110 §8.8.3) carries the row itself, compressed: `If-Match` then gives the write
 * spine the `expected` row it compares with the current one (decision 044), so the REST adapter
 * neither reads the row again nor compares anything itself (decision 080). Clients treat it as
 * opaque. A forged one is no more than a forged `expected` of the tRPC input: the spine compares it
 * with the row as it is, and the procedure's schema validates it.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

const PREFIX = 'n1.';

/** Keys sorted at every level: the same row gives the same ETag whatever order its fields came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function rowEtag(row: unknown): string {
  const bytes = deflateRawSync(Buffer.from(JSON.stringify(canonical(row))));
  return `"${PREFIX}${bytes.toString('base64url')}"`;
}

export type IfMatch =
  { kind: 'missing' } | { kind: 'any' } | { kind: 'row'; row: unknown } | { kind: 'invalid' };

/** The row an `If-Match` names: one strong ETag of ours, or `*` (any current row: no comparison). */
export function parseIfMatch(header: string | undefined): IfMatch {
  if (header === undefined || header.trim() === '') return { kind: 'missing' };
  const value = header.trim();
  if (value === '*') return { kind: 'any' };
  const match = /^"n1\.([A-Za-z0-9_-]{1,8000})"$/.exec(value);
  if (!match?.[1]) return { kind: 'invalid' };
  try {
    // A bounded inflate: an ETag is never more than a row.
    const text = inflateRawSync(Buffer.from(match[1], 'base64url'), { maxOutputLength: 256 * 1024 });
    return { kind: 'row', row: JSON.parse(text.toString('utf8')) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}
