/**
 * The persons of the audit log (decision 099): a record names a pseudonymous person number; the
 * person's personal fields (subject, login name, in-game name) live once in `audit_persons`, sealed
 * with the person's own key in `audit_person_keys` (AES-256-GCM, db/person-crypto.ts). The chain
 * hashes only the number and the ciphertext, so deleting a key (erasure, decision 100) leaves every
 * hash as it was while nobody can read who the person was. The subject is found again through a
 * digest that the erasure clears with the key.
 */
import { sql, type Kysely } from 'kysely';
import {
  AAD,
  isSealed,
  keyOf,
  newPersonKey,
  open,
  seal,
  storedKey,
  subjectDigest,
  type PersonData,
} from './person-crypto';
import type { Schema } from './schema';

export type { PersonData } from './person-crypto';

/** Who a record names, as the log writes it. */
export interface PersonInput {
  subject: string;
  login?: string | null | undefined;
  display?: string | null | undefined;
}

/** A person as a reader sees them: their fields while their key exists, else only the number. */
export interface PersonView {
  no: string;
  /** Null once the key is deleted (erasure) or when a wrapped key cannot be opened. */
  data: PersonData | null;
  /** The key was deleted: the person is forgotten. */
  erased: boolean;
  key: Buffer | null;
}

interface Row {
  person_no: string | number;
  data: string | null;
  key: string | null;
  wrapped: boolean | null;
}

const text = (n: string | number) => String(n);

/** A person as the search keeps them: the stored ciphertext and key it was opened from, and the names. */
interface OpenedPerson {
  data: string | null;
  key: string | null;
  /** In-game name, login name and subject, lower-cased for the search. */
  names: string[];
}

const namesOf = (data: PersonData | null): string[] =>
  data
    ? [data.display, data.login, data.subject].flatMap((value) =>
        value ? [value.normalize('NFC').toLocaleLowerCase('de-DE')] : [],
      )
    : [];
/** Persons decrypted at a time for the person filter. */
const MATCH_BATCH = 2000;

export class AuditPersons {
  constructor(private readonly master: Buffer | null = null) {}

