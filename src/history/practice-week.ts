import { localDay } from './stats';

/** The local day "YYYY-MM-DD" `offset` days from `today` (negative: earlier). */
function dayAt(today: Date, offset: number): string {
  // Noon avoids daylight-saving edges turning a day into its neighbour.
  return localDay(
    new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12).toISOString(),
  );
}

/**
 * Days in a row with practice, ending today, or yesterday when today has none yet (a streak is
 * not broken before the day is over). `minutesByDay` maps local days to minutes (summary.ts).
 */
export function practiceStreakDays(
  minutesByDay: Readonly<Record<string, number>>,
  today: Date,
): number {
  let offset = (minutesByDay[dayAt(today, 0)] ?? 0) > 0 ? 0 : -1;
  let streak = 0;
  while ((minutesByDay[dayAt(today, offset)] ?? 0) > 0) {
    streak++;
    offset--;
  }
  return streak;
}

/** Practice minutes over the last 7 local days, today included. */
export function minutesLastSevenDays(
  minutesByDay: Readonly<Record<string, number>>,
  today: Date,
): number {
  let total = 0;
  for (let offset = 0; offset > -7; offset--) total += minutesByDay[dayAt(today, offset)] ?? 0;
  return total;
}
