/**
 * Days kept per device, read as one (issue 35): each device of an account writes only its own
 * practice minutes and finished routines, and the Progress screen and the teacher's report read the
 * sum over devices. Nothing is counted twice and no device's minutes overwrite another's, so two
 * devices practising the same day need no conflict rule. Pure.
 */
import { emptyDay, type PracticeDays } from './practice-days';
import type { RoutineDays } from './routine-days';

const lower = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);
const higher = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** One device's days and the others': sound and rest added, the range the widest of them. */
export function mergePracticeDays(all: readonly Readonly<PracticeDays>[]): PracticeDays {
  // One device (no account, or the only one): its days as they are, no copy per note.
  if (all.length === 1) return all[0];
  const merged: PracticeDays = {};
  for (const days of all) {
    for (const [day, entry] of Object.entries(days)) {
      const sum = merged[day] ?? emptyDay();
      merged[day] = {
        soundS: sum.soundS + entry.soundS,
        restS: sum.restS + entry.restS,
        highMidi: higher(sum.highMidi, entry.highMidi),
        lowMidi: lower(sum.lowMidi, entry.lowMidi),
      };
    }
  }
  return merged;
}

/** Finished routines over devices: times added, the day's last finish and its minutes. */
export function mergeRoutineDays(all: readonly Readonly<RoutineDays>[]): RoutineDays {
  if (all.length === 1) return all[0];
  const merged: RoutineDays = {};
  for (const days of all) {
    for (const [day, done] of Object.entries(days)) {
      const sum = merged[day];
      merged[day] = !sum
        ? { ...done }
        : {
            times: sum.times + done.times,
            finishedAtMs: Math.max(sum.finishedAtMs, done.finishedAtMs),
            playedMin: done.finishedAtMs > sum.finishedAtMs ? done.playedMin : sum.playedMin,
          };
    }
  }
  return merged;
}
