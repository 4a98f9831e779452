import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { defaultStorage, type KeyValueStorage } from '../storage';
import { parseRoutineDays, withRoutineDone, type RoutineDays } from './logic/routine-days';

/** Beside the practice days (`embouchure.practice-days.v1`): a year is ~365 small records. */
export const ROUTINE_DAYS_KEY = 'embouchure.routine-days.v1';

export interface RoutineDaysStore {
  readonly days: ReadonlyObservable<Readonly<RoutineDays>>;
  /** Today's routine was finished now (the routine's Finish). Saved at once. */
  markDone(routine: { playedMin: number }, atMs?: number): void;
}

function load(storage: KeyValueStorage | null): RoutineDays {
  try {
    const text = storage?.getItem(ROUTINE_DAYS_KEY);
    return parseRoutineDays(text ? JSON.parse(text) : undefined);
  } catch {
    return {};
  }
}

/**
 * The days the routine was finished (issue 24), for Progress and the teacher's report. Written by
 * the practice home when the player taps Finish after the warm-down.
 */
export function createRoutineDaysStore(
  storage: KeyValueStorage | null = defaultStorage(),
): RoutineDaysStore {
  const days = createObservable<Readonly<RoutineDays>>(load(storage));
  return {
    days,
    markDone(routine, atMs = Date.now()) {
      const next = withRoutineDone(days.get(), atMs, routine);
      days.set(next);
      try {
        storage?.setItem(ROUTINE_DAYS_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the day still shows for this session.
      }
    },
  };
}

let shared: RoutineDaysStore | null = null;
export function getRoutineDaysStore(): RoutineDaysStore {
  shared ??= createRoutineDaysStore();
  return shared;
}
