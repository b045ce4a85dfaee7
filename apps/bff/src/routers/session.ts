import { Me } from '@nova/contracts';
import { publicProcedure, router } from '../trpc/init';

export const sessionRouter = router({
  /** Who is signed in, with the web roles; never a token (architecture §1). */
  me: publicProcedure.output(Me).query(({ ctx }): Me => {
    const p = ctx.principal;
    // A cookie whose session is gone is told apart from no cookie (decision 071).
    if (!p) return ctx.sessionLost ? { signedIn: false, sessionExpired: true } : { signedIn: false };
    return {
      signedIn: true,
      id: p.userId,
      username: p.username,
      displayName: p.displayName,
      roles: [...p.roles],
    };
  }),
});
