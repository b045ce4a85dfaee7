import type { z } from 'zod';

export type GameApiFailure =
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'status'; status: number; validationErrors?: Record<string, string> }
  | { kind: 'invalid-json' }
  /** `issues`: the first few; `issueCount`: how many there were. */
  | { kind: 'contract'; issues: z.core.$ZodIssue[]; issueCount: number }
  /** Refused unparsed: more bytes, or deeper nesting, than any answer of the contract has. */
  | { kind: 'too-large'; reason: 'bytes' | 'depth' }
  /** Refused without a call: the circuit breaker is open (the game API keeps failing). */
  | { kind: 'unavailable' }
  /** Refused without a call: the incoming request spent its budget of game API calls. */
  | { kind: 'budget' };

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
      return `answer violates the contract (${failure.issueCount} issues)`;
    case 'too-large':
      return `answer refused (${failure.reason})`;
    default:
      return failure.kind;
  }
}

/** A read of one row whose 404 means "gone" (null), not a failure. */
export async function goneAsNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof GameApiError && error.status === 404) return null;
    throw error;
  }
}
