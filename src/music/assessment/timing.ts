/**
 * Where each played note belonged in time, so lateness is judged as a teacher hears it (issue 21):
 * against the click when there is one, against a given tempo (the player's own start), or, with
 * no tempo at all, against the beat the player is keeping: a line through the neighbouring onsets
 * (±4 notes of the same attempt, the worst outlier left out), so a steady player 150 ms late on one
 * note is late on that note and a player slowing over a phrase is not late on every note.
 */

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
/** A neighbour this far off the line through the others is left out of the fit, ms. */
const OUTLIER_MS = 40;

/** Played minus expected onset per note, ms (positive = late); NaN where not played or unknown. */
export function onsetDeviations(
  notes: readonly TimedNote[],
  reference: TimingReference,
  /** Played ms per written ms for a click or tempo reference (score tempo / given tempo). */
  tempoRatio: number,
): Float64Array {
  const out = new Float64Array(notes.length).fill(Number.NaN);
  if (reference.kind === 'free') {
    notes.forEach((note, i) => {
      if (note.attempt < 0) return;
      const around: TimedNote[] = [];
      for (
        let k = Math.max(0, i - NEIGHBOURS);
        k <= Math.min(notes.length - 1, i + NEIGHBOURS);
        k++
      ) {
        const other = notes[k] as TimedNote;
        if (k !== i && other.attempt === note.attempt) around.push(other);
      }
      const line = robustLine(around);
      if (line) out[i] = note.onsetMs - (line.intercept + line.slope * note.startMs);
    });
    return out;
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
    const sorted = [...offsets].sort((a, b) => a - b);
    origin.set(attempt, sorted[sorted.length >> 1] as number);
  }
  if (reference.kind === 'click') origin.set(0, reference.originMs);
  notes.forEach((note, i) => {
    if (note.attempt < 0) return;
    out[i] = note.onsetMs - ((origin.get(note.attempt) as number) + note.startMs * tempoRatio);
  });
  return out;
}

interface Line {
  readonly intercept: number;
  readonly slope: number;
}

function fit(points: readonly TimedNote[]): Line | null {
  const n = points.length;
  if (n < 2) return null;
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
  return { intercept: my - slope * mx, slope };
}

/** A least-squares line, refitted without its worst point when that point is an outlier. */
export function robustLine(points: readonly TimedNote[]): Line | null {
  const line = fit(points);
  if (!line || points.length < 4) return line;
  let worst = -1;
  let worstMs = OUTLIER_MS;
  points.forEach((p, k) => {
    const residual = Math.abs(p.onsetMs - (line.intercept + line.slope * p.startMs));
    if (residual > worstMs) {
      worstMs = residual;
      worst = k;
    }
  });
  return worst < 0 ? line : fit(points.filter((_, k) => k !== worst));
}

/**
 * Evenness where it applies: runs of at least 4 consecutive notes of the same short written
 * length (≤ a beat) played in one attempt. Each note's distance from the even pulse through the
 * run, ms (NaN outside such runs).
 */
export function evennessDeviations(
  notes: readonly (TimedNote & { readonly durationQuarters: number })[],
): Float64Array {
  const out = new Float64Array(notes.length).fill(Number.NaN);
  let start = 0;
  while (start < notes.length) {
    const first = notes[start] as (typeof notes)[number];
    let end = start + 1;
    while (
      end < notes.length &&
      first.durationQuarters <= 1 &&
      first.attempt >= 0 &&
      (notes[end] as (typeof notes)[number]).attempt === first.attempt &&
      Math.abs((notes[end] as (typeof notes)[number]).durationQuarters - first.durationQuarters) <
        1e-6
    ) {
      end++;
    }
    if (end - start >= 4) {
      const run = notes.slice(start, end);
      const line = robustLine(run);
      if (line) {
        run.forEach((p, k) => {
          out[start + k] = p.onsetMs - (line.intercept + line.slope * p.startMs);
        });
      }
    }
    start = end;
  }
  return out;
}
