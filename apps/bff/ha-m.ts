import { createDatabase } from './src/db/database';
import { sql } from 'kysely';
for (const cfg of [{ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/ha_audit_scratch' }, { kind: 'pglite', dataDir: 'memory://' }] as const) {
  const d = createDatabase(cfg);
  const db = await d.open();
  await sql`insert into audit_log (action, outcome, before, after, target_type, target_id, detail) values ('catalogue.vehicleTypes.update','success','{"id":1,"name":"Infernus","tankclass":1,"vehvalue":1200.50}','{"id":1,"name":"Infernus X","tankclass":2,"vehvalue":1200.5}','catalogue.vehicleTypes','1','step-up-required')`.execute(db);
  console.log((await sql`select search_text, search_keys from audit_log order by id desc limit 1`.execute(db)).rows);
  await d.close();
}
