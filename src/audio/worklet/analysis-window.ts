/**
 * The analysis window (engine frame) and hop for a sample rate, mode and pitch floor: one pure
 * function, used by the worklet and the benches, so every supported rate (8–192 kHz) works in
 * both modes and with the pedal floor.
 *
 * At 44.1 and 48 kHz it is the specification's 4096-sample block (§4) and fast mode's 1024 every
 * 256 (see `accumulator.ts` for why). Other rates keep about the same *duration* (a power of two
 * nearest to it, since the engine's FFT needs one): 8192 in block mode at 88.2/96 kHz, 2048 at
 * 22.05 kHz. The window then doubles until two periods of the lowest note looked for fit in it,
 * which the engine needs (a pedal floor at 48 kHz takes fast mode from 1024 to 2048 samples).
 */
// Explicit extensions: `npm run bench` imports this file in plain Node (type stripping only).
import { CHUNK_SAMPLES } from './engine/pitch-engine.ts';
import { FAST_FRAME_SAMPLES, FAST_HOP_SAMPLES } from './accumulator.ts';
import {
  ENGINE_DEFAULTS,
  FRAME_SIZE_RANGE,
  MIN_HZ_CEILING,
  SAMPLE_RATE_RANGE_HZ,
} from './engine/pitch-engine.ts';

/**
 * Floor for pedal tones, Hz. The lowest pedal in the fingering chart is written F♯2; on the
 * lowest-sounding supported instrument (A trumpet, a minor 3rd below written) that is concert
 * D♯2: 77.8 Hz at A4 = 440 Hz and 73.4 Hz at the lowest A4 setting (415 Hz). 70 Hz leaves about
 * 80 ¢ below that for a flat pedal (`analysis-window.test.ts` checks every instrument).
 */
export const PEDAL_FLOOR_HZ = 70;

/** The rate the window sizes are defined at (44.1 kHz maps to the same sizes). */
const REFERENCE_RATE_HZ = 48000;

export interface AnalysisWindowOptions {
  /** The AudioContext's rate, Hz (8000..192000). */
  sampleRate: number;
  /** Fast response (short sliding window) instead of the specification's blocks. */
  fastResponse: boolean;
  /** Lowest frequency looked for, Hz (default ENGINE_DEFAULTS.minHz = 140). */
  minHz?: number;
}

export interface AnalysisWindow {
  /** Engine frame, samples: a power of two. */
  frameSamples: number;
  /** Samples between analyses: the frame in block mode, a multiple of 128 in fast mode. */
  hopSamples: number;
}

export function analysisWindow(options: AnalysisWindowOptions): AnalysisWindow {
  const { sampleRate, fastResponse } = options;
  const minHz = options.minHz ?? ENGINE_DEFAULTS.minHz;
  if (
    !Number.isFinite(sampleRate) ||
    sampleRate < SAMPLE_RATE_RANGE_HZ.min ||
    sampleRate > SAMPLE_RATE_RANGE_HZ.max
  ) {
    throw new RangeError(
      `analysisWindow: sampleRate must be ${SAMPLE_RATE_RANGE_HZ.min}..${SAMPLE_RATE_RANGE_HZ.max} Hz, got ${sampleRate}`,
    );
  }
  // The largest frame holds two periods of this.
  const lowestHz = (2 * sampleRate) / FRAME_SIZE_RANGE.max;
  if (!Number.isFinite(minHz) || minHz < lowestHz || minHz > MIN_HZ_CEILING) {
    throw new RangeError(
      `analysisWindow: minHz must be ${lowestHz.toFixed(2)}..${MIN_HZ_CEILING} Hz at ${sampleRate} Hz, got ${minHz}`,
    );
  }
  // Nearest power-of-two scale (in log terms) keeping the window's duration.
  const octaves = Math.round(Math.log2(sampleRate / REFERENCE_RATE_HZ));
  const scale = 2 ** octaves;
  const baseFrame = fastResponse ? FAST_FRAME_SAMPLES : ENGINE_DEFAULTS.frameSize;
  let frameSamples = Math.min(
    FRAME_SIZE_RANGE.max,
    Math.max(FRAME_SIZE_RANGE.min, baseFrame * scale),
  );
  while (frameSamples < (2 * sampleRate) / minHz) frameSamples *= 2;
  const hopSamples = fastResponse
    ? Math.min(frameSamples, Math.max(CHUNK_SAMPLES, FAST_HOP_SAMPLES * scale))
    : frameSamples;
  return { frameSamples, hopSamples };
}
