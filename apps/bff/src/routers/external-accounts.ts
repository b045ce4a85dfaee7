/**
 * Account synchronisation for the signed-in player (specification §2.28 "Sync overview", §2.30 "Teamspeak sync page",
 * §4, §5, §7). No procedure takes a user id: a player never links or unlinks for someone else.
 * Discord is linked through the BFF's OAuth routes (auth/discord.ts), never with a browser token.
 */
import { PlatformInput, SyncStatusView, TeamspeakLinkInput } from '@nova/contracts';
import {
  ERROR_MESSAGES,
  PLATFORMS,
  TEAMSPEAK_NICKNAME_TOO_LONG,
  teamspeakNickname,
  teamspeakNicknameFits,
} from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  linkAccount,
  listAccounts,
  syncAccounts,
  unlinkAccount,
  type PlayerCall,
} from '../sync/external-accounts';
import { audited } from '../audit/audited';
import { authedProcedure, router } from '../trpc/init';

const ownProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const call: PlayerCall = {
    gameApi: ctx.gameApi,
    userId: ctx.principal.userId,
    token: await ctx.accessToken(),
  };
  return next({ ctx: { call } });
});

export const externalAccountsRouter = router({
  /** One call for all platforms; the first account of each platform counts (specification §7). */
  status: ownProcedure.output(SyncStatusView).query(async ({ ctx }) => {
    const accounts = await listAccounts(ctx.call);
    const entries = PLATFORMS.map((plattform) => {
      const account = accounts.find((a) => a.plattform === plattform);
      return [plattform, account ? { id: account.id, externalId: account.externalId } : null] as const;
    });
    const status = Object.fromEntries(entries) as SyncStatusView;
    if (status.discord && ctx.discordNames) {
      // Without the database the account shows its id only.
      status.discord.name = await ctx.discordNames
        .nameOf(ctx.principal.userId, status.discord.externalId)
        .catch((error: unknown) => {
          ctx.log.warn({ err: error }, 'the Discord name could not be read');
          return null;
        });
    }
    return status;
  }),

  linkTeamspeak: ownProcedure
    .input(TeamspeakLinkInput)
    .output(z.object({ externalId: z.string() }))
    .mutation(async ({ ctx, input }) => {
      // Teamspeak refuses nicknames over 30 characters: say so instead of letting the check fail.
      const nickname = teamspeakNickname(ctx.principal.userId, ctx.principal.username);
      if (!teamspeakNicknameFits(nickname)) {
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: TEAMSPEAK_NICKNAME_TOO_LONG });
      }
      const identity = input.values.identity;
      // Recorded like every write (decision 097): a linked account is an event for webhooks.
      const created = await audited(ctx, {
        action: 'externalAccounts.linkTeamspeak',
        target: { type: 'user', id: null },
        sent: { plattform: 'teamspeak', externalId: identity },
        run: () => linkAccount(ctx.call, 'teamspeak', identity),
        after: (account) => ({ plattform: 'teamspeak', externalId: account?.externalId ?? identity }),
        targetId: () => ctx.principal.userId,
      });
      return { externalId: created?.externalId ?? identity };
    }),

  unlink: ownProcedure
    .input(PlatformInput)
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const id = await audited(ctx, {
        action: 'externalAccounts.unlink',
        target: { type: 'user', id: null },
        sent: { plattform: input.plattform },
        run: async () => {
          const removed = await unlinkAccount(ctx.call, input.plattform);
          // Nothing linked: the record says failed, and no webhook announces an unlinking.
          if (removed === null) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR_MESSAGES.GENERIC });
          return removed;
        },
        after: (removed) => ({ plattform: input.plattform, id: removed }),
        targetId: () => ctx.principal.userId,
      });
      if (input.plattform === 'discord' && ctx.discordNames) {
        await ctx.discordNames
          .forget(ctx.principal.userId)
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'the Discord name could not be removed'));
      }
      return { id };
    }),

  sync: ownProcedure
    .input(PlatformInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await syncAccounts(ctx.call, input.plattform);
      return { ok: true as const };
    }),
});
