// Pitch engine: McLeod Pitch Method (P. McLeod & G. Wyvill, "A smarter way to find pitch", ICMC 2005)
// with the NSDF computed through a real FFT of size 2 x frameSize, a lag range bounded by the
// lowest frequency looked for, octave/fifth guards on the exact (band-limited) NSDF, and a
// Hann-windowed harmonic refinement for sub-cent precision. Input arrives as 128-sample chunks
// each divided by its own max |x|; the divisors (or, without them, gains estimated from the
// waveform's continuity) are multiplied back first. Built with the stub runtime: every buffer
// lives in a static layout reserved by `init`, so `pitches` never allocates. See README.md
// "Pitch engine" for the raw ABI.
//
// This file is the ABI (the module's exports); the stages live beside it, one per file:
// layout.ts (configuration, memory layout), gains.ts (restore / estimate chunk gains, load a
// frame), fft.ts, nsdf.ts (NSDF, exact NSDF at a fractional lag, peak helpers), mpm.ts (period
// choice and voicing), refine.ts (multi-period and spectral refinement).
import { buildFftTables } from './fft';
import { estimateGains, loadFrame, restoreBareFrame, restoreChunks } from './gains';
import {
  CHUNK,
  OUT_CLARITY,
  OUT_HZ,
  OUT_RMS,
  clearBuffers,
  configure,
  frameSize,
  hopSize,
  maxFrames,
  maxSamples,
  pClarity,
  pDivisors,
  pFrameOut,
  pHarmOut,
  pHz,
  pInput,
  pPeak,
  pSig,
  stf32,
} from './layout';
import { analyseFrame } from './mpm';
import { computeNsdf } from './nsdf';

/** Minimum clarity (NSDF height at the period) for a voiced frame. */
const CLARITY_MIN: f64 = 0.5;
/** Frames whose RMS (restored) is below this are silence: about -80 dBFS. */
const LEVEL_GATE_RMS: f64 = 1e-4;

export const ERR_NOT_INITIALISED: i32 = -1;
export const ERR_SAMPLE_RATE: i32 = -2;
export const ERR_FRAME_SIZE: i32 = -3;
export const ERR_HOP: i32 = -4;
export const ERR_MIN_HZ: i32 = -5;
export const ERR_MAX_SAMPLES: i32 = -6;

let ready: bool = false;

/**
 * Reserve memory and precompute tables. Returns 0, or a negative error code naming the bad
 * argument. Memory only grows when a larger configuration than any before is asked for, so
 * repeated init/teardown cycles reuse the same bytes.
 */
export function init(sr: f64, frame: i32, hop: i32, lowHz: f64, capacity: i32): i32 {
  ready = false;
  if (!(sr >= 8000 && sr <= 192000)) return ERR_SAMPLE_RATE;
  if (frame < 256 || frame > 16384 || (frame & (frame - 1)) != 0) return ERR_FRAME_SIZE;
  if (hop < 1 || hop > frame) return ERR_HOP;
  // The period of the lowest note must fit at least twice in a frame.
  if (!(lowHz >= (2.0 * sr) / <f64>frame && lowHz <= 2000)) return ERR_MIN_HZ;
  if (capacity < frame || capacity > 1 << 22 || capacity % CHUNK != 0) return ERR_MAX_SAMPLES;
  if (!configure(sr, frame, hop, lowHz, capacity)) return ERR_MAX_SAMPLES;
  // FFT tables (complex size N = frameSize; the real transform is 2N long).
  buildFftTables(frame);
  ready = true;
  return 0;
}

export function inputPtr(): usize {
  return ready ? pInput : 0;
}
export function divisorsPtr(): usize {
  return ready ? pDivisors : 0;
}
export function hzPtr(): usize {
  return ready ? pHz : 0;
}
export function clarityPtr(): usize {
  return ready ? pClarity : 0;
}
/** Frames the hz / clarity buffers hold: floor((maxSamples - frameSize) / hop) + 1. */
export function maxFrameCount(): i32 {
  return ready ? maxFrames : 0;
}

/** Forget the configuration; the next call must be `init`. */
export function teardown(): void {
  if (ready) clearBuffers();
  ready = false;
}

/**
 * Analyse input[0..length). restore != 0: every 128-sample chunk was divided by its max |x|
 * and divisors[] holds those maxima; they are multiplied back before analysis. Returns the
 * number of frames written to hz/clarity, or ERR_NOT_INITIALISED.
 */
export function pitches(length: i32, restore: i32): i32 {
  if (!ready) return ERR_NOT_INITIALISED;
  if (length > maxSamples) length = maxSamples;
  if (length < frameSize) return 0;
  const frames = (length - frameSize) / hopSize + 1;
  // Restore and sanitise (NaN / Infinity -> 0) into pSig.
  const chunks = (length + CHUNK - 1) / CHUNK;
  if (restore != 0) restoreChunks(chunks, length);
  else estimateGains(chunks, length);
  const clarityMin = CLARITY_MIN;
  const out = pFrameOut;
  for (let f = 0; f < frames; f++) {
    const start = f * hopSize;
    if (restore == 0) restoreBareFrame(start);
    let sumSq = loadFrame(pSig, start, out);
    store<f64>(out + OUT_HZ, 0);
    store<f64>(out + OUT_CLARITY, 0);
    if (sumSq > 0 && (restore == 0 || load<f64>(out + OUT_RMS) >= LEVEL_GATE_RMS)) {
      analyseFrame(clarityMin, restore == 0, computeNsdf(sumSq), out, pPeak, pHarmOut);
      if (restore == 0 && load<f64>(out + OUT_HZ) == 0) {
        // The gain estimate can fail (e.g. broadband noise breaks the continuity it relies
        // on): try the normalised chunks as they are before giving up on the frame.
        const keepClarity = load<f64>(out + OUT_CLARITY);
        sumSq = loadFrame(pInput, start, out);
        if (sumSq > 0) {
          analyseFrame(clarityMin, restore == 0, computeNsdf(sumSq), out, pPeak, pHarmOut);
        }
        if (load<f64>(out + OUT_HZ) == 0) {
          store<f64>(out + OUT_CLARITY, max<f64>(load<f64>(out + OUT_CLARITY), keepClarity));
        }
      }
    }
    stf32(pHz, f, <f32>load<f64>(out + OUT_HZ));
    stf32(pClarity, f, <f32>load<f64>(out + OUT_CLARITY));
  }
  return frames;
}