  #view(row: Row): PersonView {
    const no = text(row.person_no);
    if (row.key === null) return { no, data: null, erased: true, key: null };
    const key = keyOf({ key: row.key, wrapped: row.wrapped === true }, this.master, no);
    const plain = key && row.data ? open(key, row.data, AAD.data(no)) : null;
    return { no, data: plain === null ? null : (JSON.parse(plain) as PersonData), erased: false, key };
  }

  async #bySubject(db: Kysely<Schema>, subject: string): Promise<PersonView | null> {
    const { rows } = await sql<Row>`
      select p.person_no, p.data, k.key, k.wrapped from audit_persons as p
      left join audit_person_keys as k on k.person_no = p.person_no
      where p.subject_digest = ${subjectDigest(subject)}`.execute(db);
    return rows[0] ? this.#view(rows[0]) : null;
  }

  /**
   * The person number of a subject, made at first sight (with a new key); the stored names follow
   * what the caller knows now (a name given as null or left out keeps the stored one).
   */
  async ensure(db: Kysely<Schema>, input: PersonInput): Promise<PersonView> {
    let person = await this.#bySubject(db, input.subject);
    if (!person) {
      await sql`insert into audit_persons (subject_digest) values (${subjectDigest(input.subject)})
        on conflict (subject_digest) where subject_digest is not null do nothing`.execute(db);
      person = await this.#bySubject(db, input.subject);
      if (!person) throw new Error('audit person not stored');
    }
    if (person.key === null && !person.erased) return person;
    if (person.erased) {
      // Made but its key not yet (a concurrent first sight, or a crash in between): add one.
      const stored = storedKey(newPersonKey(), this.master, person.no);
      await sql`insert into audit_person_keys (person_no, key, wrapped)
        values (${person.no}::bigint, ${stored.key}, ${stored.wrapped}) on conflict do nothing`.execute(db);
      person = await this.#bySubject(db, input.subject);
      if (!person?.key) throw new Error('audit person key not stored');
    }
    const stored = person.data;
    const next: PersonData = {
      subject: input.subject,
      login: input.login ?? stored?.login ?? null,
      display: input.display ?? stored?.display ?? null,
    };
    if (
      !stored ||
      stored.subject !== next.subject ||
      stored.login !== next.login ||
      stored.display !== next.display
    ) {
      const sealed = seal(person.key as Buffer, JSON.stringify(next), AAD.data(person.no));
      await sql`update audit_persons set data = ${sealed}, updated_at = now()
        where person_no = ${person.no}::bigint`.execute(db);
    }
    return { ...person, data: next };
  }

  /** The person of a subject, or null when none is known (or they were forgotten). */
  async find(db: Kysely<Schema>, subject: string): Promise<PersonView | null> {
    return this.#bySubject(db, subject);
  }

  /** The persons behind these numbers. */
  async views(db: Kysely<Schema>, numbers: readonly string[]): Promise<Map<string, PersonView>> {
    const wanted = [...new Set(numbers)].filter((n) => /^\d{1,18}$/.test(n));
    if (wanted.length === 0) return new Map();
    const { rows } = await sql<Row>`
      select p.person_no, p.data, k.key, k.wrapped from audit_persons as p
      left join audit_person_keys as k on k.person_no = p.person_no
      where p.person_no in (${sql.join(wanted.map((n) => sql`${n}::bigint`))})`.execute(db);
    return new Map(rows.map((row) => [text(row.person_no), this.#view(row)]));
  }

  /**
   * The numbers of the persons whose in-game name, login name or subject contains `needle`
   * (case-insensitive), and of a forgotten person searched as "Nr. 5" or "gelöschte Person (Nr. 5)".
   */
  async matching(db: Kysely<Schema>, needle: string): Promise<string[]> {
    return (await this.matchingEach(db, [needle]))[0] ?? [];
  }

  /**
   * `matching` for several needles (a keyword's words) in one read of the persons table. The table
   * is small (one row per person, not per record) and read in batches on every search, so a person
   * whose key is gone is never found again. What was opened is kept for the next search while the
   * person's ciphertext and key are unchanged (decision 099): a search then opens only the persons
   * that are new or changed instead of all of them.
   */
  async matchingEach(db: Kysely<Schema>, needles: readonly string[]): Promise<string[][]> {
    const wanted = needles.map((needle) => needle.normalize('NFC').toLocaleLowerCase('de-DE'));
    const found = wanted.map((one) => {
      const byNumber = /^(?:gelöschte person\s*)?\(?\s*(?:nr\.?\s*)?(\d{1,18})\s*\)?$/u.exec(one.trim());
      return byNumber?.[1] ? [String(BigInt(byNumber[1]))] : [];
    });
    const opened = new Map<string, OpenedPerson>();
    let after = '0';
    for (;;) {
      const { rows } = await sql<Row>`
        select p.person_no, p.data, k.key, k.wrapped from audit_persons as p
        join audit_person_keys as k on k.person_no = p.person_no
        where p.person_no > ${after}::bigint order by p.person_no limit ${MATCH_BATCH}`.execute(db);
      for (const row of rows) {
        const no = text(row.person_no);
        const known = this.#opened.get(no);
        const person =
          known && known.data === row.data && known.key === row.key
            ? known
            : { data: row.data, key: row.key, names: namesOf(this.#view(row).data) };
        opened.set(no, person);
        wanted.forEach((one, index) => {
          if (person.names.some((name) => name.includes(one))) found[index]?.push(no);
        });
      }
      const last = rows.at(-1);
      if (!last || rows.length < MATCH_BATCH) break;
      after = text(last.person_no);
    }
    this.#opened = opened;
    return found;
  }

  /** The persons opened by the last search, by number (see `matchingEach`). */
  #opened = new Map<string, OpenedPerson>();

  /**
   * A person was forgotten on this instance: their names leave its memory at once (other instances
   * drop them at their next search, which no longer finds the key).
   */
  forgotten(no: string): void {
    this.#opened.delete(no);
  }

  /** A record's address, sealed with the person's key (null when there is none to seal with). */
  sealIp(person: PersonView, ip: string | null | undefined): string | null {
    if (ip === null || ip === undefined || ip === '') return null;
    return person.key ? seal(person.key, ip, AAD.ip(person.no)) : null;
  }

  /** Free text that may name the person, sealed with their key (it goes with the key). */
  sealText(person: PersonView, value: string): string | null {
    return person.key ? seal(person.key, value, AAD.text(person.no)) : null;
  }

  /** Wraps the keys stored without the master key (a master key configured after they were made). */
  async wrapKeys(db: Kysely<Schema>): Promise<number> {
    if (!this.master) return 0;
    const { rows } = await sql<{ person_no: string | number; key: string }>`
      select person_no, key from audit_person_keys where not wrapped`.execute(db);
    for (const row of rows) {
      const no = text(row.person_no);
      const stored = storedKey(Buffer.from(row.key, 'base64'), this.master, no);
      await sql`update audit_person_keys set key = ${stored.key}, wrapped = true
        where person_no = ${no}::bigint and not wrapped`.execute(db);
    }
    return rows.length;
  }
}

/** A record's address as stored: opened with the acting person's key, or null once it is gone. */
export function openIp(person: PersonView | undefined, stored: string | null): string | null {
  if (stored === null) return null;
  if (!isSealed(stored)) return stored;
  return person?.key ? open(person.key, stored, AAD.ip(person.no)) : null;
}

/** A record's values with the texts sealed for `person` opened; unreadable ones become null. */
export function openTexts(value: unknown, person: PersonView | undefined): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.some(([, v]) => typeof v === 'string' && isSealed(v))) return value;
  return Object.fromEntries(
    entries.map(([k, v]) => [
      k,
      typeof v === 'string' && isSealed(v)
        ? person?.key
          ? open(person.key, v, AAD.text(person.no))
          : null
        : v,
    ]),
  );
}
