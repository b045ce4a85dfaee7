/**
 * A person's key in the audit log (decision 099): AES-256-GCM from node:crypto, a fresh 96-bit IV
 * per value and the purpose bound in as associated data, so a ciphertext cannot be moved to another
 * person or field. A key may be wrapped with a master key (AUDIT_PERSON_MASTER_KEY) the database does
 * not hold. Imports nothing of ours, so the migration can use it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'p1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const newPersonKey = (): Buffer => randomBytes(32);

/** `p1:<base64url(iv | ciphertext | tag)>`; `aad` names the person and the field. */
export function seal(key: Buffer, plain: string, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The plain text, or null when the value is not ours or the key does not open it. */
export function open(key: Buffer, sealed: string, aad: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

export const isSealed = (value: string | null): boolean => value?.startsWith(PREFIX) === true;

/** What a key row stores: the key itself, or wrapped with the master key. */
export function storedKey(
  key: Buffer,
  master: Buffer | null,
  personNo: string,
): { key: string; wrapped: boolean } {
  return master
    ? { key: seal(master, key.toString('base64'), `nova-person-key|${personNo}`), wrapped: true }
    : { key: key.toString('base64'), wrapped: false };
}

/** The key of a key row; null when it is wrapped and the master key is missing or another. */
export function keyOf(
  row: { key: string; wrapped: boolean },
  master: Buffer | null,
  personNo: string,
): Buffer | null {
  if (!row.wrapped) return Buffer.from(row.key, 'base64');
  if (!master) return null;
  const plain = open(master, row.key, `nova-person-key|${personNo}`);
  return plain === null ? null : Buffer.from(plain, 'base64');
}

/** How a person is found by their subject without storing it in clear; erased with the key. */
export const subjectDigest = (subject: string): string =>
  createHash('sha256').update(`nova-audit-person|${subject}`, 'utf8').digest('hex');

/** The associated data of a person's fields. */
export const AAD = {
  data: (personNo: string) => `nova-person-data|${personNo}`,
  ip: (personNo: string) => `nova-person-ip|${personNo}`,
  /** Free text about the person (a hold's reason), in a record's sent values. */
  text: (personNo: string) => `nova-person-text|${personNo}`,
} as const;

/** A person's personal fields, stored once, sealed with their key. */
export interface PersonData {
  /** The identity provider's subject. */
  subject: string;
  /** The login name (Keycloak username). */
  login: string | null;
  /** The in-game name (the first `customname`, specification §3). */
  display: string | null;
}
