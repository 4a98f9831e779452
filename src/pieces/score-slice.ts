/**
 * The bars a loop practises, as a score of their own (notes re-indexed from 0, times from the
 * first bar), and the mapping back to the whole piece's note indices.
 */
import { quartersToMs, type Score } from '../music';

export interface ScoreSlice {
  readonly score: Score;
  /** Index in the whole score of each note of the slice. */
  readonly noteIndices: readonly number[];
}

/** Bars `fromBar`..`toBar` (1-based positions in performance order, inclusive). */
export function sliceScore(score: Score, fromBar: number, toBar: number): ScoreSlice {
  const count = score.measures.length;
  if (!(
    Number.isInteger(fromBar) &&
    Number.isInteger(toBar) &&
    fromBar >= 1 &&
    toBar >= fromBar &&
    toBar <= count
  )) {
    throw new RangeError(`bars must satisfy 1 ≤ from ≤ to ≤ ${count}, got ${fromBar}–${toBar}`);
  }
  const first = score.measures[fromBar - 1];
  const last = score.measures[toBar - 1];
  const startQ = first.startQuarters;
  const endQ = last.startQuarters + last.durationQuarters;
  const notes = score.notes.filter(
    (n) => n.measureIndex >= fromBar - 1 && n.measureIndex <= toBar - 1,
  );
  const startMs = quartersToMs(score.tempos, startQ);
  const endMs = notes.length ? Math.max(...notes.map((n) => n.startMs + n.durationMs)) : startMs;
  return {
    noteIndices: notes.map((n) => n.index),
    score: {
      ...score,
      measures: score.measures.slice(fromBar - 1, toBar).map((m) => ({
        ...m,
        startQuarters: m.startQuarters - startQ,
      })),
      notes: notes.map((n, i) => ({
        ...n,
        index: i,
        measureIndex: n.measureIndex - (fromBar - 1),
        startQuarters: n.startQuarters - startQ,
        startMs: n.startMs - startMs,
        slurredFromPrevious: i > 0 && n.slurredFromPrevious,
      })),
      keys: shift(score.keys, startQ),
      times: shift(score.times, startQ),
      tempos: shift(score.tempos, startQ),
      lengthQuarters: endQ - startQ,
      lengthMs: endMs - startMs,
    },
  };
}

/** What is in force from `atQ` on, re-based to start at 0. */
function shift<T>(list: readonly { atQuarters: number; value: T }[], atQ: number) {
  const before = list.filter((e) => e.atQuarters <= atQ + 1e-6);
  const start = before[before.length - 1] ?? list[0];
  return [
    { atQuarters: 0, value: start.value },
    ...list
      .filter((e) => e.atQuarters > atQ + 1e-6)
      .map((e) => ({ ...e, atQuarters: e.atQuarters - atQ })),
  ];
}
