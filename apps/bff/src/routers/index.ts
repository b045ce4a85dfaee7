import { router } from '../trpc/init';
import { accountRouter } from './account';
import { auditRouter } from './audit';
import { catalogueRouter } from './catalogue';
import { integrationsRouter } from '../rest/integrations';
import { liveRouter } from './live';
import { webhooksRouter } from '../webhooks/router';
import { externalAccountsRouter } from './external-accounts';
import { playerRouter } from './player';
import { privacyRouter } from './privacy';
import { searchRouter } from './search';
import { calendarRouter, toplistRouter } from './public';
import { sessionRouter } from './session';
import { syncManagerRouter } from './sync-manager';

export const appRouter = router({
  session: sessionRouter,
  toplist: toplistRouter,
  calendar: calendarRouter,
  player: playerRouter,
  catalogue: catalogueRouter,
  externalAccounts: externalAccountsRouter,
  syncManager: syncManagerRouter,
  audit: auditRouter,
  integrations: integrationsRouter,
  webhooks: webhooksRouter,
  account: accountRouter,
  search: searchRouter,
  privacy: privacyRouter,
  live: liveRouter,
});

export type AppRouter = typeof appRouter;
