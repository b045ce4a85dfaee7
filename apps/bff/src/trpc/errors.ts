import { ERROR_MESSAGES } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { GameApiError } from '../game-api/errors';

/** A game API failure as the typed error the SPA understands (ARCHITECTURE §4, §7). */
export function upstreamError(error: GameApiError): TRPCError {
  const { failure } = error;
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
