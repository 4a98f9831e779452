/**
 * Scores a pitch track (what the microphone heard) against a target note. Pure: a track is an
 * array of `{ timeMs, hz }` samples as the pitch service emits them, `hz` 0 meaning no pitch.
 *
 * Fractions are fractions of time, not of readings: each reading weighs the time until the next
 * one (capped at twice the typical gap), because readings do not arrive at a fixed rate (fast
 * mode caps them near the display rate but sends a note change at once).
 */
import { centsBetween, median as medianOrNull } from '../theory/cents';

export interface PitchSample {
  timeMs: number;
  /** Sounding frequency; 0 = no pitch (silence, noise). */
  hz: number;
  /** Input level of the reading, dBFS, when known (articulation: a tongue dips it). */
  levelDb?: number;
}

/** Signed cents of `hz` above `referenceHz` (negative = flat). */
export const centsFrom = (hz: number, referenceHz: number): number => centsBetween(referenceHz, hz);

/** Frames further than this from the target belong to another note (a crack or a wrong note). */
export const ON_NOTE_CENTS = 50;
/** Part of the start of a held note that is the attack, not the hold (steadiness and drift skip it). */
const ATTACK_MS = 200;

export interface HoldScoreOptions {
  /** Sounding frequency of the target. */
  targetHz: number;
  /** Half-width of the in-tune band (default ±10 ¢). */
  inTuneCents?: number;
  /**
   * Width of the centred moving average the in-tune test looks at, ms (default 200; 0 = per frame).
   * The ear judges pitch over ~0.1–0.2 s, and pitch detectors jitter by several cents from one
   * analysis block to the next on a perfectly steady tone; that jitter is not the player's.
   * Steadiness (spread) and drift still use the raw frames.
   */
  smoothingMs?: number;
}

export interface HoldResult {
  /** 0..100. */
  score: number;
  /** Fraction (0..1) of the hold's frames within ±inTuneCents of the target (on the moving average). */
  inTuneFraction: number;
  /** Fraction of frames with any pitch. */
  voicedFraction: number;
  /** Fraction of voiced frames more than ON_NOTE_CENTS away (another note or partial). */
  offNoteFraction: number;
  /** Median offset of the held (on-note) frames, cents; null when the note was not played. */
  medianCents: number | null;
  /** Standard deviation of the held frames, cents: the steadiness (smaller is steadier). */
  spreadCents: number | null;
  /** Change over the hold from a straight-line fit, cents (positive = went sharp). */
  driftCents: number | null;
  /** Frames scored. */
  frameCount: number;
}

export function validateBand(name: string, value: number, low: number, high: number): void {
  if (!Number.isFinite(value) || value < low || value > high) {
    throw new Error(`${name} must be from ${low} to ${high}, got ${value}.`);
  }
}

/** Median of a non-empty list (the callers here never pass an empty one). */
export const medianOf = (values: readonly number[]): number => medianOrNull(values) ?? 0;

/**
 * Time each sample stands for: the gap to the next sample, capped at twice the median gap (a
 * stalled stream is not a long note); the last sample gets the median gap. All 1 when < 2 samples.
 */
