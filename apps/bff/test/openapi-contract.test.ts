/**
 * The committed REST contract (decision 082): the document generated now must not break a client of
 * the committed one (apps/bff/openapi.json) unless its major version went up. Additions pass; after
 * any change, `pnpm --filter @nova/bff openapi:write` commits the new document.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { COMMITTED_DOCUMENT_PATH, documentToCommit } from '../src/rest/committed';
import { contractViolations } from '../src/rest/contract-check';

it('the generated OpenAPI document keeps the committed contract', () => {
  const committed = JSON.parse(readFileSync(COMMITTED_DOCUMENT_PATH, 'utf8')) as Record<string, unknown>;
  const generated = JSON.parse(JSON.stringify(documentToCommit())) as Record<string, unknown>;
  expect(contractViolations(committed, generated)).toEqual([]);
});
