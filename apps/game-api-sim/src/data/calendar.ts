/**
 * The fight-event calendar (specification §2.27 "Fight calendar"): 2–5 events per week at evening hours in the
 * server's time zone, from two months before to three months after "now", timestamps in epoch
 * seconds. Each week's events come from the seed and the week number alone, so the calendar is
 * stable across requests and stays current on a long-running server.
 */
import type { CalendarEntry } from '@nova/contracts';
import { CALENDAR_TIME_ZONE } from '@nova/domain';
import { createRandom, mixSeed, type Random } from '../random';

const DAY_MS = 86_400_000;
const GANGS = ['Grove Street', 'Ballas', 'Vagos', 'Aztecas', 'Yakuza', 'Triaden', 'Russenmafia'] as const;
const STATE = ['LSPD', 'FBI', 'SAPD'] as const;
const DISTRICTS = ['Idlewood', 'Ganton', 'East Los Santos', 'Jefferson', 'El Corona', 'Willowfield'] as const;

const EVENT_NAMES: readonly ((rng: Random) => string)[] = [
  (rng) => {
    const [a, b] = rng.sample(GANGS, 2);
    return `Gangfight: ${a ?? ''} vs. ${b ?? ''}`;
  },
  (rng) => `Fraktionskrieg: ${rng.pick(STATE)} vs. ${rng.pick(GANGS)}`,
  (rng) => `Revierkampf in ${rng.pick(DISTRICTS)}`,
  () => 'Boxturnier im Ganton Gym',
  () => 'Kampfsportabend im Cobra Martial Arts',
  () => 'Deathmatch-Arena Las Venturas',
  () => 'Gefängnisausbruch: SAPD vs. Häftlinge',
  () => 'Bankraub-Event: LSPD vs. Bankräuber',
];
/** Weighted towards prime time. */
const HOURS = [18, 19, 19, 20, 20, 20, 21, 21, 22] as const;
const MINUTES = [0, 0, 0, 30] as const;

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: CALENDAR_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** The time zone's offset from UTC in ms at an instant. */
function zoneOffset(ms: number): number {
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(zoneParts.formatToParts(ms).find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return local - Math.floor(ms / 60_000) * 60_000;
}

/** Epoch ms of a wall-clock time in the server's time zone (evening hours: no DST gap). */
function zonedTime(utcDay: number, hour: number, minute: number): number {
  const wall = utcDay * DAY_MS + (hour * 60 + minute) * 60_000;
  const first = wall - zoneOffset(wall);
  return wall - zoneOffset(first);
}

function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** Monday-based week number; 1970-01-01 was a Thursday. */
const weekOf = (ms: number) => Math.floor((Math.floor(ms / DAY_MS) + 3) / 7);

export function calendarEvents(seed: number, nowMs: number): CalendarEntry[] {
  const from = addMonths(nowMs, -2);
  const to = addMonths(nowMs, 3);
  const events: CalendarEntry[] = [];
  for (let week = weekOf(from); week <= weekOf(to); week++) {
    const rng = createRandom(mixSeed(seed, week));
    const monday = week * 7 - 3;
    for (const weekday of rng.sample([0, 1, 2, 3, 4, 5, 6], rng.int(2, 5))) {
      const at = zonedTime(monday + weekday, rng.pick(HOURS), rng.pick(MINUTES));
      const name = rng.pick(EVENT_NAMES)(rng);
      if (at >= from && at <= to) events.push({ name, timestamp: Math.floor(at / 1000) });
    }
  }
  return events.sort((a, b) => a.timestamp - b.timestamp || a.name.localeCompare(b.name));
}
