/**
 * The import graph's rules (.dependency-cruiser.cjs, decision 103) reject what they are for: a cycle
 * made of type-only imports, a BFF module importing a layer above its own, and src/kinds importing
 * anything of the BFF. Each case is a small tree of files in a temporary directory, cruised with
 * the repository's own configuration, as `pnpm lint` does.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

/** Cases side by side in one tree (one run); each case's files live under their own folders. */
const FILES = {
  // A cycle of type-only imports.
  'packages/x/src/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
  'packages/x/src/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
  // The domain layer importing the HTTP layer, a type only.
  'apps/bff/src/audit/up.ts': "import type { Context } from '../trpc/context';\nexport type Up = Context;\n",
  'apps/bff/src/trpc/context.ts': 'export interface Context { id: string }\n',
  // src/kinds importing the BFF.
  'apps/bff/src/kinds/up.ts': "import type { Row } from '../db/schema';\nexport type Up = Row;\n",
  'apps/bff/src/db/schema.ts': 'export interface Row { id: string }\n',
  // Down and sideways.
  'apps/bff/src/kinds/a.ts': 'export interface A { id: string }\n',
  'apps/bff/src/audit/b.ts': "import type { A } from '../kinds/a';\nexport type B = A;\n",
  'apps/bff/src/auth/c.ts': "import type { B } from '../audit/b';\nexport type C = B;\n",
  'apps/bff/src/trpc/d.ts': "import type { C } from '../auth/c';\nexport type D = C;\n",
};

let dir;
/** The broken rules as `rule: from → to`. */
let found = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = spawnSync(
    process.execPath,
    [CLI, 'apps', 'packages', '--config', CONFIG, '--output-type', 'json', '--no-progress'],
    { cwd: dir, encoding: 'utf8', timeout: 300_000 },
  );
  if (run.stdout === '') throw new Error(run.stderr);
  const result = JSON.parse(run.stdout);
  found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}, 300_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const about = (prefix) => found.filter((line) => line.includes(`: ${prefix}`));

describe('the import rules', () => {
  it('reject a cycle of type-only imports', () => {
    // A cycle is reported once, at the edge that closes it.
    expect(about('packages/x/')).toEqual(['no-cycle: packages/x/src/a.ts → packages/x/src/b.ts']);
  });

  it('reject a BFF module importing a layer above its own, a type too', () => {
    expect(about('apps/bff/src/audit/up.ts')).toEqual([
      'bff-no-upward-from-domain: apps/bff/src/audit/up.ts → apps/bff/src/trpc/context.ts',
    ]);
  });

  it('reject src/kinds importing anything of the BFF', () => {
    expect(about('apps/bff/src/kinds/up.ts')).toEqual([
      'bff-kinds-import-nothing-of-ours: apps/bff/src/kinds/up.ts → apps/bff/src/db/schema.ts',
      'bff-no-upward-from-kinds: apps/bff/src/kinds/up.ts → apps/bff/src/db/schema.ts',
    ]);
  });

  it('let imports point down and sideways', () => {
    expect(found).toHaveLength(4);
    for (const file of ['kinds/a.ts', 'audit/b.ts', 'auth/c.ts', 'trpc/d.ts'])
      expect(about(`apps/bff/src/${file}`)).toEqual([]);
  });
});
