/**
 * A freshly created embedded database, made by the BFF's build with the same PGlite (build.mjs,
 * decision 072): a first start on an empty DATA_DIR (and every `memory://` start) loads it instead of
 * running PGlite's initdb, the longest part of a first start. Only the cluster PGlite creates; the
 * migrations still run at start. Named by PGlite's version, so a build made with another one is
 * never loaded; without it (a start from the sources, a build without one) PGlite creates the
 * database itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed PGlite's version (its package.json is not among its exports: read from disk). */
export function pgliteVersion(): string {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export const templateFileName = (version: string) => `pglite-template-${version}.tar.gz`;

/** The template beside the running code (dist/ in the build), or null. */
export function loadTemplate(dir = dirname(fileURLToPath(import.meta.url))): Blob | null {
  const path = join(dir, templateFileName(pgliteVersion()));
  return existsSync(path) ? new Blob([readFileSync(path)]) : null;
}