export function sampleWeights(track: readonly { readonly timeMs: number }[]): number[] {
  if (track.length < 2) return track.map(() => 1);
  const gaps: number[] = [];
  for (let i = 0; i + 1 < track.length; i++) {
    gaps.push(Math.max(0, track[i + 1].timeMs - track[i].timeMs));
  }
  const typical = medianOf(gaps) || 1;
  const weights = gaps.map((gap) => Math.min(gap, 2 * typical));
  weights.push(typical);
  return weights;
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

/** Least-squares slope of y over x, or 0 when x does not vary. */
function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const meanX = xs.reduce((s, v) => s + v, 0) / n;
  const meanY = ys.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - meanX) * (ys[i] - meanY);
    den += (xs[i] - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

/**
 * A held note (long tone). The score weighs what a teacher listens for: mostly time in tune,
 * then steadiness (spread) and centring (median offset):
 * 70 × in-tune fraction + 15 × (1 − spread/25 ¢) + 15 × (1 − |median|/50 ¢), each term clamped.
 */
export function scoreHold(track: readonly PitchSample[], options: HoldScoreOptions): HoldResult {
  const inTuneCents = options.inTuneCents ?? 10;
  const halfWindowMs = (options.smoothingMs ?? 200) / 2;
  validateBand('targetHz', options.targetHz, 20, 5000);
  validateBand('inTuneCents', inTuneCents, 1, 50);
  validateBand('smoothingMs', halfWindowMs * 2, 0, 1000);
  const empty: HoldResult = {
    score: 0,
    inTuneFraction: 0,
    voicedFraction: 0,
    offNoteFraction: 0,
    medianCents: null,
    spreadCents: null,
    driftCents: null,
    frameCount: track.length,
  };
  if (track.length === 0) return empty;

  const weights = sampleWeights(track);
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  let voiced = 0;
  let inTune = 0;
  let offNote = 0;
  let afterAttack = 0;
  let held = 0;
  const heldTimesS: number[] = [];
  const heldCents: number[] = [];
  const startMs = track[0].timeMs;
  // Cents per frame (NaN = no pitch or off the note), then the in-tune test on their local mean.
  const frameCents = track.map((s) => {
    if (!(s.hz > 0)) return Number.NaN;
    const cents = centsFrom(s.hz, options.targetHz);
    return Math.abs(cents) > ON_NOTE_CENTS ? Number.NaN : cents;
  });
  const shortNote = track[track.length - 1].timeMs - startMs < 2 * ATTACK_MS;
  for (let i = 0; i < track.length; i++) {
    const sample = track[i];
    const weight = weights[i];
    const pastAttack = sample.timeMs - startMs >= ATTACK_MS || shortNote;
    if (pastAttack) afterAttack += weight;
    if (!(sample.hz > 0)) continue;
    voiced += weight;
    const cents = frameCents[i];
    if (Number.isNaN(cents)) {
      offNote += weight;
      continue;
    }
    if (Math.abs(localMean(track, frameCents, i, halfWindowMs)) <= inTuneCents) inTune += weight;
    if (pastAttack) {
      held += weight;
      heldTimesS.push((sample.timeMs - startMs) / 1000);
      heldCents.push(cents);
    }
  }
  const inTuneFraction = inTune / totalWeight;
  const result: HoldResult = {
    ...empty,
    inTuneFraction,
    voicedFraction: voiced / totalWeight,
    offNoteFraction: voiced ? offNote / voiced : 0,
  };
  if (heldCents.length === 0) {
    result.score = Math.round(70 * inTuneFraction);
    return result;
  }
  const medianCents = medianOf(heldCents);
  const spreadCents = standardDeviation(heldCents);
  const durationS = heldTimesS[heldTimesS.length - 1] - heldTimesS[0];
  const driftCents = slope(heldTimesS, heldCents) * durationS;
  // Steadiness and centring only count for the part of the hold that was actually on the note.
  const heldFraction = afterAttack > 0 ? held / afterAttack : 0;
  const score =
    70 * inTuneFraction +
    15 * heldFraction * clamp01(1 - spreadCents / 25) +
    15 * heldFraction * clamp01(1 - Math.abs(medianCents) / 50);
  return {
    ...result,
    score: Math.round(score),
    medianCents,
    spreadCents,
    driftCents,
  };
}

/** Mean of the on-note frames within ±halfWindowMs of frame i (frame i itself is on the note). */
function localMean(
  track: readonly PitchSample[],
  frameCents: readonly number[],
  i: number,
  halfWindowMs: number,
): number {
  let sum = 0;
  let count = 0;
  for (let j = i; j >= 0 && track[i].timeMs - track[j].timeMs <= halfWindowMs; j--) {
    if (!Number.isNaN(frameCents[j])) {
      sum += frameCents[j];
      count++;
    }
  }
  for (let j = i + 1; j < track.length && track[j].timeMs - track[i].timeMs <= halfWindowMs; j++) {
    if (!Number.isNaN(frameCents[j])) {
      sum += frameCents[j];
      count++;
    }
  }
  return sum / count;
}

/** Mean of per-note scores, rounded; 0 for no notes. */
export function overallScore(notes: readonly { score: number }[]): number {
  if (notes.length === 0) return 0;
  return Math.round(notes.reduce((sum, n) => sum + n.score, 0) / notes.length);
}
