import { monthGrid, WEEKDAYS_SHORT, type YearMonth } from '@nova/domain';
import type { CalendarEventView } from '@nova/contracts';
import { cn } from '../../../lib/cn';
import { dayTitle, eventTime } from '../format';

/** Specification §2.27 "Fight calendar": month grid for wide screens, Monday first, 6 rows. */
export function MonthGrid({
  month,
  byDay,
  today,
}: {
  month: YearMonth;
  byDay: ReadonlyMap<string, CalendarEventView[]>;
  today: string;
}) {
  return (
    <table className="hidden w-full table-fixed border-collapse md:table" aria-label="Monatsansicht">
      <thead>
        <tr>
          {WEEKDAYS_SHORT.map((day) => (
            <th
              key={day}
              scope="col"
              className="pb-2 text-sm font-semibold text-slate-600 dark:text-slate-400"
            >
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(month).map((week) => (
          <tr key={week[0]?.key}>
            {week.map((day) => {
              const events = byDay.get(day.key) ?? [];
              return (
                <td
                  key={day.key}
                  aria-label={dayTitle(day.key)}
                  aria-current={day.key === today ? 'date' : undefined}
                  className={cn(
                    'h-28 border border-slate-200 p-1.5 align-top dark:border-slate-800',
                    !day.inMonth && 'bg-slate-100/60 text-slate-600 dark:bg-slate-900/40 dark:text-slate-400',
                  )}
                >
                  <span
                    className={cn(
                      'inline-grid size-7 place-items-center rounded-full text-sm',
                      day.key === today && 'bg-brand-600 font-bold text-white',
                    )}
                  >
                    {day.day}
                  </span>
                  <ul className="mt-1 space-y-1">
                    {events.map((event) => (
                      <li
                        key={`${event.timestamp}-${event.name}`}
                        className="rounded bg-brand-100 px-1.5 py-0.5 text-xs text-brand-900 dark:bg-brand-900/60 dark:text-brand-100"
                      >
                        <span className="font-semibold">{eventTime(event.timestamp)}</span> {event.name}
                      </li>
                    ))}
                  </ul>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
