import type { CalendarEventView } from '@nova/contracts';
import type { YearMonth } from '@nova/domain';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { dayTitle, eventTime } from '../format';

/** Specification §2.27 "Fight calendar": a day list on narrow screens (under 768 px). */
export function DayList({
  month,
  byDay,
  today,
}: {
  month: YearMonth;
  byDay: ReadonlyMap<string, CalendarEventView[]>;
  today: string;
}) {
  const prefix = `${month.year}-${String(month.month).padStart(2, '0')}-`;
  const days = [...byDay.keys()].filter((key) => key.startsWith(prefix)).sort();
  return (
    <div className="md:hidden">
      {days.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-300">
          In diesem Monat sind keine Fight-Events geplant.
        </p>
      ) : (
        <ol className="space-y-3">
          {days.map((key) => (
            <li key={key}>
              <Card className={cn('p-3', key === today && 'border-brand-500 dark:border-brand-400')}>
                <h3 className="font-semibold">
                  {dayTitle(key)}
                  {key === today && (
                    <span className="ml-2 text-sm font-normal text-brand-600 dark:text-brand-300">Heute</span>
                  )}
                </h3>
                <ul className="mt-2 space-y-1">
                  {(byDay.get(key) ?? []).map((event) => (
                    <li key={`${event.timestamp}-${event.name}`} className="text-sm">
                      <span className="font-semibold tabular-nums">{eventTime(event.timestamp)}</span> –{' '}
                      {event.name}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
