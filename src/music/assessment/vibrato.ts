/**
 * A vibrato allowance for lyrical music (issue 37, U8). A singer's or a trumpeter's vibrato is a
 * regular swing of the pitch around its centre, about 4–8 times a second; the ear hears the
 * centre as the note's pitch and the swing as colour. Judged like any other pitch movement, a
 * centred ±15 ¢ vibrato reads as "wavered", and a median over a part-cycle as a few cents flat.
 * With the allowance, a note whose held pitch swings regularly at a vibrato's rate and depth is
 * judged on the centre of its whole cycles, and its steadiness on how well that centre holds
 * (cycle to cycle). Anything else (a slow or irregular wobble, a swing wider than a vibrato, a
 * crack, which leaves the note) is not a vibrato and is judged as before.
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
 * Whole cycles needed to call it a vibrato: one and a half (three half-swings of one length, at a
 * vibrato's rate), so a short note of a slow melody (half a second, less its attack) still has its
 * vibrato heard; a single swing is a bend.
 */
const MIN_CYCLES = 1.5;
/** Each half-cycle's length within this share of the median one: regular, not a wander. */
const PERIOD_TOLERANCE = 0.35;
/** The crossing's hysteresis, cents: the detector's jitter does not make crossings. */
const HYSTERESIS_CENTS = 1.5;
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

/** Time-weighted mean of points between two times (trapezoids), or NaN. */
function meanBetween(points: readonly Point[], fromMs: number, toMs: number): number {
  let area = 0;
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const t0 = Math.max(a.t, fromMs);
    const t1 = Math.min(b.t, toMs);
    if (t1 <= t0) continue;
    area += ((a.cents + b.cents) / 2) * (t1 - t0);
    length += t1 - t0;
  }
  return length > 0 ? area / length : Number.NaN;
}

const medianOf = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

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
  const mean = meanBetween(points, -Infinity, Infinity);
  // Crossings of the mean, up and down by turns (with hysteresis), at the interpolated time.
  const crossings: number[] = [];
  let above = points[0].cents > mean;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const crossed = above ? b.cents < mean - HYSTERESIS_CENTS : b.cents > mean + HYSTERESIS_CENTS;
    if (!crossed) continue;
    const f = (mean - a.cents) / (b.cents - a.cents);
    crossings.push(a.t + Math.min(1, Math.max(0, f)) * (b.t - a.t));
    above = !above;
  }
  if (crossings.length < 2 * MIN_CYCLES + 1) return null;
  const halves = crossings.slice(1).map((t, i) => t - crossings[i]);
  const half = medianOf(halves);
  const rateHz = 1000 / (2 * half);
  if (rateHz < VIBRATO_RATE_HZ.min || rateHz > VIBRATO_RATE_HZ.max) return null;
  if (halves.some((h) => Math.abs(h - half) > PERIOD_TOLERANCE * half)) return null;
  // Each half-cycle's swing away from the mean, and each whole cycle's centre.
  const depths: number[] = [];
  for (let c = 1; c < crossings.length; c++) {
    const inHalf = points.filter((p) => p.t >= crossings[c - 1] && p.t < crossings[c]);
    if (inHalf.length < 2) return null;
    depths.push(Math.max(...inHalf.map((p) => Math.abs(p.cents - mean))));
  }
  const depthCents = medianOf(depths);
  if (depthCents < MIN_DEPTH_CENTS || depths.some((d) => d > VIBRATO_MAX_DEPTH_CENTS)) return null;
  // A regular swing has half-cycles of about one depth: one at twice or half the others is a wobble.
  if (depths.some((d) => d > 2 * depthCents || d < 0.5 * depthCents)) return null;
  const cycles = Math.floor((crossings.length - 1) / 2);
  const centre = meanBetween(points, crossings[0], crossings[2 * cycles]);
  // The centre of every whole cycle (one starting at each crossing): how the centre holds.
  const centres: number[] = [];
  for (let c = 0; c + 2 < crossings.length; c++) {
    centres.push(meanBetween(points, crossings[c], crossings[c + 2]));
  }
  const spread = Math.sqrt(centres.reduce((s, c) => s + (c - centre) ** 2, 0) / centres.length);
  return {
    centreMidi: segment.midi + centre / 100,
    spreadCents: spread,
    rateHz,
    depthCents,
  };
}
