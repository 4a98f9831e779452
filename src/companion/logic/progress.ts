import { practiceStreakDays } from '../../history/practice-week';
import { EXERCISE_LABELS, type ExerciseKind } from '../../history/records';
import { dailyScores, type HistorySummary } from '../../history/summary';
import { dayOf, type PracticeDays } from './practice-days';

/**
 * What the Progress screen shows, from two small aggregates kept as the practice happens (the
 * history's summary and the practice days): never from the attempts themselves, so 100 000
 * attempts and a year of days open as fast as ten.
 */

export interface ProgressOptions {
  /** Daily goal of sound on the face, minutes (1..240). */
  dailyGoalMin: number;
  /** The player can turn streaks off (some find them stressful): then `streakDays` is null. */
  streaks: boolean;
  /** Days in the minutes chart (default 14) and weeks in the range chart (default 12). */
  days?: number;
  weeks?: number;
}

export interface DayRow {
  day: string;
  /** Sound on the face, from the stream. */
  soundMin: number;
  restMin: number;
  /** Exercise time saved in the history (attempt durations). */
  exerciseMin: number;
}

export interface WeekRange {
  /** Monday of the week, "YYYY-MM-DD". */
  weekStart: string;
  /** Concert MIDI of the highest / lowest note held ≥ 1 s that week; null: none. */
  highMidi: number | null;
  lowMidi: number | null;
}

export interface ExerciseTrend {
  exercise: ExerciseKind;
  label: string;
  /** Mean score per day practised, oldest first (the last `days`·2 points at most). */
  points: { day: string; score: number }[];
  /** Mean of the later half minus the earlier half, points; null below 4 days. */
  change: number | null;
}

export interface Progress {
  days: DayRow[];
  todaySoundMin: number;
  goalMin: number;
  goalMet: boolean;
  /** Last 7 days, today included. */
  weekSoundMin: number;
  /** Rest ÷ (rest + sound) over the last 7 days; null without sound. */
  weekRestRatio: number | null;
  streakDays: number | null;
  range: WeekRange[];
  trends: ExerciseTrend[];
}

export const DAILY_GOAL_RANGE_MIN = { min: 1, max: 240 } as const;

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** The local day `offset` days from `today` (noon avoids daylight-saving edges). */
function dayAt(today: Date, offset: number): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12);
}

/**
 * How a series of daily scores moved: the mean of its later half minus the mean of its earlier
 * half, points (one decimal); null below 4 days, too few to say. Exercises and pieces alike.
 */
export function trendChange(points: readonly { score: number }[]): number | null {
  if (points.length < 4) return null;
  const half = Math.floor(points.length / 2);
  const mean = (list: readonly { score: number }[]) =>
    list.reduce((s, p) => s + p.score, 0) / list.length;
  return round1(mean(points.slice(points.length - half)) - mean(points.slice(0, half)));
}

export function computeProgress(
  days: Readonly<PracticeDays>,
  summary: HistorySummary,
  today: Date,
  options: ProgressOptions,
): Progress {
  const { dailyGoalMin, streaks } = options;
  const { min, max } = DAILY_GOAL_RANGE_MIN;
  if (!(Number.isInteger(dailyGoalMin) && dailyGoalMin >= min && dailyGoalMin <= max)) {
    throw new RangeError(`Daily goal must be ${min}..${max} minutes, got ${dailyGoalMin}`);
  }
  const dayCount = options.days ?? 14;
  const weekCount = options.weeks ?? 12;

  const rows: DayRow[] = [];
  for (let i = dayCount - 1; i >= 0; i--) {
    const day = dayOf(dayAt(today, -i).getTime());
    const practice = days[day];
    rows.push({
      day,
      soundMin: round1((practice?.soundS ?? 0) / 60),
      restMin: round1((practice?.restS ?? 0) / 60),
      exerciseMin: round1(summary.minutesByDay[day] ?? 0),
    });
  }

  let weekSoundS = 0;
  let weekRestS = 0;
  for (let i = 0; i < 7; i++) {
    const practice = days[dayOf(dayAt(today, -i).getTime())];
    weekSoundS += practice?.soundS ?? 0;
    weekRestS += practice?.restS ?? 0;
  }

  // A day counts for the streak when the player played: sound heard or an exercise saved.
  let streakDays: number | null = null;
  if (streaks) {
    const practised: Record<string, number> = { ...summary.minutesByDay };
    for (const [day, practice] of Object.entries(days)) {
      practised[day] = (practised[day] ?? 0) + practice.soundS / 60;
    }
    streakDays = practiceStreakDays(practised, today);
  }

  // Weeks from Monday: the range held that week.
  const mondayOffset = -((today.getDay() + 6) % 7);
  const range: WeekRange[] = [];
  for (let w = weekCount - 1; w >= 0; w--) {
    let highMidi: number | null = null;
    let lowMidi: number | null = null;
    for (let d = 0; d < 7; d++) {
      const practice = days[dayOf(dayAt(today, mondayOffset - 7 * w + d).getTime())];
      if (practice?.highMidi != null) highMidi = Math.max(highMidi ?? 0, practice.highMidi);
      if (practice?.lowMidi != null) lowMidi = Math.min(lowMidi ?? 127, practice.lowMidi);
    }
    range.push({
      weekStart: dayOf(dayAt(today, mondayOffset - 7 * w).getTime()),
      highMidi,
      lowMidi,
    });
  }

  const trends: ExerciseTrend[] = [];
  for (const [exercise, series] of dailyScores(summary)) {
    const points = series.slice(-dayCount * 2).map((p) => ({ day: dayOf(p.time), score: p.score }));
    trends.push({
      exercise,
      label: EXERCISE_LABELS[exercise],
      points,
      change: trendChange(points),
    });
  }

  const todaySoundMin = rows[rows.length - 1]?.soundMin ?? 0;
  return {
    days: rows,
    todaySoundMin,
    goalMin: dailyGoalMin,
    goalMet: todaySoundMin >= dailyGoalMin,
    weekSoundMin: round1(weekSoundS / 60),
    weekRestRatio: weekSoundS > 0 ? weekRestS / (weekRestS + weekSoundS) : null,
    streakDays,
    range,
    trends,
  };
}
