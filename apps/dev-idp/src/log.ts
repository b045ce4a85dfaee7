/** A minimal logger seam: the CLI prints, tests pass {@link silentLogger}. */
export interface DevIdpLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Writes to stdout/stderr directly (the workspace forbids `console` outside tests). */
export const consoleLogger: DevIdpLogger = {
  info: (message) => process.stdout.write(`[dev-idp] ${message}\n`),
  warn: (message) => process.stderr.write(`[dev-idp] WARNUNG: ${message}\n`),
  error: (message) => process.stderr.write(`[dev-idp] FEHLER: ${message}\n`),
};

export const silentLogger: DevIdpLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
