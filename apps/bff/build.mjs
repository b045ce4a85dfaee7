import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';
import { bundleServer } from '../../scripts/lib/bundle-server.mjs';

await bundleServer(build);

// The embedded database as PGlite creates it, for a first start without initdb (decision 072,
// src/db/pglite-template.ts reads it): named by PGlite's version, older ones removed.
const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const { version } = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8'));
const name = `pglite-template-${version}.tar.gz`;
for (const old of readdirSync('dist').filter((f) => f.startsWith('pglite-template-') && f !== name)) {
  rmSync(join('dist', old));
}
const pglite = new PGlite();
await pglite.waitReady;
const template = await pglite.dumpDataDir('gzip');
await pglite.close();
writeFileSync(join('dist', name), Buffer.from(await template.arrayBuffer()));
