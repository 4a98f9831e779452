/**
 * Evenness where it applies (issue 21: "eighths swung ±60 ms scored 99, a double-tongued K 40 ms
 * late 'even to ±20 ms'"): runs of equal short notes judged against the pulse the player's own
 * neighbouring notes keep, and runs where every other note lags named as such.
 */
import { median } from '../theory/cents';
import type { TimedNote } from './timing';

/** A note off the even pulse of its run by this much is named uneven, ms. */
export const UNEVEN_MS = 35;

/**
 * A pattern a note-by-note look half absorbs: every other note behind (swung eighths, a late K
 * in double tonguing). The medians of the two alternate sets' distances from the run's straight
 * pulse differ by the lag; the set behind is charged with it, and the run is marked so its notes
 * are judged uneven, not late and early by turns.
 */
function markAlternation(
  run: readonly TimedNote[],
  offset: number,
  out: Float64Array,
  alternating: Uint8Array,
  runLagMs: Float64Array,
): void {
  if (run.length < 6) return;
  // Each inner note against the midpoint of its neighbours, signs flipped on every other note:
  // an alternation keeps one sign (its lag), a ritardando or one slipped note does not.
  const flipped: number[] = [];
  for (let k = 1; k + 1 < run.length; k++) {
    const p = run[k - 1];
    const q = run[k + 1];
    const note = run[k];
    const slope = (q.onsetMs - p.onsetMs) / (q.startMs - p.startMs);
    const off = note.onsetMs - (p.onsetMs + slope * (note.startMs - p.startMs));
    flipped.push(k % 2 === 1 ? -off : off);
  }
  const m = median(flipped) ?? 0;
  // Most of the run must show it: one slipped note moves three midpoints, not the run.
  const agreeing = flipped.filter(
    (v) => Math.sign(v) === Math.sign(m) && Math.abs(v) >= UNEVEN_MS / 2,
  );
  if (!(Math.abs(m) >= UNEVEN_MS) || agreeing.length < 0.75 * flipped.length) return;
  const behind = m < 0 ? 1 : 0;
  for (let k = 0; k < run.length; k++) {
    alternating[offset + k] = 1;
    runLagMs[offset + k] = Math.abs(m);
    // The notes ahead are where the pulse is; the ones behind carry the lag.
    out[offset + k] = k % 2 === behind ? Math.abs(m) : 0;
  }
}

/**
 * Evenness where it applies: runs of at least 4 consecutive notes of the same short written
 * length (≤ a beat) played in one attempt. Each note's distance from the even pulse its
 * neighbours in the run keep (a line through up to 3 on each side, itself left out), ms, so a
 * run that speeds up or slows down evenly is even; NaN outside such runs.
 */
export function evennessDeviations(
  notes: readonly (TimedNote & { readonly durationQuarters: number })[],
  /** Notes already named late or early: no pulse is drawn through them. */
  offBeat: (index: number) => boolean = () => false,
): {
  readonly deviationMs: Float64Array;
  readonly alternating: Uint8Array;
  /**
   * In an alternating run, the lag for every note of it (both notes of a long-short pair are
   * heard uneven: one long, one short); 0 elsewhere. What unevenness costs is charged from this.
   */
  readonly runLagMs: Float64Array;
  /** UNEVEN_MS, or half as much again where the pulse was extrapolated from one side. */
  readonly toleranceMs: Float64Array;
} {
  const out = new Float64Array(notes.length).fill(Number.NaN);
  const alternating = new Uint8Array(notes.length);
  const runLagMs = new Float64Array(notes.length);
  const toleranceMs = new Float64Array(notes.length).fill(UNEVEN_MS);
  let start = 0;
  while (start < notes.length) {
    const first = notes[start];
    let end = start + 1;
    while (
      end < notes.length &&
      first.durationQuarters <= 1 &&
      first.attempt >= 0 &&
      notes[end].attempt === first.attempt &&
      Math.abs(notes[end].durationQuarters - first.durationQuarters) < 1e-6
    ) {
      end++;
    }
    if (end - start >= 4) {
      // Each inner note against the pulse its neighbours keep: the line through the two around
      // it, or through two on one side; the closest of these is the pulse (a smooth ritardando
      // bends none of them much, a neighbour's own slip spoils only the lines through it). The
      // run's first and last notes, with one neighbour, are judged by timing alone.
      for (let k = start + 1; k < end - 1; k++) {
        const note = notes[k];
        const through = (a: number, b: number): number => {
          const p = notes[a] as TimedNote;
          const q = notes[b] as TimedNote;
          const slope = (q.onsetMs - p.onsetMs) / (q.startMs - p.startMs);
          return note.onsetMs - (p.onsetMs + slope * (note.startMs - p.startMs));
        };
        const candidates: number[] = [];
        const add = (a: number, b: number): void => {
          if (a >= start && b < end && !offBeat(a) && !offBeat(b)) candidates.push(through(a, b));
        };
        add(k - 1, k + 1);
        if (candidates.length === 0) toleranceMs[k] = 1.5 * UNEVEN_MS;
        // One side: the longest baseline within 3 notes (an extrapolation doubles jitter).
        if (k - 3 >= start && !offBeat(k - 3)) add(k - 3, k - 1);
        else add(k - 2, k - 1);
        if (k + 3 < end && !offBeat(k + 3)) add(k + 1, k + 3);
        else add(k + 1, k + 2);
        if (candidates.length > 0) {
          out[k] = candidates.reduce((best, d) => (Math.abs(d) < Math.abs(best) ? d : best));
        }
      }
      markAlternation(notes.slice(start, end), start, out, alternating, runLagMs);
    }
    start = end;
  }
  return { deviationMs: out, alternating, runLagMs, toleranceMs };
}
