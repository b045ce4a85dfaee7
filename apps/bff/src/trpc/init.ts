/**
 * The only initTRPC. Every procedure passes the policy of @nova/domain (architecture §5): the table
 * names what each procedure needs, a procedure missing from it is refused (deny by default);
 * unauthenticated is 401, a missing role 403, never a redirect.
 */
import { decide, ERROR_MESSAGES, missingScope, procedureAccess } from '@nova/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { auditRefusal } from '../audit/audited';
import { isAdminProcedure, targetIdOf, targetTypeOf } from '../audit/refusals';
import { GameApiError } from '../game-api/errors';
import { procedures, secondsSince } from '../observability/metrics';
import { procedureSpan, tracingOn } from '../observability/trace-context';
import { isDependencyError } from '../plugins/dependencies';
import { type Context } from './context';
import { callKindOf, type Principal } from '../kinds/principal';
import { cleanInput, MALFORMED_JSON } from './input-hygiene';
import { fieldErrorsOfError, upstreamError } from './errors';
import { conflictOf, MissingScopeError, missingScopeOf, ReasonedError, reasonOf } from '../kinds/errors';

// The meta type lets rest/document.ts describe REST operations for the OpenAPI generator (decision 080).
const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    // Live streams (decision 106): a ping keeps proxies from closing a quiet stream, and a browser
    // that hears nothing for longer (a stalled connection) reconnects with its last event id.
    sse: {
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 40_000 },
    },
    errorFormatter({ shape, error }) {
      const fieldErrors = fieldErrorsOfError(error);
      // Unexpected errors keep their details in the log, not in the answer.
      const message =
        error.code === 'INTERNAL_SERVER_ERROR'
          ? ERROR_MESSAGES.GENERIC
          : error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError
            ? MALFORMED_JSON
            : fieldErrors && !(error.cause instanceof GameApiError)
              ? ERROR_MESSAGES.BAD_REQUEST
              : shape.message;
      return {
        ...shape,
        message,
        data: {
          ...shape.data,
          fieldErrors,
          reason: reasonOf(error),
          ...(error.code === 'CONFLICT' ? { conflict: conflictOf(error) } : {}),
          ...(missingScopeOf(error) === null ? {} : { scope: missingScopeOf(error) }),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The policy table's decision for this call; a refusal throws. A refused write, and any refused call
 * of an administrative procedure, is recorded with the target its input names (decision 060).
 */
async function enforcePolicy(
  ctx: Context,
  path: string,
  type: string,
  getRawInput: () => Promise<unknown>,
): Promise<void> {
  const access = procedureAccess(path);
  const decision = decide(access, ctx.principal);
  if (decision === 'allow') return;
  const refused = decision === 'unauthenticated' ? 'unauthenticated' : 'forbidden';
  if (isAdminProcedure(path) || (type === 'mutation' && ctx.principal)) {
    const input = await getRawInput().catch(() => null);
    await auditRefusal(ctx, path, refused, { type: targetTypeOf(path), id: targetIdOf(input) });
  }
  if (refused === 'unauthenticated' && ctx.sessionLost)
    throw new ReasonedError('SESSION_EXPIRED', {
      code: 'UNAUTHORIZED',
      message: ERROR_MESSAGES.SESSION_ENDED,
    });
  if (refused === 'unauthenticated')
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
  const scope = missingScope(access, ctx.principal);
  if (scope !== null) throw new MissingScopeError(scope);
  throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
}

/**
 * A game API failure below becomes the upstream error of its kind (unless already worded); Redis or
 * another dependency away is 503 in German at once (decision 054), not a 500.
 */
function upstreamErrors<R extends { ok: boolean; error?: { code?: string; cause?: unknown } }>(result: R): R {
  if (result.ok || !result.error || result.error instanceof ReasonedError) return result;
  const { cause, code } = result.error;
  if (cause instanceof GameApiError) throw upstreamError(cause);
  if (code === 'INTERNAL_SERVER_ERROR' && isDependencyError(cause))
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE, cause });
  return result;
}

/** ok, or the tRPC error code the call ended with. */
function outcomeOf(result: { ok: boolean; error?: { code: string } } | undefined, thrown: unknown): string {
  if (result) return result.ok ? 'ok' : (result.error?.code ?? 'INTERNAL_SERVER_ERROR');
  return thrown instanceof TRPCError ? thrown.code : 'INTERNAL_SERVER_ERROR';
}

/**
 * The procedure's metrics (decision 074: duration by procedure, type and outcome) and, with tracing
 * on, its span, around the rest of the middleware.
 */
async function observed<R extends { ok: boolean; error?: { code: string } }>(
  ctx: Context,
  path: string,
  type: string,
  run: () => Promise<R>,
): Promise<R> {
  const start = performance.now();
  let result: R | undefined;
  let thrown: unknown;
  try {
    result = tracingOn()
      ? await procedureSpan(
          path,
          {
            'rpc.system': 'trpc',
            'rpc.method': path,
            'trpc.type': type,
            'nova.call_kind': ctx.principal ? callKindOf(ctx.principal) : 'anonymous',
          },
          run,
          outcomeOf,
        )
      : await run();
    return result;
  } catch (error) {
    thrown = error;
    throw error;
  } finally {
    procedures.observe({ procedure: path, type, outcome: outcomeOf(result, thrown) }, secondsSince(start));
  }
}

// The policy, the upstream error mapping, the metrics and span and (for authedProcedure) the
// signed-in check run in one middleware: every middleware level costs tRPC copies of the call's
// options and context, a measurable share of an authenticated call (decision 041).

/** Allowed for everyone the policy table allows; the table decides, not the builder. */
export const publicProcedure = t.procedure.use(({ ctx, path, type, getRawInput, next }) =>
  observed(ctx, path, type, async () => {
    await enforcePolicy(ctx, path, type, getRawInput);
    const input = cleanInput(await getRawInput());
    return upstreamErrors(await next({ getRawInput: () => Promise.resolve(input) }));
  }),
);

/** As publicProcedure, with `ctx.principal` known to be present. */
export const authedProcedure = t.procedure.use(({ ctx, path, type, getRawInput, next }) =>
  observed(ctx, path, type, async () => {
    await enforcePolicy(ctx, path, type, getRawInput);
    const { principal } = ctx;
    if (!principal) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
    const input = cleanInput(await getRawInput());
    // tRPC merges this into the context: only what changes is passed. (tRPC's types offer the context
    // and the raw input as two overloads of `next`; at run time it takes both.)
    const options = { ctx: { principal }, getRawInput: () => Promise.resolve(input) };
    return upstreamErrors(await next(options as { ctx: { principal: Principal } }));
  }),
);
