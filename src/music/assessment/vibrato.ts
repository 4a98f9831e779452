/**
 * A vibrato allowance for lyrical music (issue 37, U8). A singer's or a trumpeter's vibrato is a
 * regular swing of the pitch around its centre, about 4–8 times a second; the ear hears the
 * centre as the note's pitch and the swing as colour. Judged like any other pitch movement, a
 * centred ±15 ¢ vibrato reads as "wavered", and a median over a part-cycle as a few cents flat.
 * With the allowance, the held part of a note is fitted with a sine at a vibrato's rate: when the
 * sine explains most of the movement, the note is judged on what is left once the sine is taken
 * out (its centre, and the spread of the rest: a sag, a wobble, the air's unsteadiness). Anything
 * else (a slow or irregular wobble, a swing wider than a vibrato, a crack, which leaves the note)
 * is not a vibrato and is judged as before.
 */
import { hzToMidi } from '../theory/notes';
import { attackMsOf, type PerformanceReading, type PlayedSegment } from './performance';

/** A vibrato's rate, cycles per second: slower is a wobble, faster a tremor or the detector. */
export const VIBRATO_RATE_HZ = { min: 4, max: 8 } as const;
/** The widest swing allowed as vibrato, ±cents (a broad lyrical vibrato; wider is a wobble). */
export const VIBRATO_MAX_DEPTH_CENTS = 35;
/** A swing smaller than this is no vibrato: the note is steady and judged as it is, ±cents. */
const MIN_DEPTH_CENTS = 4;
/**
 * Cycles needed to call it a vibrato: one and a half, so a short note of a slow melody (half a
 * second, less its attack) still has its vibrato heard; a single swing is a bend.
 */
const MIN_CYCLES = 1.5;
/**
 * Share of the pitch's movement the sine must explain: a vibrato is mostly sine (a real one, with
 * the horn's own flutter on top, about 70–90 %); a wobble at another rate, or none, is not.
 */
const MIN_EXPLAINED = 0.5;
/** A stretch fitted with one sine, ms (about three cycles: a vibrato's rate drifts slowly). */
const STRETCH_MS = 600;
/** The rates tried, Hz apart. */
const RATE_STEP_HZ = 0.05;
/** Readings this far from the settled pitch are not the note (a crack, the next note), semitones. */
const ON_NOTE_SEMITONES = 0.5;
/** The end of a note is its release, ms (as note-inside.ts). */
const RELEASE_MS = 40;

export interface HeldVibrato {
  /** The centre of the whole cycles, fractional concert MIDI: the pitch the ear hears. */
  readonly centreMidi: number;
  /** How far the cycles' centres spread, cents: the wobble left once the vibrato is taken out. */
  readonly spreadCents: number;
  readonly rateHz: number;
  /** Median half-swing of a cycle, cents. */
  readonly depthCents: number;
}

interface Point {
  readonly t: number;
  readonly cents: number;
}

/** Solves a 4×4 linear system (normal equations) by elimination; null when singular. */
function solve4(a: number[][], b: number[]): number[] | null {
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < 4; c++) {
    let pivot = c;
    for (let r = c + 1; r < 4; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    if (Math.abs(m[pivot][c]) < 1e-12) return null;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = 0; r < 4; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k < 5; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[4] / m[i][i]);
}

/**
 * The best fit of offset + trend + sine at `rateHz`: the sine's coefficients and the share of
 * the movement (about the mean) it leaves unexplained.
 */
function fitAt(points: readonly Point[], rateHz: number, t0: number) {
  const w = (2 * Math.PI * rateHz) / 1000;
  const ata = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  const atb = [0, 0, 0, 0];
  for (const p of points) {
    const x = [1, (p.t - t0) / 1000, Math.sin(w * (p.t - t0)), Math.cos(w * (p.t - t0))];
    for (let i = 0; i < 4; i++) {
      atb[i] += x[i] * p.cents;
      for (let j = 0; j < 4; j++) ata[i][j] += x[i] * x[j];
    }
  }
  const k = solve4(ata, atb);
  if (!k) return null;
  let residual = 0;
  for (const p of points) {
    const x = [1, (p.t - t0) / 1000, Math.sin(w * (p.t - t0)), Math.cos(w * (p.t - t0))];
    residual += (p.cents - x.reduce((s, v, i) => s + v * k[i], 0)) ** 2;
  }
  return { sin: k[2], cos: k[3], residual };
}

