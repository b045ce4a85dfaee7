import { CALENDAR_TIME_ZONE } from '@nova/domain';

const time = new Intl.DateTimeFormat('de-DE', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: CALENDAR_TIME_ZONE,
});
const longDay = new Intl.DateTimeFormat('de-DE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

export function eventTime(epochSeconds: number): string {
  return `${time.format(new Date(epochSeconds * 1000))} Uhr`;
}

/** "Montag, 23. November" for a `YYYY-MM-DD` day key. */
export function dayTitle(key: string): string {
  return longDay.format(new Date(`${key}T12:00:00Z`));
}
