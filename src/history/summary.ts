import { localDay, type NoteTendency } from './stats';
import type { AttemptRecord, ExerciseKind } from './records';

/**
 * Everything the history charts need, kept up to date as attempts are added, replaced or removed
 * (src/history/history-db.ts stores it beside the attempts, in the same transaction). Opening the
 * history then reads one small record instead of every attempt: 100 000 attempts (ten years of
 * heavy practice) open as fast as ten. Every field is a sum or a count, so removing an attempt is
 * applying it with sign −1.
 */
export interface HistorySummary {
  id: 'all';
  count: number;
  partialCount: number;
  /** Local day "YYYY-MM-DD" → practice minutes. */
  minutesByDay: Record<string, number>;
  /** "exercise|YYYY-MM-DD" → [sum of scores, attempts]; partial attempts are left out. */
  scoreByExerciseDay: Record<string, [number, number]>;
  /** Written MIDI → per-note sums for the sharp/flat tendencies. */
  notes: Record<string, NoteSums>;
}

export interface NoteSums {
  name: string;
  n: number;
  sumCents: number;
  /** Attempts beyond +TENDENCY_BAND_CENTS / below −TENDENCY_BAND_CENTS. */
  sharp: number;
  flat: number;
}

/** A note is "always sharp/flat" when every attempt is beyond ±10 ¢ the same way (stats.ts). */
export const TENDENCY_BAND_CENTS = 10;

export function emptySummary(): HistorySummary {
  return {
    id: 'all',
    count: 0,
    partialCount: 0,
    minutesByDay: {},
    scoreByExerciseDay: {},
    notes: {},
  };
}

/** Adds (sign 1) or removes (sign −1) one attempt's contribution, in place. */
export function applyAttempt(
  summary: HistorySummary,
  attempt: AttemptRecord,
  sign: 1 | -1,
): HistorySummary {
  summary.count += sign;
  if (attempt.partial) summary.partialCount += sign;
  const day = localDay(attempt.startedAt);
  const minutes = (summary.minutesByDay[day] ?? 0) + (sign * attempt.durationS) / 60;
  if (minutes > 1e-6) summary.minutesByDay[day] = minutes;
  else Reflect.deleteProperty(summary.minutesByDay, day);
  if (!attempt.partial) {
    const key = `${attempt.exercise}|${day}`;
    const [sum, n] = summary.scoreByExerciseDay[key] ?? [0, 0];
    if (n + sign > 0) summary.scoreByExerciseDay[key] = [sum + sign * attempt.score, n + sign];
    else Reflect.deleteProperty(summary.scoreByExerciseDay, key);
  }
  for (const note of attempt.notes) {
    if (note.medianCents === null) continue;
    const midi = String(note.writtenMidi);
    const sums = summary.notes[midi] ?? { name: note.name, n: 0, sumCents: 0, sharp: 0, flat: 0 };
    sums.n += sign;
    sums.sumCents += sign * note.medianCents;
    if (note.medianCents > TENDENCY_BAND_CENTS) sums.sharp += sign;
    if (note.medianCents < -TENDENCY_BAND_CENTS) sums.flat += sign;
    if (sums.n > 0) summary.notes[midi] = sums;
    else Reflect.deleteProperty(summary.notes, midi);
  }
  return summary;
}

/** The summary of a list of attempts, from scratch (database upgrade, tests). */
export function summarise(attempts: Iterable<AttemptRecord>): HistorySummary {
  const summary = emptySummary();
  for (const attempt of attempts) applyAttempt(summary, attempt, 1);
  return summary;
}

/** Practice minutes per local day for the `days` days ending on `today` (oldest first). */
export function minutesPerDay(
  summary: HistorySummary,
  today: Date,
  days = 14,
): { day: string; minutes: number }[] {
  const result: { day: string; minutes: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i, 12);
    const day = localDay(d.toISOString());
    result.push({ day, minutes: Math.round((summary.minutesByDay[day] ?? 0) * 10) / 10 });
  }
  return result;
}

/** Mean score per exercise per day, oldest first: at most one point per day and exercise. */
export function dailyScores(
  summary: HistorySummary,
): Map<ExerciseKind, { time: number; score: number }[]> {
  const series = new Map<ExerciseKind, { time: number; score: number }[]>();
  const keys = Object.keys(summary.scoreByExerciseDay).sort((a, b) =>
    a.slice(a.indexOf('|')).localeCompare(b.slice(b.indexOf('|'))),
  );
  for (const key of keys) {
    const [sum, n] = summary.scoreByExerciseDay[key];
    const bar = key.indexOf('|');
    const exercise = key.slice(0, bar) as ExerciseKind;
    const time = Date.parse(`${key.slice(bar + 1)}T12:00:00`);
    const list = series.get(exercise) ?? [];
    list.push({ time, score: Math.round((sum / n) * 10) / 10 });
    series.set(exercise, list);
  }
  return series;
}

/** Per written note played in at least `minAttempts` attempts: mean offset and tendency. */
export function summaryTendencies(summary: HistorySummary, minAttempts = 2): NoteTendency[] {
  return Object.entries(summary.notes)
    .filter(([, s]) => s.n >= minAttempts)
    .map(([midi, s]): NoteTendency => {
      const consistent = s.sharp === s.n ? 'sharp' : s.flat === s.n ? 'flat' : null;
      return {
        writtenMidi: Number(midi),
        name: s.name,
        meanCents: s.sumCents / s.n,
        attempts: s.n,
        consistent,
      };
    })
    .sort((a, b) => a.writtenMidi - b.writtenMidi);
}
