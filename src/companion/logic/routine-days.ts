import { dayOf } from './practice-days';

/**
 * The days the player finished today's routine (issue 24: the teacher's report says whether the
 * routine was done, not only which exercises were played). One small record per local day, kept
 * beside the practice days (src/companion/routine-days-store.ts); pure here.
 */

export interface RoutineDone {
  /** Wall-clock time of the last finish that day. */
  finishedAtMs: number;
  /** How many times it was finished that day. */
  times: number;
  /** Minutes played in the routine, at the last finish. */
  playedMin: number;
}

/** Local day "YYYY-MM-DD" → that day's finished routine. */
export type RoutineDays = Record<string, RoutineDone>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Days from an untrusted stored value: malformed entries are dropped, never thrown. */
export function parseRoutineDays(raw: unknown): RoutineDays {
  const days: RoutineDays = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return days;
  for (const [day, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!DAY.test(day) || typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    if (!count(v.finishedAtMs) || !count(v.times) || v.times < 1) continue;
    days[day] = {
      finishedAtMs: v.finishedAtMs,
      times: Math.round(v.times),
      playedMin: count(v.playedMin) ? v.playedMin : 0,
    };
  }
  return days;
}

/** `days` with the routine finished at `atMs` (a new object; the day is the local day then). */
export function withRoutineDone(
  days: Readonly<RoutineDays>,
  atMs: number,
  routine: { playedMin: number },
): RoutineDays {
  const day = dayOf(atMs);
  return {
    ...days,
    [day]: {
      finishedAtMs: atMs,
      times: (days[day]?.times ?? 0) + 1,
      playedMin: Math.round(routine.playedMin * 10) / 10,
    },
  };
}

export interface RoutineTally {
  /** The days in the range the routine was finished, oldest first. */
  doneDays: string[];
  /** Calendar days in the range, both ends included. */
  rangeDays: number;
}

/** The routine's days from `from` to `to` (local days "YYYY-MM-DD", both included). */
export function routineTally(days: Readonly<RoutineDays>, from: string, to: string): RoutineTally {
  if (!DAY.test(from) || !DAY.test(to) || from > to) {
    throw new RangeError(`A range needs dates YYYY-MM-DD with from ≤ to, got ${from} → ${to}`);
  }
  // Counted at noon, so a daylight-saving change never makes a day 23 or 25 hours.
  const noon = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y, m - 1, d, 12).getTime();
  };
  const rangeDays = Math.round((noon(to) - noon(from)) / 86_400_000) + 1;
  const doneDays = Object.keys(days)
    .filter((day) => day >= from && day <= to)
    .sort();
  return { doneDays, rangeDays };
}

/** "Routine done on 3 of 7 days (2026-11-20, 2026-11-22, 2026-11-25)", the report's words. */
export function routineSentence(tally: RoutineTally): string {
  const { doneDays, rangeDays } = tally;
  const of = `Routine done on ${doneDays.length} of ${rangeDays} day${rangeDays === 1 ? '' : 's'}`;
  return doneDays.length === 0 ? of : `${of} (${doneDays.join(', ')})`;
}
