// Pitch engine: McLeod Pitch Method (P. McLeod & G. Wyvill, "A smarter way to find pitch", ICMC 2005)
// with the NSDF computed through a real FFT of size 2 x frameSize, a lag range bounded by the
// lowest frequency looked for, octave/fifth guards and a multi-period refinement for sub-cent
// precision. Built with the stub runtime: every buffer lives in a static layout reserved by
// `init`, so `pitches` never allocates. See README.md "Pitch engine" for the raw ABI.

/** Samples per normalised chunk (one Web Audio render quantum). */
const CHUNK: i32 = 128;
/** Highest number of MPM key maxima kept per frame (more than enough for the lag range). */
const MAX_CANDIDATES: i32 = 256;
/** MPM's "k": the first key maximum within this ratio of the highest is the period. */
const MPM_K: f64 = 0.9;
/** A multiple of the chosen lag whose NSDF is this much higher means the period is longer. */
const SUBHARMONIC_MARGIN: f64 = 0.08;
/** Minimum clarity for a voiced frame, restored (product) path and bare normalised path. */
const CLARITY_RESTORED: f64 = 0.5;
const CLARITY_BARE: f64 = 0.4;
/** Frames whose RMS (restored) is below this are silence: about -80 dBFS. */
const LEVEL_GATE_RMS: f64 = 1e-4;

export const ERR_NOT_INITIALISED: i32 = -1;
export const ERR_SAMPLE_RATE: i32 = -2;
export const ERR_FRAME_SIZE: i32 = -3;
export const ERR_HOP: i32 = -4;
export const ERR_MIN_HZ: i32 = -5;
export const ERR_MAX_SAMPLES: i32 = -6;

let ready: bool = false;
let sampleRate: f64 = 0;
let frameSize: i32 = 0;
let hopSize: i32 = 0;
let minHz: f64 = 0;
let maxSamples: i32 = 0;
let maxFrames: i32 = 0;
let maxLag: i32 = 0;
let minLag: i32 = 0;
let nsdfLen: i32 = 0;

// Byte offsets into linear memory (all 16-byte aligned).
let pInput: usize = 0; // f32[maxSamples]
let pDivisors: usize = 0; // f32[maxSamples / 128]
let pHz: usize = 0; // f32[maxFrames]
let pClarity: usize = 0; // f32[maxFrames]
let pSig: usize = 0; // f32[maxSamples]   restored, sanitised signal
let pFrame: usize = 0; // f64[frameSize]   current frame, mean removed
let pRe: usize = 0; // f64[frameSize]      FFT work (complex size = frameSize)
let pIm: usize = 0; // f64[frameSize]
let pTwRe: usize = 0; // f64[frameSize]    per-stage FFT twiddles e^(-2 pi i j / 2h) at [h + j]
let pTwIm: usize = 0; // f64[frameSize]
let pPostRe: usize = 0; // f64[frameSize]  cos(pi k / N)
let pPostIm: usize = 0; // f64[frameSize]  sin(pi k / N)
let pRev: usize = 0; // i32[frameSize]     bit reversal
let pPow: usize = 0; // f64[frameSize + 1] power spectrum
let pNsdf: usize = 0; // f64[frameSize]
let pCandLag: usize = 0; // i32[MAX_CANDIDATES]
let pEnd: usize = 0;

function align16(x: usize): usize {
  return (x + 15) & ~(<usize>15);
}

