/**
 * The data exports' job table (decision 101): one row per export, leased by one instance at a time
 * (`for update skip locked`, a lease that runs out when its holder dies), the parts collected so far
 * (a restarted job continues after the last one), and the finished archive in chunks.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';

export type ExportRow = Selectable<Schema['privacy_exports']>;

export interface NewExport {
  id: string;
  personId: string;
  personName: string;
  day: string;
  sessionKey: string | null;
  stepsTotal: number;
  /** Parts known when it is asked for (the identity provider's claims). */
  parts: Record<string, unknown>;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export class ExportStore {
  constructor(private readonly database: Database) {}

  #db(): Promise<Kysely<Schema>> {
    return this.database.open();
  }

  /** A new queued job; `'taken'` when the person has one for that day already (one a day). */
  async create(job: NewExport): Promise<'created' | 'taken'> {
    const db = await this.#db();
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('privacy_exports')
          .values({
            id: job.id,
            person_id: job.personId,
            person_name: job.personName,
            day: job.day,
            session_key: job.sessionKey,
            state: 'queued',
            steps_total: job.stepsTotal,
            lease_owner: null,
            lease_until: null,
            error: null,
            size_bytes: null,
            ready_at: null,
            expires_at: null,
          })
          .execute();
        for (const [area, body] of Object.entries(job.parts)) {
          await tx
            .insertInto('privacy_export_parts')
            .values({ export_id: job.id, area, body: JSON.stringify(body) })
            .execute();
        }
      });
      return 'created';
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /** The person's newest export (any state). */
  async latest(personId: string): Promise<ExportRow | null> {
    const db = await this.#db();
    const row = await db
      .selectFrom('privacy_exports')
      .selectAll()
      .where('person_id', '=', personId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async get(id: string): Promise<ExportRow | null> {
    const db = await this.#db();
    return (
      (await db.selectFrom('privacy_exports').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    );
  }

  /**
   * Leases the oldest job that is queued or whose lease ran out (its instance died), skipping rows
   * another instance is claiming at this moment.
   */
  async claim(owner: string, leaseMs: number): Promise<ExportRow | null> {
    const db = await this.#db();
    const { rows } = await sql<ExportRow>`
      update privacy_exports set state = 'running', lease_owner = ${owner},
        lease_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id = (
        select id from privacy_exports
        where state = 'queued' or (state = 'running' and lease_until < now())
        order by created_at
        limit 1
        for update skip locked)
      returning *`.execute(db);
    return rows[0] ?? null;
  }

  /** Extends the lease; false when it is no longer ours (it ran out and another instance took it). */
  async renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const db = await this.#db();
    const result = await db
      .updateTable('privacy_exports')
      .set({ lease_until: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Keeps a collected part and counts the step, if the lease is still ours. */
  async savePart(
    id: string,
    owner: string,
    area: string,
    body: unknown,
    stepsDone: number,
  ): Promise<boolean> {
    const db = await this.#db();
    return db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('privacy_exports')
        .set({ steps_done: stepsDone })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await tx
        .insertInto('privacy_export_parts')
        .values({ export_id: id, area, body: JSON.stringify(body) })
        .onConflict((c) => c.columns(['export_id', 'area']).doUpdateSet({ body: JSON.stringify(body) }))
        .execute();
      return true;
    });
  }

  async parts(id: string): Promise<Map<string, unknown>> {
    const db = await this.#db();
    const rows = await db
      .selectFrom('privacy_export_parts')
      .select(['area', 'body'])
      .where('export_id', '=', id)
      .execute();
    return new Map(rows.map((row) => [row.area, row.body]));
  }

  /** The session key is needed only while the game data is collected. */
  async forgetSession(id: string): Promise<void> {
    const db = await this.#db();
    await db.updateTable('privacy_exports').set({ session_key: null }).where('id', '=', id).execute();
  }

  /** Drops the chunks of an archive that a died instance left half written. */
  async clearChunks(id: string): Promise<void> {
    const db = await this.#db();
    await db.deleteFrom('privacy_export_chunks').where('export_id', '=', id).execute();
  }

  async saveChunk(id: string, seq: number, data: Uint8Array): Promise<void> {
    const db = await this.#db();
    await db.insertInto('privacy_export_chunks').values({ export_id: id, seq, data }).execute();
  }

  /** The archive's chunks in order, one query each: memory holds one chunk at a time. */
  async *chunks(id: string): AsyncGenerator<Uint8Array> {
    const db = await this.#db();
    for (let seq = 0; ; seq++) {
      const row = await db
        .selectFrom('privacy_export_chunks')
        .select('data')
        .where('export_id', '=', id)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) return;
      yield row.data;
    }
  }

  /** Ready for download until `expiresAt`; the collected parts are no longer needed. */
  async finish(
    id: string,
    owner: string,
    size: number,
    stepsDone: number,
    expiresAt: Date,
  ): Promise<boolean> {
    const db = await this.#db();
    return db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('privacy_exports')
        .set({
          state: 'ready',
          steps_done: stepsDone,
          size_bytes: size,
          ready_at: sql<Date>`now()`,
          expires_at: expiresAt,
          lease_owner: null,
          lease_until: null,
          session_key: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await tx.deleteFrom('privacy_export_parts').where('export_id', '=', id).execute();
      return true;
    });
  }

  /** Failed for good, with the German reason the page shows; parts and chunks go. */
  async fail(id: string, message: string): Promise<void> {
    const db = await this.#db();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('privacy_exports')
        .set({ state: 'failed', error: message, lease_owner: null, lease_until: null, session_key: null })
        .where('id', '=', id)
        .execute();
      await tx.deleteFrom('privacy_export_parts').where('export_id', '=', id).execute();
      await tx.deleteFrom('privacy_export_chunks').where('export_id', '=', id).execute();
    });
  }

  /** Gives a lease back at shutdown, so another instance continues at once. */
  async release(id: string, owner: string): Promise<void> {
    const db = await this.#db();
    await db
      .updateTable('privacy_exports')
      .set({ lease_until: sql<Date>`now()` })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .execute();
  }

  /**
   * Deletes expired exports (their archives with them) and failed ones older than `failedBefore`;
   * returns how many.
   */
  async purge(now: Date, failedBefore: Date): Promise<number> {
    const db = await this.#db();
    const result = await db
      .deleteFrom('privacy_exports')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'ready'), eb('expires_at', '<', now)]),
          eb.and([eb('state', '=', 'failed'), eb('created_at', '<', failedBefore)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
