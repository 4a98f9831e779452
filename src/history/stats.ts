import type { AttemptRecord, ExerciseKind } from './records';

/** Local calendar day "YYYY-MM-DD" of an ISO time. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Practice minutes per local day for the `days` days ending on `today` (oldest first, zeros kept). */
export function practicePerDay(
  attempts: readonly AttemptRecord[],
  today: Date,
  days = 14,
): { day: string; minutes: number }[] {
  const totals = new Map<string, number>();
  for (const a of attempts) {
    const day = localDay(a.startedAt);
    totals.set(day, (totals.get(day) ?? 0) + a.durationS / 60);
  }
  const result: { day: string; minutes: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i, 12);
    const day = localDay(d.toISOString());
    result.push({ day, minutes: Math.round((totals.get(day) ?? 0) * 10) / 10 });
  }
  return result;
}

/** Score of every attempt per exercise, oldest first. */
export function scoresByExercise(
  attempts: readonly AttemptRecord[],
): Map<ExerciseKind, { time: number; score: number }[]> {
  const series = new Map<ExerciseKind, { time: number; score: number }[]>();
  for (const a of [...attempts].sort((x, y) => x.startedAt.localeCompare(y.startedAt))) {
    const list = series.get(a.exercise) ?? [];
    list.push({ time: Date.parse(a.startedAt), score: a.score });
    series.set(a.exercise, list);
  }
  return series;
}

export interface NoteTendency {
  writtenMidi: number;
  name: string;
  meanCents: number;
  attempts: number;
  /** Every attempt off the band in the same direction. */
  consistent: 'sharp' | 'flat' | null;
}

/**
 * Per written note: mean offset over the attempts that played it, and whether the player is
 * consistently sharp or flat on it (at least `minAttempts`, all beyond ±bandCents the same way).
 */
export function noteTendencies(
  attempts: readonly AttemptRecord[],
  bandCents = 10,
  minAttempts = 2,
): NoteTendency[] {
  const byNote = new Map<number, { name: string; cents: number[] }>();
  for (const a of attempts) {
    for (const n of a.notes) {
      if (n.medianCents === null) continue;
      const entry = byNote.get(n.writtenMidi) ?? { name: n.name, cents: [] };
      entry.cents.push(n.medianCents);
      byNote.set(n.writtenMidi, entry);
    }
  }
  return [...byNote.entries()]
    .filter(([, e]) => e.cents.length >= minAttempts)
    .map(([writtenMidi, e]): NoteTendency => {
      const meanCents = e.cents.reduce((s, c) => s + c, 0) / e.cents.length;
      const consistent = e.cents.every((c) => c > bandCents)
        ? 'sharp'
        : e.cents.every((c) => c < -bandCents)
          ? 'flat'
          : null;
      return { writtenMidi, name: e.name, meanCents, attempts: e.cents.length, consistent };
    })
    .sort((a, b) => a.writtenMidi - b.writtenMidi);
}
