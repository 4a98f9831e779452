import { EXERCISE_KINDS, type ExerciseKind } from '../../history/records';

/**
 * Today's routine: which exercises, in which order. Kept in the device's key-value storage and synced
 * with the account (routine-store.ts).
 */
export const ROUTINE_STORAGE_KEY = 'embouchure.routine.v1';
/** The standard brass routine order (trumpet.md): long tones, lip slurs, scales, then ear work. */
export const DEFAULT_ROUTINE: readonly ExerciseKind[] = [
  'long-tones',
  'lip-slurs',
  'scales',
  'intervals',
];

/** A routine from an untrusted stored value: unknown or repeated entries are dropped. */
export function parseRoutine(raw: unknown): ExerciseKind[] {
  if (!Array.isArray(raw)) return [...DEFAULT_ROUTINE];
  const seen = new Set<ExerciseKind>();
  for (const item of raw) {
    if ((EXERCISE_KINDS as readonly unknown[]).includes(item)) seen.add(item as ExerciseKind);
  }
  return [...seen];
}

/** Moves the exercise at `index` one place up (−1) or down (+1); out-of-range moves do nothing. */
export function moveExercise(
  routine: readonly ExerciseKind[],
  index: number,
  direction: -1 | 1,
): ExerciseKind[] {
  const target = index + direction;
  const next = [...routine];
  if (index < 0 || index >= next.length || target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Adds the exercise at the end, or removes it. */
export function toggleExercise(
  routine: readonly ExerciseKind[],
  exercise: ExerciseKind,
): ExerciseKind[] {
  return routine.includes(exercise)
    ? routine.filter((e) => e !== exercise)
    : [...routine, exercise];
}

/**
 * Planned playing minutes per exercise. The teacher's typical daily routine (notes/trumpet.md):
 * "rest as long as you play", 30–40 minutes for a maintenance session; the default routine plans
 * 19 min of playing (warm-down included) and 14 min of rests, 33 min in all.
 */
export const PLANNED_MINUTES: Readonly<Record<ExerciseKind, number>> = {
  'long-tones': 5,
  'lip-slurs': 4,
  scales: 5,
  intervals: 3,
};
export const WARM_DOWN_MINUTES = 2;

export type RoutineStep =
  | { kind: 'exercise'; exercise: ExerciseKind; minutes: number }
  | { kind: 'rest'; minutes: number }
  | { kind: 'warm-down'; minutes: number };

export interface RoutinePlan {
  steps: RoutineStep[];
  playMinutes: number;
  restMinutes: number;
  /** Playing, rests and the warm-down. */
  totalMinutes: number;
}

/** The routine as it will run: each exercise, a rest as long as it after all but the last, a warm-down. */
export function planRoutine(routine: readonly ExerciseKind[]): RoutinePlan {
  const steps: RoutineStep[] = [];
  let playMinutes = 0;
  let restMinutes = 0;
  routine.forEach((exercise, i) => {
    const minutes = PLANNED_MINUTES[exercise];
    steps.push({ kind: 'exercise', exercise, minutes });
    playMinutes += minutes;
    if (i < routine.length - 1) {
      steps.push({ kind: 'rest', minutes });
      restMinutes += minutes;
    }
  });
  if (routine.length > 0) {
    steps.push({ kind: 'warm-down', minutes: WARM_DOWN_MINUTES });
    playMinutes += WARM_DOWN_MINUTES;
  }
  return { steps, playMinutes, restMinutes, totalMinutes: playMinutes + restMinutes };
}

/**
 * The rest to suggest after playing `playedMs`: as long as the playing, at least 30 s, at most
 * 5 min (a longer break cools the embouchure down again).
 */
export function suggestedRestMs(playedMs: number): number {
  return Math.min(5 * 60_000, Math.max(30_000, Math.round(playedMs)));
}
