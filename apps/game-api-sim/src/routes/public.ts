/** The two public calls (architecture §4): no bearer token needed. */
import { calendarEvents } from '../data/calendar';
import { computeToplist } from '../toplist';
import type { RouteModule } from './context';

export const publicRoutes: RouteModule = (app, { store, now, seed }) => {
  app.get('/toplist', () => computeToplist(store.allPlayers()));
  app.get('/calendar', () => calendarEvents(seed, now()));
};