const medianOf = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * A stretch of held pitch as a vibrato: the sine at a vibrato's rate that explains most of its
 * movement, or null when none explains enough (or its swing is too small or too wide).
 */
function fitStretch(points: readonly Point[]): {
  rateHz: number;
  depthCents: number;
  sine: (t: number) => number;
} | null {
  if (points.length < 8) return null;
  const t0 = points[0].t;
  const lengthMs = points[points.length - 1].t - t0;
  const mean = points.reduce((sum, p) => sum + p.cents, 0) / points.length;
  const total = points.reduce((sum, p) => sum + (p.cents - mean) ** 2, 0);
  if (total <= 0) return null;
  let best: { rateHz: number; sin: number; cos: number; residual: number } | null = null;
  for (let rate = VIBRATO_RATE_HZ.min; rate <= VIBRATO_RATE_HZ.max + 1e-9; rate += RATE_STEP_HZ) {
    if ((lengthMs / 1000) * rate < MIN_CYCLES) continue;
    const fit = fitAt(points, rate, t0);
    if (fit && (best === null || fit.residual < best.residual)) best = { rateHz: rate, ...fit };
  }
  if (!best) return null;
  const depthCents = Math.hypot(best.sin, best.cos);
  if (depthCents < MIN_DEPTH_CENTS || depthCents > VIBRATO_MAX_DEPTH_CENTS) return null;
  const { sin, cos, rateHz } = best;
  const w = (2 * Math.PI * rateHz) / 1000;
  const sine = (t: number): number => sin * Math.sin(w * (t - t0)) + cos * Math.cos(w * (t - t0));
  // The sine must explain the movement; the trend is not part of it (a sag is the player's).
  const rest = points.map((p) => p.cents - sine(p.t));
  const restMean = rest.reduce((sum, c) => sum + c, 0) / rest.length;
  const restSquares = rest.reduce((sum, c) => sum + (c - restMean) ** 2, 0);
  if (1 - restSquares / total < MIN_EXPLAINED) return null;
  return { rateHz, depthCents, sine };
}

/**
 * The vibrato of a played note's held part, or null when its pitch does not swing like one (then
 * the note is judged as any other).
 */
export function heldVibrato(
  readings: readonly PerformanceReading[],
  segment: Pick<PlayedSegment, 'from' | 'to' | 'onsetMs' | 'offsetMs' | 'midi'>,
  a4Hz: number,
): HeldVibrato | null {
  if (!Number.isFinite(segment.midi)) return null;
  const startMs = segment.onsetMs + attackMsOf(segment.offsetMs - segment.onsetMs);
  const endMs = segment.offsetMs - RELEASE_MS;
  const points: Point[] = [];
  for (let k = segment.from; k < segment.to && k < readings.length; k++) {
    const r = readings[k];
    if (!(r.hz > 0) || r.windowCentreMs < startMs || r.windowCentreMs > endMs) continue;
    const off = hzToMidi(r.hz, a4Hz) - segment.midi;
    if (Math.abs(off) < ON_NOTE_SEMITONES) points.push({ t: r.windowCentreMs, cents: 100 * off });
  }
  if (points.length < 8) return null;
  // A player's vibrato drifts in rate and depth through a long note: fitted a stretch at a time.
  const lengthMs = points[points.length - 1].t - points[0].t;
  const stretches = Math.max(1, Math.round(lengthMs / STRETCH_MS));
  const rest: number[] = [];
  const rates: number[] = [];
  const depths: number[] = [];
  for (let k = 0; k < stretches; k++) {
    const from = points[0].t + (k * lengthMs) / stretches;
    const to = points[0].t + ((k + 1) * lengthMs) / stretches;
    const stretch = points.filter(
      (p) => p.t >= from && (k === stretches - 1 ? p.t <= to : p.t < to),
    );
    const fit = fitStretch(stretch);
    if (!fit) return null;
    rates.push(fit.rateHz);
    depths.push(fit.depthCents);
    for (const p of stretch) rest.push(p.cents - fit.sine(p.t));
  }
  const centre = rest.reduce((sum, c) => sum + c, 0) / rest.length;
  const spread = Math.sqrt(rest.reduce((sum, c) => sum + (c - centre) ** 2, 0) / rest.length);
  const rateHz = medianOf(rates);
  const depthCents = medianOf(depths);
  return {
    centreMidi: segment.midi + centre / 100,
    spreadCents: spread,
    rateHz,
    depthCents,
  };
}
