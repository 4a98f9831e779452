/**
 * Where each played note belonged in time, so lateness is judged as a teacher hears it (issue 21):
 * against the click when there is one, against a given tempo (the player's own start), or, with
 * no tempo at all, against the beat the player is keeping: a line through the neighbouring onsets
 * (±4 notes of the same attempt, the worst outlier left out), so a steady player 150 ms late on one
 * note is late on that note and a player slowing over a phrase is not late on every note.
 */
import { median } from '../theory/cents';

export type TimingReference =
  /** A click: beat 0 of the score sounded at `originMs`; `qpm` when not the score's own tempo. */
  | { readonly kind: 'click'; readonly originMs: number; readonly qpm?: number }
  /** A steady tempo but no click times (a recording): the start is the player's. */
  | { readonly kind: 'tempo'; readonly qpm: number }
  /** No tempo: the beat the player keeps. */
  | { readonly kind: 'free' };

export interface TimedNote {
  /** Written start at the score's tempo map, ms. */
  readonly startMs: number;
  /** Heard onset, ms, or NaN when not played. */
  readonly onsetMs: number;
  /** Attempt the onset belongs to (restarts start a new one), -1 when not played. */
  readonly attempt: number;
}

const NEIGHBOURS = 4;

/** A stop this much longer than the music's own gap breaks the beat: a new phrase, ms. */
export const PAUSE_MS = 1500;

/**
 * The player's phrases: attempts (restarts start a new one) further split where the player
 * stopped (a gap PAUSE_MS longer than written). Timing is judged within a phrase, so coming back
 * after a breath or a stop is not "late" and the notes around it are not uneven. Returns the
 * notes with `attempt` renumbered as phrases.
 */
export function phrasesOf<T extends TimedNote>(notes: readonly T[], tempoRatio: number): T[] {
  let phrase = -1;
  let lastAttempt = -2;
  let last: T | null = null;
  return notes.map((note) => {
    if (note.attempt < 0) return note;
    const paused =
      last !== null &&
      note.onsetMs - last.onsetMs - (note.startMs - last.startMs) * tempoRatio > PAUSE_MS;
    if (note.attempt !== lastAttempt || paused) phrase++;
    lastAttempt = note.attempt;
    last = note;
    return { ...note, attempt: phrase };
  });
}

/** An onset this far from where it belonged is named late or early, ms. */
export const LATE_MS = 50;

/** Per note: played minus expected onset, ms (NaN where unknown), and how far counts as off. */
export interface OnsetDeviations {
  readonly deviationMs: Float64Array;
  /**
   * LATE_MS, or twice it where the beat had to be extrapolated from one side (the first or last
   * notes of an attempt without a click: a closing ritardando is not lateness).
   */
  readonly toleranceMs: Float64Array;
}
/** A neighbour this far off the line through the others is left out of the fit, ms. */
const OUTLIER_MS = 40;

/** Played minus expected onset per note, ms (positive = late); NaN where not played or unknown. */
export function onsetDeviations(
  notes: readonly TimedNote[],
  reference: TimingReference,
  /** Played ms per written ms for a click or tempo reference (score tempo / given tempo). */
  tempoRatio: number,
): OnsetDeviations {
  const out = new Float64Array(notes.length).fill(Number.NaN);
  const toleranceMs = new Float64Array(notes.length).fill(LATE_MS);
  if (reference.kind === 'free') {
    notes.forEach((note, i) => {
      if (note.attempt < 0) return;
      const around: TimedNote[] = [];
      let before = 0;
      let after = 0;
      for (
        let k = Math.max(0, i - NEIGHBOURS);
        k <= Math.min(notes.length - 1, i + NEIGHBOURS);
        k++
      ) {
        const other = notes[k];
        if (k !== i && other.attempt === note.attempt) {
          around.push(other);
          if (k < i) before++;
          else after++;
        }
      }
      const line = robustLine(around);
      if (line) out[i] = note.onsetMs - predictMs(line, note.startMs);
      if (before === 0 || after === 0) toleranceMs[i] = 2 * LATE_MS;
    });
    return { deviationMs: out, toleranceMs };
  }
  // A click keeps its origin through the first attempt; later attempts (restarts) and a bare
  // tempo take the player's own entrance: the median offset of the attempt.
  const attempts = new Map<number, number[]>();
  notes.forEach((note) => {
    if (note.attempt < 0) return;
    const list = attempts.get(note.attempt) ?? [];
    list.push(note.onsetMs - note.startMs * tempoRatio);
    attempts.set(note.attempt, list);
  });
  const origin = new Map<number, number>();
  for (const [attempt, offsets] of attempts) {
    origin.set(attempt, median(offsets) ?? 0);
  }
  if (reference.kind === 'click') origin.set(0, reference.originMs);
  notes.forEach((note, i) => {
    if (note.attempt < 0) return;
    out[i] = note.onsetMs - ((origin.get(note.attempt) as number) + note.startMs * tempoRatio);
  });
  return { deviationMs: out, toleranceMs };
}

