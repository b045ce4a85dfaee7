import { Me } from '@nova/contracts';
import { publicProcedure, router } from '../trpc/init';

export const sessionRouter = router({
  /** Who is signed in, with the web roles; never a token (architecture §1). */
  me: publicProcedure.output(Me).query(({ ctx }) => {
    const p = ctx.principal;
    if (!p) return { signedIn: false as const };
    return {
      signedIn: true as const,
      id: p.userId,
      username: p.username,
      displayName: p.displayName,
      roles: [...p.roles],
    };
  }),
});
