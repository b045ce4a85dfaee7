/**
 * A process that logs as the BFF does in production (JSON through `loggerOptions`, stdout) and ends
 * the moment it has: `LINES` lines, every hundredth one 5 KB long, then `process.exit(0)` as
 * close-with-grace ends the BFF after its shutdown (apps/bff/test/logging.test.ts reads them back).
 */
import pino from 'pino';
import { loggerOptions } from '../src/logging';

const options = loggerOptions({ level: 'info', format: 'json' }) as pino.LoggerOptions & {
  stream: pino.DestinationStream;
};
const logger = pino(options, options.stream);
const lines = Number(process.env.LINES ?? '1000');
const long = 'x'.repeat(5000);
for (let i = 0; i < lines; i++) logger.info({ i, ...(i % 100 === 7 ? { long } : {}) }, `Zeile ${i}`);
process.exit(0);
