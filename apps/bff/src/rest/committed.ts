/**
 * The committed OpenAPI document (apps/bff/openapi.json): generated with fixed addresses, so that it
 * changes only when the API does. `pnpm --filter @nova/bff openapi:write` refreshes it; the contract
 * test (test/openapi-contract.test.ts, decision 082) compares it with the generated one.
 */
import { openApiDocument } from './document';

export const COMMITTED_DOCUMENT_PATH = new URL('../../openapi.json', import.meta.url);

export function documentToCommit() {
  return openApiDocument({ publicUrl: 'http://localhost:3000', issuer: 'http://localhost:8080/realms/nova' });
}

export const serialise = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
