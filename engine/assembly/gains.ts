// Stage 1: input conditioning. The product's chunks arrive divided by their own max |x|: restore
// them with their divisors, or without divisors estimate each chunk's gain from the waveform's
// continuity; then load one frame, mean removed and scaled, for the NSDF.
import {
  CHUNK,
  OUT_RMS,
  frameSize,
  ldf32,
  pDivisors,
  pFrame,
  pGains,
  pInput,
  pSig,
  stf32,
} from './layout';

/**
 * With divisors: multiply each 128-sample chunk of input[0..length) back by |its divisor| into
 * pSig (NaN / Infinity -> 0); pGains keeps the divisors used.
 */
export function restoreChunks(chunks: i32, length: i32): void {
  for (let c = 0; c < chunks; c++) {
    let d = Mathf.abs(ldf32(pDivisors, c));
    if (!isFinite<f32>(d)) d = 0;
    stf32(pGains, c, d);
    const end = min<i32>(length, (c + 1) * CHUNK);
    for (let i = c * CHUNK; i < end; i++) {
      const v = ldf32(pInput, i) * d;
      stf32(pSig, i, isFinite<f32>(v) ? v : 0);
    }
  }
}

/**
 * Copy frameSize samples of `src` from `start` into pFrame (NaN / Infinity -> 0), mean removed
 * and scaled to a peak of about 1 so the f32 FFT never overflows or goes subnormal whatever the
 * input level (the NSDF does not depend on scale). Writes the frame's RMS in input units to
 * `out` + OUT_RMS (pFrameOut); returns the scaled sum of squares (0 for a constant frame).
 */
export function loadFrame(src: usize, start: i32, out: usize): f64 {
  const n = frameSize;
  let sum: f64 = 0;
  let lo: f64 = Infinity;
  let hi: f64 = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = ldf32(src, start + i);
    const v: f64 = isFinite<f32>(x) ? <f64>x : 0;
    sum += v;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  store<f64>(out + OUT_RMS, 0);
  const span = hi - lo;
  if (!(span > 0)) return 0;
  const mean = sum / <f64>n;
  const scale = 1.0 / span;
  let sumSq: f64 = 0;
  for (let i = 0; i < n; i++) {
    const x = ldf32(src, start + i);
    const v = isFinite<f32>(x) ? (<f64>x - mean) * scale : 0;
    stf32(pFrame, i, <f32>v);
    sumSq += v * v;
  }
  store<f64>(out + OUT_RMS, Math.sqrt(sumSq / <f64>n) / scale);
  return sumSq;
}

/** Sanitised input sample (NaN / Infinity -> 0). */
function sampleAt(i: i32): f64 {
  const v = ldf32(pInput, i);
  return isFinite<f32>(v) ? <f64>v : 0;
}

/**
 * Without divisors, estimate each chunk's gain relative to the first from continuity across
 * chunk boundaries: the waveform (band-limited, oversampled) continues smoothly, so a quadratic
 * extrapolation of each side should meet the other side's first sample once both are scaled
 * by their true divisors. Least squares over the two extrapolations gives the ratio
 * q = d[c+1] / d[c]. This undoes most of the per-chunk normalisation's damage to low notes.
 */
export function estimateGains(chunks: i32, length: i32): void {
  // pGains[c] holds ln(d[c] / d[c-1]); restoreBareFrame turns them into gains per frame.
  stf32(pGains, 0, 0);
  for (let c = 1; c < chunks; c++) {
    const b = c * CHUNK;
    let q: f64 = 1;
    if (b + 2 < length) {
      const a1 = sampleAt(b - 1);
      const a2 = sampleAt(b - 2);
      const a3 = sampleAt(b - 3);
      const b1 = sampleAt(b);
      const b2 = sampleAt(b + 1);
      const b3 = sampleAt(b + 2);
      const fromLeft = 3.0 * a1 - 3.0 * a2 + a3; // predicts b1 * q
      const fromRight = 3.0 * b1 - 3.0 * b2 + b3; // predicts a1 / q
      const den = b1 * b1 + fromRight * fromRight;
      if (den > 1e-12) {
        q = (fromLeft * b1 + a1 * fromRight) / den;
        // A poor fit (noise, a transient) says nothing about the gain: assume none.
        const e1 = fromLeft - q * b1;
        const e2 = a1 - q * fromRight;
        if (e1 * e1 + e2 * e2 > 0.01 * (fromLeft * fromLeft + a1 * a1)) q = 1;
      }
      if (!(q > 0.05)) q = 0.05;
      if (q > 20) q = 20;
    }
    stf32(pGains, c, <f32>Math.log(q));
  }
}

/**
 * Without divisors: write the frame at `start` into pSig with the estimated gains, relative to
 * the loudest chunk of this frame (so no running product can overflow, however long the input).
 */
export function restoreBareFrame(start: i32): void {
  const c0 = start / CHUNK;
  const c1 = (start + frameSize - 1) / CHUNK;
  let logGain: f64 = 0;
  let top: f64 = 0;
  for (let c = c0 + 1; c <= c1; c++) {
    logGain += <f64>ldf32(pGains, c);
    if (logGain > top) top = logGain;
  }
  logGain = 0;
  for (let c = c0; c <= c1; c++) {
    if (c > c0) logGain += <f64>ldf32(pGains, c);
    const g = <f32>Math.exp(logGain - top);
    const from = max<i32>(start, c * CHUNK);
    const to = min<i32>(start + frameSize, (c + 1) * CHUNK);
    for (let i = from; i < to; i++) {
      const v = ldf32(pInput, i) * g;
      stf32(pSig, i, isFinite<f32>(v) ? v : 0);
    }
  }
}