function ldf64(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
function stf64(base: usize, i: i32, v: f64): void {
  store<f64>(base + ((<usize>i) << 3), v);
}
function ldf32(base: usize, i: i32): f32 {
  return load<f32>(base + ((<usize>i) << 2));
}
function stf32(base: usize, i: i32, v: f32): void {
  store<f32>(base + ((<usize>i) << 2), v);
}

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

  sampleRate = sr;
  frameSize = frame;
  hopSize = hop;
  minHz = lowHz;
  maxSamples = capacity;
  maxFrames = (capacity - frame) / hop + 1;
  maxLag = <i32>Math.ceil(sr / lowHz);
  // Nothing above ~4 kHz (or a quarter of the sample rate) is a trumpet fundamental.
  minLag = max<i32>(2, <i32>Math.floor(sr / Math.min(4200.0, sr / 4)));
  // Lags needed: the search range, its 2x and 3x multiples (octave/fifth guards) and the
  // refinement up to half a frame.
  nsdfLen = min<i32>(frame - 1, max<i32>(3 * maxLag + 4, frame / 2 + 8));

  const n = <usize>frame;
  let p = align16(__heap_base);
  pInput = p;
  p = align16(p + ((<usize>capacity) << 2));
  pDivisors = p;
  p = align16(p + ((<usize>(capacity / CHUNK)) << 2));
  pHz = p;
  p = align16(p + ((<usize>maxFrames) << 2));
  pClarity = p;
  p = align16(p + ((<usize>maxFrames) << 2));
  pSig = p;
  p = align16(p + ((<usize>capacity) << 2));
  pFrame = p;
  p += n << 3;
  pRe = p;
  p += n << 3;
  pIm = p;
  p += n << 3;
  pTwRe = p;
  p += n << 3;
  pTwIm = p;
  p += n << 3;
  pPostRe = p;
  p += n << 3;
  pPostIm = p;
  p += n << 3;
  pRev = p;
  p = align16(p + (n << 2));
  pPow = p;
  p = align16(p + ((n + 1) << 3));
  pNsdf = p;
  p += n << 3;
  pCandLag = p;
  p = align16(p + ((<usize>MAX_CANDIDATES) << 2));
  pEnd = p;

  const have = (<usize>memory.size()) << 16;
  if (pEnd > have) {
    const pages = <i32>((pEnd - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) return ERR_MAX_SAMPLES;
  }
  memory.fill(pInput, 0, pEnd - pInput);

  // FFT tables (complex size N = frameSize; the real transform is 2N long).
  const N = frame;
  for (let h = 1; h < N; h <<= 1) {
    for (let j = 0; j < h; j++) {
      const a = (-Math.PI * <f64>j) / <f64>h;
      stf64(pTwRe, h + j, Math.cos(a));
      stf64(pTwIm, h + j, Math.sin(a));
    }
  }
  for (let k = 0; k < N; k++) {
    const a = (Math.PI * <f64>k) / <f64>N;
    stf64(pPostRe, k, Math.cos(a));
    stf64(pPostIm, k, Math.sin(a));
  }
  let bits = 0;
  while (1 << bits < N) bits++;
  for (let k = 0; k < N; k++) {
    let r = 0;
    for (let b = 0; b < bits; b++) if ((k >> b) & 1) r |= 1 << (bits - 1 - b);
    store<i32>(pRev + ((<usize>k) << 2), r);
  }
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
export function maxFrameCount(): i32 {
  return ready ? maxFrames : 0;
}

/** Forget the configuration; the next call must be `init`. */
export function teardown(): void {
  if (ready) memory.fill(pInput, 0, pEnd - pInput);
  ready = false;
}

/** In-place radix-2 FFT of (re, im), input already in bit-reversed order. */
function fft(N: i32): void {
  const re = pRe;
  const im = pIm;
  for (let h = 1; h < N; h <<= 1) {
    const tw = (<usize>h) << 3;
    for (let i = 0; i < N; i += h << 1) {
      let a = re + ((<usize>i) << 3);
      let ai = im + ((<usize>i) << 3);
      const stride = (<usize>h) << 3;
      for (let j = 0; j < h; j++) {
        const o = (<usize>j) << 3;
        const wr = load<f64>(pTwRe + tw + o);
        const wi = load<f64>(pTwIm + tw + o);
        const br = load<f64>(a + o + stride);
        const bi = load<f64>(ai + o + stride);
        const tr = br * wr - bi * wi;
        const ti = br * wi + bi * wr;
        const xr = load<f64>(a + o);
        const xi = load<f64>(ai + o);
        store<f64>(a + o + stride, xr - tr);
        store<f64>(ai + o + stride, xi - ti);
        store<f64>(a + o, xr + tr);
        store<f64>(ai + o, xi + ti);
      }
    }
  }
}

/** NSDF n'(tau) = 2 r(tau) / m(tau) of pFrame for tau in [0, nsdfLen), r via FFT. */
function computeNsdf(sumSq: f64): void {
  const N = frameSize; // complex FFT size; real length 2N, signal occupies the first N samples
  const half = N >> 1;
  // Pack x[2m] + i x[2m+1] (zero padded) in bit-reversed order.
  for (let m = 0; m < N; m++) {
    const r = load<i32>(pRev + ((<usize>m) << 2));
    if (m < half) {
      stf64(pRe, r, ldf64(pFrame, 2 * m));
      stf64(pIm, r, ldf64(pFrame, 2 * m + 1));
    } else {
      stf64(pRe, r, 0);
      stf64(pIm, r, 0);
    }
  }
  fft(N);
  // Unpack the real spectrum X[k], k = 0..N, and keep |X|^2.
  for (let k = 0; k <= half; k++) {
    const nk = (N - k) & (N - 1);
    const zr = ldf64(pRe, k);
    const zi = ldf64(pIm, k);
    const cr = ldf64(pRe, nk);
    const ci = -ldf64(pIm, nk);
    // X[k]
    let er = 0.5 * (zr + cr);
    let ei = 0.5 * (zi + ci);
    let or = 0.5 * (zi - ci);
    let oi = -0.5 * (zr - cr);
    let c = ldf64(pPostRe, k);
    let s = ldf64(pPostIm, k);
    let xr = er + c * or + s * oi;
    let xi = ei + c * oi - s * or;
    stf64(pPow, k, xr * xr + xi * xi);
    // X[N - k] from the mirrored pair (Z[N-k], conj Z[k]).
    if (k != 0 && k != half) {
      er = 0.5 * (cr + zr);
      ei = 0.5 * (-ci - zi);
      or = 0.5 * (-ci + zi);
      oi = -0.5 * (cr - zr);
      c = ldf64(pPostRe, nk);
      s = ldf64(pPostIm, nk);
      xr = er + c * or + s * oi;
      xi = ei + c * oi - s * or;
      stf64(pPow, nk, xr * xr + xi * xi);
    }
    if (k == 0) {
      // X[N] = Xe[0] - Xo[0]
      const xn = er - or;
      const xni = ei - oi;
      stf64(pPow, N, xn * xn + xni * xni);
    }
  }
  // Inverse: Z'[k] = A + i B with A = (P[k] + P[N-k]) / 2, B = e^(i pi k / N) (P[k] - P[N-k]) / 2;
  // load conj(Z') bit-reversed, forward FFT, conjugate and scale by 1/N.
  for (let k = 0; k < N; k++) {
    const pk = ldf64(pPow, k);
    const pn = ldf64(pPow, N - k);
    const a = 0.5 * (pk + pn);
    const d = 0.5 * (pk - pn);
    const c = ldf64(pPostRe, k);
    const s = ldf64(pPostIm, k);
    const r = load<i32>(pRev + ((<usize>k) << 2));
    stf64(pRe, r, a - s * d);
    stf64(pIm, r, -(c * d));
  }
  fft(N);
  const scale = 1.0 / <f64>N;
  let m = 2.0 * sumSq;
  stf64(pNsdf, 0, m > 0 ? 1.0 : 0.0);
  for (let t = 1; t < nsdfLen; t++) {
    const x0 = ldf64(pFrame, t - 1);
    const x1 = ldf64(pFrame, frameSize - t);
    m -= x0 * x0 + x1 * x1;
    const rt = (t & 1) == 0 ? ldf64(pRe, t >> 1) * scale : -ldf64(pIm, t >> 1) * scale;
    stf64(pNsdf, t, m > 1e-20 ? (2.0 * rt) / m : 0.0);
  }
}

// Results of the last parabolic interpolation.
let peakLag: f64 = 0;
let peakValue: f64 = 0;

/** Parabolic interpolation of the NSDF peak at integer lag t. */
function interpolate(t: i32): void {
  const a = ldf64(pNsdf, t - 1);
  const b = ldf64(pNsdf, t);
  const c = ldf64(pNsdf, t + 1);
  const den = a - 2.0 * b + c;
  let d: f64 = 0;
  if (den < 0) d = (0.5 * (a - c)) / den;
  if (d > 0.5) d = 0.5;
  if (d < -0.5) d = -0.5;
  peakLag = <f64>t + d;
  peakValue = b - 0.25 * (a - c) * d;
}

/** Highest NSDF sample within +-radius of lag `center`, as an index (or -1 out of range). */
function localMax(center: f64, radius: i32): i32 {
  const c = <i32>Math.round(center);
  const lo = max<i32>(1, c - radius);
  const hi = min<i32>(nsdfLen - 2, c + radius);
  if (lo > hi) return -1;
  let best = lo;
  let bv = ldf64(pNsdf, lo);
  for (let t = lo + 1; t <= hi; t++) {
    const v = ldf64(pNsdf, t);
    if (v > bv) {
      bv = v;
      best = t;
    }
  }
  return best;
}

// Per-frame result.
let outHz: f64 = 0;
let outClarity: f64 = 0;

function analyseFrame(clarityMin: f64): void {
  outHz = 0;
  outClarity = 0;
  // Key maxima (McLeod & Wyvill 2005, section 5): the highest NSDF value between each
  // positive-going zero crossing and the next negative-going one, skipping the lobe at lag 0.
  let t = 1;
  const limit = min<i32>(maxLag + 1, nsdfLen - 2);
  while (t < limit && ldf64(pNsdf, t) > 0) t++;
  let count = 0;
  let best: f64 = 0;
  while (t < limit && count < MAX_CANDIDATES) {
    while (t < limit && ldf64(pNsdf, t) <= 0) t++;
    if (t >= limit) break;
    let arg = -1;
    let v: f64 = -1;
    while (t < nsdfLen - 1 && ldf64(pNsdf, t) > 0) {
      const x = ldf64(pNsdf, t);
      if (t <= maxLag && t >= minLag && x > v) {
        v = x;
        arg = t;
      }
      t++;
    }
    // Only a true local maximum inside the lag range counts (not the edge of a lobe that
    // peaks beyond the lowest frequency looked for).
    if (arg > 0 && ldf64(pNsdf, arg + 1) <= v && ldf64(pNsdf, arg - 1) < v) {
      store<i32>(pCandLag + ((<usize>count) << 2), arg);
      count++;
      if (v > best) best = v;
    }
  }
  if (count == 0 || best <= 0) return;
  const threshold = MPM_K * best;
  let chosen = 0;
  for (let i = 0; i < count; i++) {
    const lag = load<i32>(pCandLag + ((<usize>i) << 2));
    if (ldf64(pNsdf, lag) >= threshold) {
      chosen = lag;
      break;
    }
  }
  interpolate(chosen);
  let lag = peakLag;
  let value = peakValue;
  // Octave / fifth guard: if the NSDF is clearly higher at 2x or 3x the lag, the lag is a
  // fraction of the true period (strong 2nd/3rd harmonic, weak fundamental).
  for (let pass = 0; pass < 2; pass++) {
    let moved = false;
    for (let mult = 2; mult <= 3; mult++) {
      const c = localMax(lag * <f64>mult, 2 + mult);
      if (c < 0 || c >= nsdfLen - 2) continue;
      interpolate(c);
      if (peakValue > value + SUBHARMONIC_MARGIN) {
        lag = peakLag;
        value = peakValue;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  // A period longer than the lowest frequency looked for is no pitch, not an octave-up reading.
  if (lag > <f64>maxLag + 0.5) {
    outClarity = value > 1 ? 1 : value < 0 ? 0 : value;
    return;
  }
  if (value < clarityMin) {
    outClarity = value > 0 ? value : 0;
    return;
  }
  // Refinement: least-squares fit P of the peaks at j * P, j = 1..k, up to half a frame.
  // A peak error of e samples at lag j*P costs e / j in P, so high notes gain a lot.
  const reach = <f64>(frameSize >> 1);
  let sxy: f64 = lag;
  let sxx: f64 = 1;
  let period = lag;
  for (let j = 2; <f64>j * period <= reach; j++) {
    const c = localMax(period * <f64>j, 2);
    if (c < 2 || c >= nsdfLen - 2) break;
    interpolate(c);
    if (peakValue < value - 0.3 || peakValue < 0.3) break;
    sxy += <f64>j * peakLag;
    sxx += <f64>(j * j);
    period = sxy / sxx;
  }
  outHz = sampleRate / period;
  outClarity = value > 1 ? 1 : value < 0 ? 0 : value;
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
  for (let c = 0; c < chunks; c++) {
    let d: f32 = 1;
    if (restore != 0) {
      d = Mathf.abs(ldf32(pDivisors, c));
      if (!isFinite<f32>(d)) d = 0;
    }
    const end = min<i32>(length, (c + 1) * CHUNK);
    for (let i = c * CHUNK; i < end; i++) {
      let v = ldf32(pInput, i) * d;
      if (!isFinite<f32>(v)) v = 0;
      stf32(pSig, i, v);
    }
  }
  const clarityMin = restore != 0 ? CLARITY_RESTORED : CLARITY_BARE;
  const n = frameSize;
  for (let f = 0; f < frames; f++) {
    const start = f * hopSize;
    let sum: f64 = 0;
    for (let i = 0; i < n; i++) sum += <f64>ldf32(pSig, start + i);
    const mean = sum / <f64>n;
    let sumSq: f64 = 0;
    for (let i = 0; i < n; i++) {
      const v = <f64>ldf32(pSig, start + i) - mean;
      stf64(pFrame, i, v);
      sumSq += v * v;
    }
    const rms = Math.sqrt(sumSq / <f64>n);
    if (!(rms > 0) || (restore != 0 && rms < LEVEL_GATE_RMS)) {
      stf32(pHz, f, 0);
      stf32(pClarity, f, 0);
      continue;
    }
    computeNsdf(sumSq);
    analyseFrame(clarityMin);
    stf32(pHz, f, <f32>outHz);
    stf32(pClarity, f, <f32>outClarity);
  }
  return frames;
}
