/**
 * The build's embedded-database template (decision 072): loaded only when it was made by the
 * installed PGlite, and a database created from it migrates and works like one PGlite created.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, PGLITE_EXTENSIONS } from '../src/db/database';
import { PGliteDialect } from '../src/db/pglite-dialect';
import { loadTemplate, pgliteVersion, templateFileName } from '../src/db/pglite-template';

describe('the embedded database template', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nova-pglite-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is named by the installed PGlite version; one of another version is not loaded', () => {
    expect(pgliteVersion()).toMatch(/^\d+\.\d+\.\d+/);
    writeFileSync(join(dir, templateFileName('0.0.1')), 'made by another PGlite');
    expect(loadTemplate(dir)).toBeNull();
  });

  it('creates a database that migrates and keeps its data on disk', async () => {
    const maker = new PGlite();
    await maker.waitReady;
    const dump = await maker.dumpDataDir('gzip');
    await maker.close();
    writeFileSync(join(dir, templateFileName(pgliteVersion())), Buffer.from(await dump.arrayBuffer()));
    const template = loadTemplate(dir);
    expect(template).not.toBeNull();

    const dataDir = join(dir, 'data');
    const db = new Kysely<unknown>({
      dialect: new PGliteDialect(
        new PGlite({ dataDir, loadDataDir: template ?? undefined, extensions: PGLITE_EXTENSIONS }),
      ),
    });
    await migrate(db);
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_name in ('audit_log', 'audit_chain') order by 1`.execute(db);
    expect(tables.rows.map((r) => r.name)).toEqual(['audit_chain', 'audit_log']);
    await db.destroy();

    // Opened again from disk: no template, the migrated database as it was left.
    const again = new Kysely<unknown>({
      dialect: new PGliteDialect(new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS })),
    });
    const head = await sql<{ last_seq: number }>`select last_seq from audit_chain where id = 1`.execute(
      again,
    );
    expect(head.rows).toEqual([{ last_seq: 0 }]);
    await again.destroy();
  }, 300_000);
});
