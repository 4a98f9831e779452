import { EXERCISE_KINDS, type ExerciseKind } from '../history/records';

/** Today's routine: which exercises, in which order. Persisted in localStorage. */
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

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked for this origin
  }
}

export function loadRoutine(store: KeyValueStorage | null = storage()): ExerciseKind[] {
  try {
    const text = store?.getItem(ROUTINE_STORAGE_KEY);
    return text ? parseRoutine(JSON.parse(text)) : [...DEFAULT_ROUTINE];
  } catch {
    return [...DEFAULT_ROUTINE];
  }
}

/** False when the routine could not be stored (it still applies for this session). */
export function saveRoutine(
  routine: readonly ExerciseKind[],
  store: KeyValueStorage | null = storage(),
): boolean {
  try {
    store?.setItem(ROUTINE_STORAGE_KEY, JSON.stringify(routine));
    return store !== null;
  } catch {
    return false;
  }
}
