/** "Angemeldete Geräte" (decision 023): the caller's own browser sessions. */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { authedProcedure, router } from '../trpc/init';
import { AUDIT_UNAVAILABLE } from '../audit/audited';

const OwnSession = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  ip: z.string().nullable(),
  signInMethod: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});

/** Sessions belong to browsers: an integrator's bearer token has none. */
const withSessions = authedProcedure.use(({ ctx, next }) => {
  const account = ctx.account;
  if (!account) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'Angemeldete Geräte gibt es nur für eine Anmeldung im Browser.',
    });
  }
  return next({ ctx: { account } });
});

async function orUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: AUDIT_UNAVAILABLE, cause: error });
  }
}

export const accountRouter = router({
  sessions: withSessions.output(z.array(OwnSession)).query(({ ctx }) => ctx.account.list()),

  endSession: withSessions
    .input(z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unbekannte Sitzung.') }))
    .output(z.object({ ended: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const ended = await orUnavailable(() => ctx.account.end(input.id));
      if (!ended) throw new TRPCError({ code: 'NOT_FOUND', message: 'Diese Sitzung ist bereits beendet.' });
      return { ended };
    }),

  endOtherSessions: withSessions
    .output(z.object({ ended: z.number() }))
    .mutation(async ({ ctx }) => ({ ended: await orUnavailable(() => ctx.account.endOthers()) })),
});
