import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { defaultStorage, type KeyValueStorage } from '../storage';
import type { DeviceRecord } from '../storage/sync/device-source';
import { mergeRoutineDays } from './logic/device-days';
import { parseRoutineDays, withRoutineDone, type RoutineDays } from './logic/routine-days';
import { createOthers } from './other-devices';

/** Beside the practice days (`embouchure.practice-days.v1`): a year is ~365 small records. */
export const ROUTINE_DAYS_KEY = 'embouchure.routine-days.v1';
/** The account's other devices' finished routines, by device id (synced in). */
export const ROUTINE_DAYS_OTHERS_KEY = 'embouchure.routine-days.others.v1';

export interface RoutineDaysStore {
  /** The days, this device's and the account's other devices' together. */
  readonly days: ReadonlyObservable<Readonly<RoutineDays>>;
  /** This device's days as the account syncs them. */
  readonly device: DeviceRecord;
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
  let own = load(storage);
  const others = createOthers(storage, ROUTINE_DAYS_OTHERS_KEY, parseRoutineDays, () =>
    days.set(merged()),
  );
  const merged = (): RoutineDays => mergeRoutineDays([own, ...others.values()]);
  const days = createObservable<Readonly<RoutineDays>>(merged());
  const saved = new Set<() => void>();
  return {
    days,
    device: {
      own: () => (Object.keys(own).length > 0 ? own : null),
      subscribe(listener) {
        saved.add(listener);
        return () => saved.delete(listener);
      },
      putOther: others.put,
      removeOther: others.remove,
    },
    markDone(routine, atMs = Date.now()) {
      own = withRoutineDone(own, atMs, routine);
      days.set(merged());
      try {
        storage?.setItem(ROUTINE_DAYS_KEY, JSON.stringify(own));
      } catch {
        // Storage full or blocked: the day still shows for this session.
      }
      for (const listener of [...saved]) listener();
    },
  };
}

let shared: RoutineDaysStore | null = null;
export function getRoutineDaysStore(): RoutineDaysStore {
  shared ??= createRoutineDaysStore();
  return shared;
}