/** A local tempo curve: onset ≈ intercept + slope·t + curve·t² (t from the points' mean). */
interface Line {
  readonly intercept: number;
  readonly slope: number;
  readonly curve: number;
  readonly centreMs: number;
}

/** Where the line puts a note written to start at `startMs`. */
export function predictMs(line: Line, startMs: number): number {
  const t = startMs - line.centreMs;
  return line.intercept + line.slope * t + line.curve * t * t;
}

/**
 * Least squares through the points: a straight line, or with 5 points and more a parabola, so a
 * phrase that slows down (a ritardando) or breathes is followed, not called late (fewer points
 * would bend the parabola to the player's jitter).
 */
function fit(points: readonly TimedNote[], curved: boolean): Line | null {
  const n = points.length;
  if (n < 2) return null;
  const centreMs = points.reduce((s, p) => s + p.startMs, 0) / n;
  const straight = fitStraight(points, centreMs);
  if (!curved || n < 5 || !straight) return straight;
  // Normal equations of y = a + b·t + c·t² (t centred), solved by Cramer's rule.
  let s1 = 0,
    s2 = 0,
    s3 = 0,
    s4 = 0,
    y0 = 0,
    y1 = 0,
    y2 = 0;
  for (const p of points) {
    const t = p.startMs - centreMs;
    s1 += t;
    s2 += t * t;
    s3 += t * t * t;
    s4 += t * t * t * t;
    y0 += p.onsetMs;
    y1 += p.onsetMs * t;
    y2 += p.onsetMs * t * t;
  }
  const det = (m: readonly number[]): number =>
    m[0] * (m[4] * m[8] - m[5] * m[7]) -
    m[1] * (m[3] * m[8] - m[5] * m[6]) +
    m[2] * (m[3] * m[7] - m[4] * m[6]);
  const a = [n, s1, s2, s1, s2, s3, s2, s3, s4];
  const d = det(a);
  if (!(Math.abs(d) > 1e-9 * Math.max(1, s4 * s2 * n))) return straight;
  const solve = (column: number): number => {
    const m = [...a];
    m[column] = y0;
    m[column + 3] = y1;
    m[column + 6] = y2;
    return det(m) / d;
  };
  return { intercept: solve(0), slope: solve(1), curve: solve(2), centreMs };
}

function fitStraight(points: readonly TimedNote[], centreMs: number): Line | null {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.startMs, 0) / n;
  const my = points.reduce((s, p) => s + p.onsetMs, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.startMs - mx) ** 2;
    sxy += (p.startMs - mx) * (p.onsetMs - my);
  }
  if (!(sxx > 0)) return null;
  const slope = sxy / sxx;
  return { intercept: my - slope * (mx - centreMs), slope, curve: 0, centreMs };
}

/** A least-squares line, refitted without its worst point when that point is an outlier. */
export function robustLine(points: readonly TimedNote[], curved = true): Line | null {
  const line = fit(points, curved);
  if (!line || points.length < 4) return line;
  let worst = -1;
  let worstMs = OUTLIER_MS;
  points.forEach((p, k) => {
    const residual = Math.abs(p.onsetMs - predictMs(line, p.startMs));
    if (residual > worstMs) {
      worstMs = residual;
      worst = k;
    }
  });
  return worst < 0
    ? line
    : fit(
        points.filter((_, k) => k !== worst),
        curved,
      );
}
