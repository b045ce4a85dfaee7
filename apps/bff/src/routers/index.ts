import { router } from '../trpc/init';
import { playerRouter } from './player';
import { calendarRouter, toplistRouter } from './public';
import { sessionRouter } from './session';

export const appRouter = router({
  session: sessionRouter,
  toplist: toplistRouter,
  calendar: calendarRouter,
  player: playerRouter,
});

export type AppRouter = typeof appRouter;
