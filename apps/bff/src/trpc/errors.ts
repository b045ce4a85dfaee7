import { BODY_KEY } from '@nova/contracts';
import { ERROR_MESSAGES } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { GameApiError } from '../game-api/errors';
import { FORM_VALUES_KEY } from '../kinds/errors';

/**
 * Architecture §8: one error shape for the SPA's forms, `{ field: German message }`, from the BFF's
 * own input validation (zod, German messages from @nova/contracts) or from the game API's
 * `400 { validationErrors }`. Null when the error is not about fields.
 */
export function fieldErrorsOfError(error: TRPCError): Record<string, string> | null {
  const { cause } = error;
  if (cause instanceof GameApiError) {
    return cause.failure.kind === 'status' ? (cause.failure.validationErrors ?? null) : null;
  }
  if (error.code !== 'BAD_REQUEST') return null;
  const issues = issuesOf(cause);
  if (!issues) return null;
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path[0] === FORM_VALUES_KEY ? issue.path.slice(1) : issue.path;
    errors[path.join('.') || BODY_KEY] ??= issue.message;
  }
  return errors;
}

/** tRPC hands the input validator's failure over as the cause: zod's or a Standard Schema error. */
function issuesOf(cause: unknown): { path: string[]; message: string }[] | null {
  if (typeof cause !== 'object' || cause === null || !('issues' in cause) || !Array.isArray(cause.issues))
    return null;
  return (cause.issues as { path?: readonly unknown[]; message?: unknown }[]).map((issue) => ({
    path: (issue.path ?? []).map((segment) =>
      typeof segment === 'object' && segment !== null && 'key' in segment
        ? String(segment.key)
        : String(segment),
    ),
    message: typeof issue.message === 'string' ? issue.message : ERROR_MESSAGES.BAD_REQUEST,
  }));
}

/** A game API failure as the typed error the SPA understands (architecture §4, §7). */
export function upstreamError(error: GameApiError): TRPCError {
  const { failure } = error;
  if (failure.kind === 'unavailable') {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: ERROR_MESSAGES.GAME_API_UNAVAILABLE,
      cause: error,
    });
  }
  if (failure.kind === 'budget') {
    return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ERROR_MESSAGES.RATE_LIMITED, cause: error });
  }
  let code: TRPC_ERROR_CODE_KEY = 'BAD_GATEWAY';
  if (failure.kind === 'timeout') code = 'GATEWAY_TIMEOUT';
  if (failure.kind === 'status') {
    // A 401 from the game API while our session is valid is the game API's problem (or its
    // configuration), not the user's sign-in: an upstream error, never a loop through the sign-in.
    const byStatus: Partial<Record<number, TRPC_ERROR_CODE_KEY>> = {
      400: 'BAD_REQUEST',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      409: 'CONFLICT',
      422: 'BAD_REQUEST',
    };
    code = byStatus[failure.status] ?? 'BAD_GATEWAY';
  }
  const message =
    code in ERROR_MESSAGES ? ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] : ERROR_MESSAGES.GENERIC;
  return new TRPCError({ code, message, cause: error });
}
