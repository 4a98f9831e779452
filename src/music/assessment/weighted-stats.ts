/**
 * Time-weighted statistics of a stretch of readings: each reading weighs the time to the next
 * (`sampleWeights`, scoring.ts: capped at twice the typical gap), so a stream that sends readings
 * unevenly (fast mode sends a note change at once) is not over-counted where it is dense.
 */
import { sampleWeights } from './scoring';

/** A value at a time (a reading's pitch, in fractional MIDI). */
export interface WeightedPoint {
  readonly timeMs: number;
  readonly value: number;
}

export function weightedMedian(points: readonly WeightedPoint[]): number {
  if (points.length === 0) return Number.NaN;
  const weights = sampleWeights(points);
  const values = points.map((p) => p.value);
  const order = values.map((_, k) => k).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  for (const k of order) {
    acc += weights[k];
    if (acc >= total / 2) return points[k].value;
  }
  return points[order[order.length - 1]].value;
}

/** Time-weighted standard deviation around the time-weighted mean. */
export function weightedSpread(points: readonly WeightedPoint[]): number {
  if (points.length < 2) return 0;
  const weights = sampleWeights(points);
  const total = weights.reduce((s, w) => s + w, 0);
  if (!(total > 0)) return 0;
  const mean = points.reduce((s, p, k) => s + p.value * weights[k], 0) / total;
  const variance = points.reduce((s, p, k) => s + (p.value - mean) ** 2 * weights[k], 0) / total;
  return Math.sqrt(variance);
}
