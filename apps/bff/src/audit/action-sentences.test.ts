/**
 * Every action key the BFF can record has a German sentence in the viewer (decision 062): the keys
 * of every mutation (audited writes and policy refusals use the procedure's path) and the literal
 * `action: '…'` keys of the sign-in and session code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditActionWords } from '@nova/domain';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../routers';

const SOURCE = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `action: 'auth.sign-in'`, `? 'auth.step-up'`, `#end([match], 'session.end')`: dotted literals. */
function literalActionKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/'((?:auth|session|account|audit)\.[a-zA-Z-]+)'/g)) keys.add(match[1]!);
  }
  return [...keys];
}

function mutationPaths(): string[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return Object.entries(procedures)
    .filter(([, procedure]) => procedure._def.type === 'mutation')
    .map(([path]) => path);
}

describe('audit action sentences', () => {
  it('finds the keys it checks (the scan itself works)', () => {
    expect(mutationPaths()).toEqual(
      expect.arrayContaining(['catalogue.serverRadios.update', 'syncManager.groups.remove']),
    );
    expect(literalActionKeys()).toEqual(
      expect.arrayContaining(['auth.sign-in', 'auth.step-up', 'auth.sign-out', 'session.end-others']),
    );
  });

  it('every mutation and every literal action key of the BFF has a sentence', () => {
    const missing = [...mutationPaths(), ...literalActionKeys()].filter((key) => !auditActionWords(key));
    expect(missing).toEqual([]);
  });
});
