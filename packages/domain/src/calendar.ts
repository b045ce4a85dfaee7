/**
 * Specification §2.27 "Fight calendar" and §9.10: month grid starting on Monday, always 6 rows; German month names;
 * timestamps in epoch seconds. Calendar days are taken in the server's time zone (Europe/Berlin),
 * see docs/decisions.
 */
export const CALENDAR_TIME_ZONE = 'Europe/Berlin';

export const MONTH_NAMES = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

export const WEEKDAYS_SHORT = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** A calendar month: year and month 1–12. */
export interface YearMonth {
  year: number;
  month: number;
}

export interface CalendarDay {
  /** ISO date `YYYY-MM-DD`. */
  key: string;
  day: number;
  inMonth: boolean;
}

function isoKey(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 6 weeks × 7 days, Monday first, covering the given month. */
export function monthGrid({ year, month }: YearMonth): CalendarDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const mondayOffset = (first.getUTCDay() + 6) % 7; // 0 = Monday
  const start = Date.UTC(year, month - 1, 1 - mondayOffset);
  const rows: CalendarDay[][] = [];
  for (let week = 0; week < 6; week++) {
    const row: CalendarDay[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const d = new Date(start + (week * 7 + weekday) * 86_400_000);
      const y = d.getUTCFullYear();
      const m = d.getUTCMonth() + 1;
      row.push({ key: isoKey(y, m, d.getUTCDate()), day: d.getUTCDate(), inMonth: m === month });
    }
    rows.push(row);
  }
  return rows;
}

export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthTitle({ year, month }: YearMonth): string {
  return `${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CALENDAR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (`YYYY-MM-DD`, server time zone) of an epoch-seconds timestamp. */
export function dayKeyOf(epochSeconds: number): string {
  return dayKeyFormat.format(new Date(epochSeconds * 1000));
}

/** The month (server time zone) an instant falls in. */
export function yearMonthOf(date: Date): YearMonth {
  const [y, m] = dayKeyFormat.format(date).split('-');
  return { year: Number(y), month: Number(m) };
}

export interface CalendarEvent {
  name: string;
  timestamp: number;
}

/** Events grouped by calendar day, each day's events in time order. */
export function eventsByDay<E extends CalendarEvent>(events: readonly E[]): Map<string, E[]> {
  const byDay = new Map<string, E[]>();
  for (const event of [...events].sort((a, b) => a.timestamp - b.timestamp)) {
    const key = dayKeyOf(event.timestamp);
    const list = byDay.get(key);
    if (list) list.push(event);
    else byDay.set(key, [event]);
  }
  return byDay;
}
