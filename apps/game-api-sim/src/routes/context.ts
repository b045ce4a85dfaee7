import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth';
import type { Store } from '../store';

/** What every route module needs; `app.ts` builds it once per simulator instance. */
export interface RouteContext {
  store: Store;
  guards: Guards;
  now: () => number;
  seed: number;
  /** Delay of the simulated external-account synchronisation. */
  syncDelayMs: number;
}

export type RouteModule = (app: FastifyInstance, ctx: RouteContext) => void;

/** Numeric path ids; anything else cannot name a record, which the routes answer with 404. */
export function numericId(value: string): number | undefined {
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}
