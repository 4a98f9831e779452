// Today's routine as the exercise page runs it: where it is, what is left, the time played.
import type { ExerciseKind } from '../history/records';

/** A step of today's routine: an exercise, a rest, or the warm-down. */
export type RoutineStep =
  | { kind: 'exercise'; exercise: ExerciseKind; startedAtMs: number }
  | { kind: 'rest'; next: ExerciseKind; restMs: number }
  | { kind: 'warm-down' };

/** The routine while it runs: where it is, the exercises still to come, the time played so far. */
export interface Routine {
  step: RoutineStep;
  queue: readonly ExerciseKind[];
  playedMs: number;
}

/** An exercise starting now (the routine counts the minutes played from here). */
export function start(exercise: ExerciseKind): RoutineStep {
  return { kind: 'exercise', exercise, startedAtMs: Date.now() };
}
