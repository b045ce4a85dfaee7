/** Writes apps/bff/openapi.json from the procedures (`pnpm --filter @nova/bff openapi:write`). */
import { writeFileSync } from 'node:fs';
import { COMMITTED_DOCUMENT_PATH, documentToCommit, serialise } from './committed';

writeFileSync(COMMITTED_DOCUMENT_PATH, serialise(documentToCommit()));
process.stdout.write(`geschrieben: ${COMMITTED_DOCUMENT_PATH.pathname}\n`);
