// Writes the index of docs/decisions/README.md from the records' own heading and status lines, and
// adds to an earlier record's status line the back-link a later record's status line asks for
// ("refines 021" in 058 → "refined by 058" in 021). `--check` changes nothing and fails when the
// index or a status line is not what the records say (CI runs the same check as a test).
// Re-run after adding or merging records: `pnpm decisions:index`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { disagreements, readDecisions, withBackLinks, withIndex } from './lib/decisions.mjs';

const DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const README = join(DIR, 'README.md');
const check = process.argv.includes('--check');

let records = readDecisions(DIR);
if (!check) {
  for (const { file, text } of withBackLinks(records, (name) => readFileSync(join(DIR, name), 'utf8'))) {
    writeFileSync(join(DIR, file), text);
    console.log(`${file}: back-link added to its status line`);
  }
  records = readDecisions(DIR);
}

const readme = readFileSync(README, 'utf8');
const next = withIndex(readme, records);
const problems = disagreements(records);
if (next === null) problems.push('docs/decisions/README.md: the index markers are missing');
else if (next !== readme) {
  if (check) problems.push('docs/decisions/README.md: the index is not the one the records give');
  else {
    writeFileSync(README, next);
    console.log('docs/decisions/README.md: index written');
  }
}
for (const problem of problems) console.error(`✖ ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`${records.length} decisions, index and status lines agree`);
