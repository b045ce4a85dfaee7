/**
 * Redis that fails fast (decision 054; Redis killed made every request hang ~10 s, Redis
 * frozen 8 s). Every command has a timeout (REDIS_COMMAND_TIMEOUT_MS, at most 1 s); a command is
 * refused at once while the connection is down (no offline queue); and a circuit breaker opens after
 * consecutive failures, so that requests get their 503 at once instead of each waiting for a
 * timeout. After a pause one call probes Redis again (a request or /readyz); its success closes the
 * circuit: recovery needs no restart. ioredis reconnects by itself meanwhile.
 */
import { circuitBreaker, ConsecutiveBreaker, CircuitState, handleAll, isBrokenCircuitError } from 'cockatiel';
import { Redis } from 'ioredis';
import { breakerState, type BreakerState } from '../observability/metrics';

export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Consecutive failed commands that open the circuit. */
const FAILURES = 3;
/** How long the circuit stays open before one call probes again. */
const HALF_OPEN_AFTER_MS = 2000;

/** Redis is not usable now (open circuit); answered as 503 (plugins/dependencies.ts). */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** An ioredis client that never queues: commands time out, and fail at once while disconnected. */
export function failFastRedis(url: string, commandTimeoutMs = DEFAULT_REDIS_COMMAND_TIMEOUT_MS): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: Math.max(commandTimeoutMs, 1000),
    commandTimeout: commandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect quickly and forever: the circuit keeps requests from waiting meanwhile.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  // A lost connection surfaces as the failing command's error (503) and in /readyz; without a
  // listener ioredis would print every reconnect attempt as unhandled.
  redis.on('error', () => undefined);
  return redis;
}

export class RedisGuard {
  readonly #breaker = circuitBreaker(handleAll, {
    breaker: new ConsecutiveBreaker(FAILURES),
    halfOpenAfter: HALF_OPEN_AFTER_MS,
  });

  /** True while the circuit is open (Redis is taken as away). */
  get open(): boolean {
    return this.#breaker.state === CircuitState.Open;
  }

  /** The circuit's state for the metrics (decision 074). */
  get state(): BreakerState {
    return breakerState(this.#breaker.state);
  }

  /** Runs Redis work through the circuit; an open circuit rejects at once. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.#breaker.execute(work);
    } catch (error) {
      if (isBrokenCircuitError(error))
        throw new RedisUnavailableError('Redis is unavailable', { cause: error });
      throw error;
    }
  }
}
