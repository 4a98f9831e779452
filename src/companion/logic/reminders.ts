/**
 * Practice reminders: the player's days and time → one weekly reminder per day, with a stable id
 * per weekday (rescheduling replaces, never duplicates). Pure; src/native/local-notifications.ts
 * schedules them on the device.
 */

/** Ids 24000..24006: one per weekday (issue 24). */
export const REMINDER_IDS: readonly number[] = [0, 1, 2, 3, 4, 5, 6].map((d) => 24000 + d);
/** A tap opens the practice home, where today's routine starts. */
export const REMINDER_ROUTE = '/home/exercise';

export interface PlannedReminder {
  id: number;
  day: number;
  hour: number;
  minute: number;
  title: string;
  body: string;
  route: string;
}

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

export function planReminders(days: readonly number[], time: string): PlannedReminder[] {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Reminder time must be HH:MM (00:00..23:59), got ${time}`);
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return [...new Set(days)]
    .sort((a, b) => a - b)
    .map((day) => {
      if (!Number.isInteger(day) || day < 0 || day > 6) {
        throw new RangeError(`Reminder days are 0 (Sunday)..6 (Saturday), got ${day}`);
      }
      return {
        id: REMINDER_IDS[day] ?? 24000,
        day,
        hour,
        minute,
        title: 'Time to practise',
        body: "Today's routine is ready: warm up, play, and rest as much as you play.",
        route: REMINDER_ROUTE,
      };
    });
}

/** The next reminder after `now` (local time), or null when none are set. */
export function nextReminder(days: readonly number[], time: string, now: Date): Date | null {
  const planned = planReminders(days, time);
  let best: Date | null = null;
  for (const r of planned) {
    for (let add = 0; add <= 7; add++) {
      const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + add, r.hour, r.minute);
      if (d.getDay() !== r.day || d <= now) continue;
      if (!best || d < best) best = d;
      break;
    }
  }
  return best;
}
