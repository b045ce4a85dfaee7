// The bench's load generator as a process of its own (autocannon), so that neither the bench's own
// work nor a server under test shares its thread: argv[2] is a JSON object of autocannon's options;
// its result goes to stdout as one JSON line.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
autocannon(options, (error, result) => {
  if (error) {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
});
