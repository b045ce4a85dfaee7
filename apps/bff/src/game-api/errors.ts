import type { z } from 'zod';

export type GameApiFailure =
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'status'; status: number; validationErrors?: Record<string, string> }
  | { kind: 'invalid-json' }
  | { kind: 'contract'; issues: z.core.$ZodIssue[] };

/** A call to the game API that did not produce contract-conforming data. */
export class GameApiError extends Error {
  override name = 'GameApiError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly failure: GameApiFailure,
    options?: ErrorOptions,
  ) {
    super(`game API ${method} ${path}: ${describe(failure)}`, options);
  }

  get status(): number | undefined {
    return this.failure.kind === 'status' ? this.failure.status : undefined;
  }
}

function describe(failure: GameApiFailure): string {
  switch (failure.kind) {
    case 'status':
      return `HTTP ${failure.status}`;
    case 'contract':
      return `answer violates the contract (${failure.issues.length} issues)`;
    default:
      return failure.kind;
  }
}
