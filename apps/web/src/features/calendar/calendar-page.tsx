import { useQuery } from '@tanstack/react-query';
import { dayKeyOf, monthTitle, shiftMonth, yearMonthOf, type YearMonth } from '@nova/domain';
import type { CalendarEventView } from '@nova/contracts';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { useNow } from '../../lib/render-time';
import { publicQueries } from '../../lib/query-client';
import { DayList } from './components/day-list';
import { MonthGrid } from './components/month-grid';
import { SubscribeFeed } from './components/subscribe-feed';

function group(events: readonly CalendarEventView[]): Map<string, CalendarEventView[]> {
  const byDay = new Map<string, CalendarEventView[]>();
  for (const event of events) byDay.set(event.day, [...(byDay.get(event.day) ?? []), event]);
  return byDay;
}

/** Specification §2.27 "Fight calendar". */
export function CalendarPage() {
  // The month shown; null: the current one (computed from the clock, see useNow).
  const [chosen, setMonth] = useState<YearMonth | null>(null);
  const calendar = useQuery(publicQueries.calendar);
  const byDay = useMemo(() => group(calendar.data ?? []), [calendar.data]);
  const now = useNow();
  const today = dayKeyOf(now / 1000);
  const month = chosen ?? yearMonthOf(new Date(now));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader title="Fight-Kalender" lines={['Alle Fight-Events auf Nova Legacy im Überblick.']} />
      <SubscribeFeed />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-label="Vorheriger Monat"
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <span aria-hidden="true">‹</span>
          </Button>
          <Button variant="secondary" onClick={() => setMonth(null)}>
            Heute
          </Button>
          <Button
            variant="secondary"
            aria-label="Nächster Monat"
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <span aria-hidden="true">›</span>
          </Button>
        </div>
      </div>
      {calendar.isPending ? (
        <Loading text="Fight-Events werden geladen..." />
      ) : (
        <>
          {calendar.isError && (
            <Alert
              tone="error"
              action={
                <Button variant="secondary" onClick={() => void calendar.refetch()}>
                  Erneut versuchen
                </Button>
              }
            >
              Die Fight-Events konnten nicht geladen werden. Bitte versuche es später erneut.
            </Alert>
          )}
          <MonthGrid month={month} byDay={byDay} today={today} />
          <DayList month={month} byDay={byDay} today={today} />
        </>
      )}
    </div>
  );
}
