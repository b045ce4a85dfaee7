import { Calendar, CalendarView, Toplist, ToplistView, gameApiPaths } from '@nova/contracts';
import { toCalendarView, toToplistView } from '../mappers/public';
import { publicProcedure, router } from '../trpc/init';

export const toplistRouter = router({
  get: publicProcedure
    .output(ToplistView)
    .query(async ({ ctx }) =>
      toToplistView(
        await ctx.publicCache.get('toplist', () => ctx.gameApi.get(gameApiPaths.toplist(), Toplist)),
      ),
    ),
});

export const calendarRouter = router({
  list: publicProcedure
    .output(CalendarView)
    .query(async ({ ctx }) =>
      toCalendarView(
        await ctx.publicCache.get('calendar', () => ctx.gameApi.get(gameApiPaths.calendar(), Calendar)),
      ),
    ),
});
