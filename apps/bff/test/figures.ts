/**
 * Prints a measured figure of the security and resilience tests on its own line (`[figures] …`),
 * so that a run's output can be quoted. Not a console call: vitest would
 * attach it to a test and hide it in some reporters.
 */
export function reportFigure(text: string): void {
  process.stdout.write(`[figures] ${text}\n`);
}
