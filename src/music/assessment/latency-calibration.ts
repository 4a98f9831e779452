/**
 * One-tap latency calibration (issue 20): the player plays a short note on each of a few clicks;
 * each note's onset, as the stream stamped it, is paired with the click's heard time. The median
 * offset is how late the stream stamps what the player plays on the beat (the microphone's input
 * latency and whatever the browser's reported latencies left out): the audio clock subtracts it
 * from every reading from then on (`src/audio/clock/audio-clock.ts`). The median, so one early
 * or late note does not move it; a spread too wide to trust is refused with a reason. Pure.
 */
import { median } from '../theory/cents';
import { LATENCY_CALIBRATION_RANGE_MS } from './latency-range';

export interface CalibrationOptions {
  /** An onset pairs with a click from this long before it to this long after it, ms. */
  earlyMs?: number;
  lateMs?: number;
  /** Fewest clicks with a note on them. */
  minPairs?: number;
  /** Largest median absolute deviation of the offsets, ms: above it the notes were not on the clicks. */
  maxSpreadMs?: number;
}

const DEFAULTS: Required<CalibrationOptions> = {
  earlyMs: 150,
  lateMs: 350,
  minPairs: 4,
  maxSpreadMs: 20,
};

export type CalibrationResult =
  | {
      ok: true;
      /** The new calibration (the current one plus the median offset), ms. */
      latencyMs: number;
      /** Median of onset − click, ms, with the current calibration applied. */
      medianOffsetMs: number;
      /** Median absolute deviation of the offsets, ms. */
      spreadMs: number;
      /** onset − click for each click with a note on it, ms. */
      offsetsMs: number[];
    }
  | { ok: false; reason: string; offsetsMs: number[] };

/**
 * For each click (heard time, ms), the first onset (ms, same timeline) from `earlyMs` before it
 * to `lateMs` after it that no earlier click took: onset − click. A click with no note is left out.
 */
export function pairOnsetsWithClicks(
  clicksMs: readonly number[],
  onsetsMs: readonly number[],
  options: Pick<CalibrationOptions, 'earlyMs' | 'lateMs'> = {},
): number[] {
  const earlyMs = options.earlyMs ?? DEFAULTS.earlyMs;
  const lateMs = options.lateMs ?? DEFAULTS.lateMs;
  if (!(earlyMs >= 0 && lateMs > 0)) {
    throw new RangeError(`earlyMs must be ≥ 0 and lateMs > 0 ms, got ${earlyMs} and ${lateMs}`);
  }
  const onsets = [...onsetsMs].filter(Number.isFinite).sort((a, b) => a - b);
  const clicks = [...clicksMs].filter(Number.isFinite).sort((a, b) => a - b);
  const offsets: number[] = [];
  let next = 0;
  for (const click of clicks) {
    while (next < onsets.length && onsets[next] < click - earlyMs) next++;
    const onset = onsets[next];
    if (onset !== undefined && onset <= click + lateMs) {
      offsets.push(onset - click);
      next++;
    }
  }
  return offsets;
}

/** The calibration from clicks and onsets, on top of `currentMs` (the one applied while played). */
export function calibrateLatency(
  clicksMs: readonly number[],
  onsetsMs: readonly number[],
  currentMs: number,
  options: CalibrationOptions = {},
): CalibrationResult {
  const o = { ...DEFAULTS, ...options };
  const offsetsMs = pairOnsetsWithClicks(clicksMs, onsetsMs, o);
  if (offsetsMs.length < o.minPairs) {
    return {
      ok: false,
      reason: `Heard a note on ${offsetsMs.length} of ${clicksMs.length} clicks (needs ${o.minPairs}): play a short note on each click.`,
      offsetsMs,
    };
  }
  const medianOffsetMs = median(offsetsMs) ?? 0;
  const spreadMs = median(offsetsMs.map((x) => Math.abs(x - medianOffsetMs))) ?? 0;
  if (spreadMs > o.maxSpreadMs) {
    return {
      ok: false,
      reason: `The notes were ${Math.round(spreadMs)} ms apart from one click to the next (at most ${o.maxSpreadMs}): play each one right on the click.`,
      offsetsMs,
    };
  }
  const latencyMs = currentMs + medianOffsetMs;
  const { min, max } = LATENCY_CALIBRATION_RANGE_MS;
  if (!(latencyMs >= min && latencyMs <= max)) {
    return {
      ok: false,
      reason: `Measured ${Math.round(latencyMs)} ms, outside ${min}..${max} ms: the notes were not on the clicks.`,
      offsetsMs,
    };
  }
  return { ok: true, latencyMs, medianOffsetMs, spreadMs, offsetsMs };
}
