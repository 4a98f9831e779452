/**
 * The semitones the pitch trace shows: every note of the last 10 s, with a semitone of margin, and
 * never fewer than MIN_SPAN_SEMITONES (a held note keeps its neighbours in view). A phrase from A3
 * to C5 shows A3..C5 whole, not two short segments of a window that follows the current note.
 */
export const MIN_SPAN_SEMITONES = 8;
/** Above this many semitones only every other line is labelled: the 150 px trace fits 11 px labels. */
export const LABEL_EVERY_LINE_UP_TO = 10;
/** At most this many labels (11 px each on the 150 px trace): wider ranges label every n-th line. */
export const MAX_LABELS = LABEL_EVERY_LINE_UP_TO + 1;

export interface TraceRange {
  /** Lowest and highest semitone line (MIDI, written pitch), inclusive. */
  low: number;
  high: number;
  /** Label every `labelStep`-th line (labels never overlap, issue 23 row 5). */
  labelStep: number;
}

/** Range for the pitched points (fractional MIDI; NaN = no pitch) of the visible window. */
export function traceRange(midis: Iterable<number>, fallbackMidi = 60): TraceRange {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const midi of midis) {
    if (!Number.isFinite(midi)) continue;
    if (midi < min) min = midi;
    if (midi > max) max = midi;
  }
  if (min > max) {
    min = fallbackMidi;
    max = fallbackMidi;
  }
  let low = Math.round(min) - 1;
  let high = Math.round(max) + 1;
  const missing = MIN_SPAN_SEMITONES - (high - low);
  if (missing > 0) {
    low -= Math.floor(missing / 2);
    high += Math.ceil(missing / 2);
  }
  return { low, high, labelStep: Math.ceil((high - low + 1) / MAX_LABELS) };
}

/**
 * A pitched reading with no neighbour within a semitone (NaN = no pitch) is a stray (a flash in
 * the room's tail, a crack's lone frame): the trace leaves it out, so it neither draws a spike nor
 * stretches the range (issue 23 row 5: one stray reading stretched G3..E♭6).
 */
export function isIsolatedReading(beforeMidi: number, midi: number, afterMidi: number): boolean {
  if (!Number.isFinite(midi)) return false;
  const near = (other: number) => Number.isFinite(other) && Math.abs(other - midi) <= 1;
  return !near(beforeMidi) && !near(afterMidi);
}
