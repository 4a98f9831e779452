// Pitch engine: McLeod Pitch Method (P. McLeod & G. Wyvill, "A smarter way to find pitch", ICMC 2005)
// with the NSDF computed through a real FFT of size 2 x frameSize, a lag range bounded by the
// lowest frequency looked for, octave/fifth guards on the exact (band-limited) NSDF, and a
// Hann-windowed harmonic refinement for sub-cent precision. Input arrives as 128-sample chunks
// each divided by its own max |x|; the divisors (or, without them, gains estimated from the
// waveform's continuity) are multiplied back first. Built with the stub runtime: every buffer
// lives in a static layout reserved by `init`, so `pitches` never allocates. See README.md
// "Pitch engine" for the raw ABI.

/** Samples per normalised chunk (one Web Audio render quantum). */
const CHUNK: i32 = 128;
/** Highest number of MPM key maxima kept per frame (more than enough for the lag range). */
const MAX_CANDIDATES: i32 = 256;
/** Harmonics used by the spectral refinement. */
const MAX_HARMONICS: i32 = 24;
/** Highest harmonic frequency used by the spectral refinement (the trumpet's energy is below). */
const MAX_HARMONIC_HZ: f64 = 8000;
/** The spectral refinement may move the MPM estimate by at most this much. */
const REFINE_MAX_CENTS: f64 = 25;
/** Without divisors: odd/even partial power below this means the period is half the lag. */
const ODD_EVEN_MIN: f64 = 0.2;
/** MPM's "k": the first key maximum within this ratio of the highest is the period. */
const MPM_K: f64 = 0.9;
/** A multiple of the chosen lag whose NSDF is this much higher means the period is longer. */
const SUBHARMONIC_MARGIN: f64 = 0.08;
/** A lag of 1/2 or 1/3 of the chosen one within this of its NSDF is the true period. */
const HARMONIC_MARGIN: f64 = 0.02;
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
let pGains: usize = 0; // f32[maxSamples / 128]  divisors used, or estimated log gain steps
let pHz: usize = 0; // f32[maxFrames]
let pClarity: usize = 0; // f32[maxFrames]
let pSig: usize = 0; // f32[maxSamples]   restored, sanitised signal
let pFrame: usize = 0; // f32[frameSize]   current frame, mean removed
let pRe: usize = 0; // f32[frameSize]      FFT work (complex size = frameSize)
let pIm: usize = 0; // f32[frameSize]
let pTwRe: usize = 0; // f32[frameSize]    per-stage FFT twiddles e^(-2 pi i j / 2h) at [h + j]
let pTwIm: usize = 0; // f32[frameSize]
let pPostRe: usize = 0; // f32[frameSize]  cos(pi k / N)
let pPostIm: usize = 0; // f32[frameSize]  sin(pi k / N)
let pRev: usize = 0; // i32[frameSize]     bit reversal
let pPow: usize = 0; // f32[frameSize + 1] power spectrum
let pSpecRe: usize = 0; // f32[frameSize + 1] spectrum X[k] of the zero-padded frame
let pSpecIm: usize = 0; // f32[frameSize + 1]
let pNsdf: usize = 0; // f64[frameSize]
/** Power spectrum bins above this index are negligible (set per frame). */
let powTop: i32 = 0;
let pM: usize = 0; // f64[frameSize]       NSDF denominators m(tau)
let pHarmHz: usize = 0; // f64[MAX_HARMONICS]
let pHarmPow: usize = 0; // f64[MAX_HARMONICS]
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
  pGains = p;
  p = align16(p + ((<usize>(capacity / CHUNK)) << 2));
  pHz = p;
  p = align16(p + ((<usize>maxFrames) << 2));
  pClarity = p;
  p = align16(p + ((<usize>maxFrames) << 2));
  pSig = p;
  p = align16(p + ((<usize>capacity) << 2));
  pFrame = p;
  p += n << 2;
  pRe = p;
  p += n << 2;
  pIm = p;
  p += n << 2;
  pTwRe = p;
  p += n << 2;
  pTwIm = p;
  p += n << 2;
  pPostRe = p;
  p += n << 2;
  pPostIm = p;
  p += n << 2;
  pRev = p;
  p += n << 2;
  pSpecRe = p;
  p = align16(p + ((n + 1) << 2));
  pSpecIm = p;
  p = align16(p + ((n + 1) << 2));
  pPow = p;
  p = align16(p + ((n + 1) << 2));
  pNsdf = p;
  p += n << 3;
  pM = p;
  p += n << 3;
  pHarmHz = p;
  p += (<usize>MAX_HARMONICS) << 3;
  pHarmPow = p;
  p += (<usize>MAX_HARMONICS) << 3;
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
      stf32(pTwRe, h + j, <f32>Math.cos(a));
      stf32(pTwIm, h + j, <f32>Math.sin(a));
    }
  }
  for (let k = 0; k < N; k++) {
    const a = (Math.PI * <f64>k) / <f64>N;
    stf32(pPostRe, k, <f32>Math.cos(a));
    stf32(pPostIm, k, <f32>Math.sin(a));
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

/** One radix-2 stage (half-size h >= 4), butterflies four at a time. */
function radix2Stage(N: i32, h: i32): void {
  const re = pRe;
  const im = pIm;
  const tw = (<usize>h) << 2;
  const stride = (<usize>h) << 2;
  for (let i = 0; i < N; i += h << 1) {
    const a = re + ((<usize>i) << 2);
    const ai = im + ((<usize>i) << 2);
    for (let j = 0; j < h; j += 4) {
      const o = (<usize>j) << 2;
      const wr = v128.load(pTwRe + tw + o);
      const wi = v128.load(pTwIm + tw + o);
      const br = v128.load(a + o + stride);
      const bi = v128.load(ai + o + stride);
      const tr = f32x4.sub(f32x4.mul(br, wr), f32x4.mul(bi, wi));
      const ti = f32x4.add(f32x4.mul(br, wi), f32x4.mul(bi, wr));
      const xr = v128.load(a + o);
      const xi = v128.load(ai + o);
      v128.store(a + o + stride, f32x4.sub(xr, tr));
      v128.store(ai + o + stride, f32x4.sub(xi, ti));
      v128.store(a + o, f32x4.add(xr, tr));
      v128.store(ai + o, f32x4.add(xi, ti));
    }
  }
}

/**
 * Radix-2 stages h and 2h fused (h >= 4): for each j, the four points j, j+h, j+2h, j+3h of a
 * 4h block go through both butterfly levels in registers. Twiddles: W_2h^j at [h + j],
 * W_4h^j at [2h + j], W_4h^(j+h) at [3h + j].
 */
function fusedStages(N: i32, h: i32): void {
  const re = pRe;
  const im = pIm;
  const q = (<usize>h) << 2; // bytes for h floats
  for (let i = 0; i < N; i += h << 2) {
    const a = re + ((<usize>i) << 2);
    const ai = im + ((<usize>i) << 2);
    for (let j = 0; j < h; j += 4) {
      const o = (<usize>j) << 2;
      const w1r = v128.load(pTwRe + q + o);
      const w1i = v128.load(pTwIm + q + o);
      const x0r = v128.load(a + o);
      const x0i = v128.load(ai + o);
      const x1r = v128.load(a + o + q);
      const x1i = v128.load(ai + o + q);
      const x2r = v128.load(a + o + 2 * q);
      const x2i = v128.load(ai + o + 2 * q);
      const x3r = v128.load(a + o + 3 * q);
      const x3i = v128.load(ai + o + 3 * q);
      // Stage h.
      const t1r = f32x4.sub(f32x4.mul(x1r, w1r), f32x4.mul(x1i, w1i));
      const t1i = f32x4.add(f32x4.mul(x1r, w1i), f32x4.mul(x1i, w1r));
      const t3r = f32x4.sub(f32x4.mul(x3r, w1r), f32x4.mul(x3i, w1i));
      const t3i = f32x4.add(f32x4.mul(x3r, w1i), f32x4.mul(x3i, w1r));
      const u0r = f32x4.add(x0r, t1r);
      const u0i = f32x4.add(x0i, t1i);
      const u1r = f32x4.sub(x0r, t1r);
      const u1i = f32x4.sub(x0i, t1i);
      const u2r = f32x4.add(x2r, t3r);
      const u2i = f32x4.add(x2i, t3i);
      const u3r = f32x4.sub(x2r, t3r);
      const u3i = f32x4.sub(x2i, t3i);
      // Stage 2h.
      const w2r = v128.load(pTwRe + 2 * q + o);
      const w2i = v128.load(pTwIm + 2 * q + o);
      const w3r = v128.load(pTwRe + 3 * q + o);
      const w3i = v128.load(pTwIm + 3 * q + o);
      const vr = f32x4.sub(f32x4.mul(u2r, w2r), f32x4.mul(u2i, w2i));
      const vi = f32x4.add(f32x4.mul(u2r, w2i), f32x4.mul(u2i, w2r));
      const sr = f32x4.sub(f32x4.mul(u3r, w3r), f32x4.mul(u3i, w3i));
      const si = f32x4.add(f32x4.mul(u3r, w3i), f32x4.mul(u3i, w3r));
      v128.store(a + o, f32x4.add(u0r, vr));
      v128.store(ai + o, f32x4.add(u0i, vi));
      v128.store(a + o + 2 * q, f32x4.sub(u0r, vr));
      v128.store(ai + o + 2 * q, f32x4.sub(u0i, vi));
      v128.store(a + o + q, f32x4.add(u1r, sr));
      v128.store(ai + o + q, f32x4.add(u1i, si));
      v128.store(a + o + 3 * q, f32x4.sub(u1r, sr));
      v128.store(ai + o + 3 * q, f32x4.sub(u1i, si));
    }
  }
}

/**
 * In-place radix-2 FFT of (re, im), f32, size N >= 8, input already in bit-reversed order.
 * Stages from the third on run four butterflies at a time in f32x4 lanes, two stages per pass (the twiddles of a
 * stage are contiguous). f32 is enough: NSDF values come out within ~1e-6, far below what
 * moves a peak by a measurable fraction of a cent.
 */
function fft(N: i32): void {
  const re = pRe;
  const im = pIm;
  // Stages 1 and 2 (twiddles 1 and -i) as one scalar radix-4 pass.
  for (let i = 0; i < N; i += 4) {
    const o = (<usize>i) << 2;
    const a0 = load<f32>(re + o);
    const a1 = load<f32>(re + o, 4);
    const a2 = load<f32>(re + o, 8);
    const a3 = load<f32>(re + o, 12);
    const b0 = load<f32>(im + o);
    const b1 = load<f32>(im + o, 4);
    const b2 = load<f32>(im + o, 8);
    const b3 = load<f32>(im + o, 12);
    const s0r = a0 + a1;
    const s0i = b0 + b1;
    const d0r = a0 - a1;
    const d0i = b0 - b1;
    const s1r = a2 + a3;
    const s1i = b2 + b3;
    const d1r = a2 - a3;
    const d1i = b2 - b3;
    store<f32>(re + o, s0r + s1r);
    store<f32>(im + o, s0i + s1i);
    store<f32>(re + o, s0r - s1r, 8);
    store<f32>(im + o, s0i - s1i, 8);
    // d1 * (-i) = (d1i, -d1r)
    store<f32>(re + o, d0r + d1i, 4);
    store<f32>(im + o, d0i - d1r, 4);
    store<f32>(re + o, d0r - d1i, 12);
    store<f32>(im + o, d0i + d1r, 12);
  }
  // Remaining stages two at a time (each pass reads and writes the data once instead of twice).
  let h = 4;
  while (h < N) {
    if (h * 2 < N) {
      fusedStages(N, h);
      h <<= 2;
    } else {
      radix2Stage(N, h);
      h <<= 1;
    }
  }
}

/**
 * Bin k of the Hann-windowed frameSize-point DFT of the frame, from the zero-padded spectrum
 * (bin k of the unpadded DFT is bin 2k of the padded one; a periodic Hann window is the kernel
 * [-1/4, 1/2, -1/4] in frequency). Result in specRe / specIm; needs 1 <= k < frameSize / 2.
 */
let specRe: f32 = 0;
let specIm: f32 = 0;
function hannBin(k: i32): void {
  const j = 2 * k;
  specRe = 0.5 * ldf32(pSpecRe, j) - 0.25 * (ldf32(pSpecRe, j - 2) + ldf32(pSpecRe, j + 2));
  specIm = 0.5 * ldf32(pSpecIm, j) - 0.25 * (ldf32(pSpecIm, j - 2) + ldf32(pSpecIm, j + 2));
}

/** NSDF n'(tau) = 2 r(tau) / m(tau) of pFrame for tau in [0, nsdfLen), r via FFT. */
function computeNsdf(sumSq: f64): void {
  const N = frameSize; // complex FFT size; real length 2N, signal occupies the first N samples
  const half = N >> 1;
  // Pack x[2m] + i x[2m+1] (zero padded) in bit-reversed order.
  memory.fill(pRe, 0, (<usize>N) << 2);
  memory.fill(pIm, 0, (<usize>N) << 2);
  for (let m = 0; m < half; m++) {
    const r = load<i32>(pRev + ((<usize>m) << 2));
    stf32(pRe, r, ldf32(pFrame, 2 * m));
    stf32(pIm, r, ldf32(pFrame, 2 * m + 1));
  }
  fft(N);
  // Power spectrum |X[k]|^2, k = 0..N, of the zero-padded real signal; X[k] and X[N-k] come
  // from the same pair Z[k], Z[N-k].
  let peak: f32 = 0;
  for (let k = 0; k <= half; k++) {
    const nk = (N - k) & (N - 1);
    const zr = ldf32(pRe, k);
    const zi = ldf32(pIm, k);
    const cr = ldf32(pRe, nk);
    const ci = -ldf32(pIm, nk);
    let er: f32 = 0.5 * (zr + cr);
    let ei: f32 = 0.5 * (zi + ci);
    let or: f32 = 0.5 * (zi - ci);
    let oi: f32 = -0.5 * (zr - cr);
    let c = ldf32(pPostRe, k);
    let s = ldf32(pPostIm, k);
    let xr = er + c * or + s * oi;
    let xi = ei + c * oi - s * or;
    let pw = xr * xr + xi * xi;
    stf32(pPow, k, pw);
    stf32(pSpecRe, k, xr);
    stf32(pSpecIm, k, xi);
    peak = max<f32>(peak, pw);
    if (k != 0 && k != half) {
      er = 0.5 * (cr + zr);
      ei = 0.5 * (-ci - zi);
      or = 0.5 * (-ci + zi);
      oi = -0.5 * (cr - zr);
      c = ldf32(pPostRe, nk);
      s = ldf32(pPostIm, nk);
      xr = er + c * or + s * oi;
      xi = ei + c * oi - s * or;
      pw = xr * xr + xi * xi;
      stf32(pPow, nk, pw);
      stf32(pSpecRe, nk, xr);
      stf32(pSpecIm, nk, xi);
      peak = max<f32>(peak, pw);
    }
  }
  // Highest bin that matters for nsdfExact: beyond it the spectrum holds < 1e-9 of the peak.
  {
    const floor = peak * 1e-9;
    let top = N - 1;
    while (top > 1 && ldf32(pPow, top) <= floor) top--;
    // Bins are summed in pairs (k, k + 1) for odd k < powTop, so powTop is even and < N.
    powTop = min<i32>((top + 1) & ~1, N - 2);
    if (powTop < 2) powTop = 2;
  }
  {
    // X[N] = Xe[0] - Xo[0]
    const zr = ldf32(pRe, 0);
    const zi = ldf32(pIm, 0);
    const xn = zr - zi;
    stf32(pPow, N, xn * xn);
    stf32(pSpecRe, N, xn);
    stf32(pSpecIm, N, 0);
  }
  // Inverse: Z'[k] = A + i B with A = (P[k] + P[N-k]) / 2, B = e^(i pi k / N) (P[k] - P[N-k]) / 2;
  // load conj(Z') bit-reversed, forward FFT, conjugate and scale by 1/N.
  for (let k = 0; k < N; k++) {
    const pk = ldf32(pPow, k);
    const pn = ldf32(pPow, N - k);
    const a: f32 = 0.5 * (pk + pn);
    const d: f32 = 0.5 * (pk - pn);
    const c = ldf32(pPostRe, k);
    const s = ldf32(pPostIm, k);
    const r = load<i32>(pRev + ((<usize>k) << 2));
    stf32(pRe, r, a - s * d);
    stf32(pIm, r, -(c * d));
  }
  fft(N);
  const scale = 1.0 / <f64>N;
  let m = 2.0 * sumSq;
  stf64(pNsdf, 0, m > 0 ? 1.0 : 0.0);
  stf64(pM, 0, m);
  for (let t = 1; t < nsdfLen; t++) {
    const x0 = <f64>ldf32(pFrame, t - 1);
    const x1 = <f64>ldf32(pFrame, frameSize - t);
    m -= x0 * x0 + x1 * x1;
    stf64(pM, t, m);
    const rt = (t & 1) == 0 ? <f64>ldf32(pRe, t >> 1) * scale : -(<f64>ldf32(pIm, t >> 1)) * scale;
    stf64(pNsdf, t, m > 1e-20 ? (2.0 * rt) / m : 0.0);
  }
}

/**
 * Refine f0 from the Hann-windowed spectrum of the frame: each harmonic's frequency from its
 * peak bin and the larger neighbour (exact for a stationary sinusoid under a Hann window:
 * delta = (2a - 1) / (a + 1), a = |X[k+-1]| / |X[k]|; Grandke 1983), then the power-weighted
 * least-squares f0 through the origin. Centre-weighted like a windowed harmonic fit, so within
 * a note whose pitch wobbles it reads what the frame's middle plays. Returns 0 if unusable.
 */
// Power at the odd and even multiples of the last spectralRefine's f0, and how many it saw.
let oddPower: f64 = 0;
let evenPower: f64 = 0;
let harmonicsSeen: i32 = 0;

function spectralRefine(f0: f64): f64 {
  const n = frameSize;
  const M = n >> 1; // bins of the unpadded DFT up to Nyquist
  const binHz = sampleRate / <f64>n;
  const topHz = Math.min(MAX_HARMONIC_HZ, 0.45 * sampleRate);
  let count = 0;
  let maxPow: f64 = 0;
  harmonicsSeen = 0;
  oddPower = 0;
  evenPower = 0;
  for (let h = 1; h <= MAX_HARMONICS; h++) {
    const fh = <f64>h * f0;
    if (fh > topHz) break;
    const k0 = <i32>Math.round(fh / binHz);
    if (k0 < 3 || k0 + 3 >= M) break;
    // Peak bin among k0-1..k0+1, and it must be a local maximum.
    let kp = k0 - 1;
    let pp: f64 = -1;
    for (let k = k0 - 1; k <= k0 + 1; k++) {
      hannBin(k);
      const pw = <f64>specRe * <f64>specRe + <f64>specIm * <f64>specIm;
      if (pw > pp) {
        pp = pw;
        kp = k;
      }
    }
    harmonicsSeen++;
    if (h & 1) oddPower += pp;
    else evenPower += pp;
    hannBin(kp - 1);
    const pl = <f64>specRe * <f64>specRe + <f64>specIm * <f64>specIm;
    hannBin(kp + 1);
    const pr = <f64>specRe * <f64>specRe + <f64>specIm * <f64>specIm;
    if (!(pp > 0) || pl > pp || pr > pp) continue;
    let delta: f64;
    if (pr >= pl) {
      const a = Math.sqrt(pr / pp);
      delta = (2.0 * a - 1.0) / (a + 1.0);
    } else {
      const a = Math.sqrt(pl / pp);
      delta = -(2.0 * a - 1.0) / (a + 1.0);
    }
    stf64(pHarmHz, count, (<f64>kp + delta) * binHz);
    stf64(pHarmPow, count, pp);
    store<i32>(pCandLag + ((<usize>count) << 2), h);
    if (pp > maxPow) maxPow = pp;
    count++;
  }
  if (count == 0 || !(maxPow > 0)) return 0;
  // Harmonics more than 30 dB below the strongest carry more leakage than information.
  const floor = maxPow * 1e-3;
  let sxy: f64 = 0;
  let sxx: f64 = 0;
  for (let i = 0; i < count; i++) {
    const w = ldf64(pHarmPow, i);
    if (w < floor) continue;
    const h = <f64>load<i32>(pCandLag + ((<usize>i) << 2));
    sxy += w * h * ldf64(pHarmHz, i);
    sxx += w * h * h;
  }
  return sxx > 0 ? sxy / sxx : 0;
}

/**
 * NSDF at a fractional lag, exactly: the autocorrelation is the inverse transform of the power
 * spectrum, so r(tau) = (P[0] + P[N] cos(pi tau) + 2 sum_k P[k] cos(pi k tau / N)) / 2N holds for
 * any real tau. Sampled peaks of high notes (a period of 12-25 samples, partials up to 8 kHz) are
 * too sharp for a parabola to give their height, which decides octave and fifth questions.
 */
function nsdfExact(lag: f64): f64 {
  const N = frameSize;
  const theta = (Math.PI * lag) / <f64>N;
  // Two lanes: e^(i theta k) for k and k + 1, both rotated by 2 theta per step.
  const c1 = Math.cos(theta);
  const s1 = Math.sin(theta);
  const c2 = Math.cos(2.0 * theta);
  const s2 = Math.sin(2.0 * theta);
  let wr = f64x2(c1, c2);
  let wi = f64x2(s1, s2);
  const rr = f64x2.splat(c2);
  const ri = f64x2.splat(s2);
  let acc = f64x2.splat(0);
  const top = powTop;
  for (let k = 1; k < top; k += 2) {
    const pk = f64x2.promote_low_f32x4(v128.load64_zero(pPow + ((<usize>k) << 2)));
    acc = f64x2.add(acc, f64x2.mul(pk, wr));
    const nr = f64x2.sub(f64x2.mul(wr, rr), f64x2.mul(wi, ri));
    wi = f64x2.add(f64x2.mul(wr, ri), f64x2.mul(wi, rr));
    wr = nr;
  }
  let sum = f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1);
  // Only a full-band spectrum reaches the last bin, N - 1.
  if (powTop == N - 2) sum += <f64>ldf32(pPow, N - 1) * Math.cos(theta * <f64>(N - 1));
  const r =
    (<f64>ldf32(pPow, 0) + <f64>ldf32(pPow, N) * Math.cos(Math.PI * lag) + 2.0 * sum) /
    (2.0 * <f64>N);
  const t0 = <i32>Math.floor(lag);
  let m: f64;
  if (t0 + 1 >= nsdfLen) m = ldf64(pM, nsdfLen - 1);
  else {
    const fr = lag - <f64>t0;
    m = ldf64(pM, t0) * (1.0 - fr) + ldf64(pM, t0 + 1) * fr;
  }
  return m > 1e-20 ? (2.0 * r) / m : 0.0;
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

/**
 * Height of the NSDF peak at integer lag t (position in peakLag). A parabola through three
 * samples is exact enough for a broad peak; for a sharp one (second difference above 0.1: a
 * period of a few dozen samples, or strong high partials) use the exact value.
 */
function peakHeight(t: i32): f64 {
  interpolate(t);
  const curvature = 2.0 * ldf64(pNsdf, t) - ldf64(pNsdf, t - 1) - ldf64(pNsdf, t + 1);
  return curvature < 0.1 ? peakValue : nsdfExact(peakLag);
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

/** Frequency for the period near `lag` (NSDF height `value`): multi-period, then spectral. */
function measureHz(lag: f64, value: f64): f64 {
  // Least-squares fit P of the peaks at j * P, j = 1..k, up to half a frame: a peak error of
  // e samples at lag j*P costs e / j in P.
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
  const mpmHz = sampleRate / period;
  const refinedHz = spectralRefine(mpmHz);
  return refinedHz > 0 && Math.abs(1200 * Math.log2(refinedHz / mpmHz)) <= REFINE_MAX_CENTS
    ? refinedHz
    : mpmHz;
}

// Per-frame result.
let outHz: f64 = 0;
let outClarity: f64 = 0;

function analyseFrame(clarityMin: f64, bare: bool): void {
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
  let value = peakHeight(chosen);
  let lag = peakLag;
  // A half or a third of the lag with (nearly) as high an NSDF is the period: MPM's sampled
  // key maxima can miss a sharp peak and land on a multiple.
  for (let pass = 0; pass < 2; pass++) {
    let moved = false;
    for (let div = 2; div <= 3; div++) {
      const target = lag / <f64>div;
      if (target < <f64>minLag) continue;
      const c = localMax(target, 2);
      if (c < 2) continue;
      const v0 = ldf64(pNsdf, c);
      if (!(v0 > 0) || ldf64(pNsdf, c - 1) > v0 || ldf64(pNsdf, c + 1) > v0) continue;
      const v = peakHeight(c);
      if (v >= value - HARMONIC_MARGIN) {
        lag = peakLag;
        value = v;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  // Octave / fifth guard: if the NSDF is clearly higher at 2x or 3x the lag, the lag is a
  // fraction of the true period (strong 2nd/3rd harmonic, weak fundamental).
  for (let pass = 0; pass < 2; pass++) {
    let moved = false;
    for (let mult = 2; mult <= 3; mult++) {
      const c = localMax(lag * <f64>mult, 2 + mult);
      if (c < 0 || c >= nsdfLen - 2) continue;
      const v = peakHeight(c);
      if (v > value + SUBHARMONIC_MARGIN) {
        lag = peakLag;
        value = v;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  // The clarity reported and used for voicing is always the exact height.
  value = nsdfExact(lag);
  // A period longer than the lowest frequency looked for is no pitch, not an octave-up reading.
  if (lag > <f64>maxLag + 0.5) {
    outClarity = value > 1 ? 1 : value < 0 ? 0 : value;
    return;
  }
  if (value < clarityMin) {
    outClarity = value > 0 ? value : 0;
    return;
  }
  outHz = measureHz(lag, value);
  // Without divisors only (the estimated gains leave artefacts that can favour twice the
  // period): if the odd multiples of this f0 hold little power next to the even ones, the period
  // is half as long. On the corpus, real notes have odd/even >= 0.33 and such errors <= 0.14.
  if (bare && harmonicsSeen >= 4 && oddPower < ODD_EVEN_MIN * evenPower) {
    const c = localMax(lag * 0.5, 2);
    if (c >= minLag && c >= 2) {
      interpolate(c);
      const half = peakLag;
      const v = nsdfExact(half);
      if (v >= clarityMin) {
        lag = half;
        value = v;
        outHz = measureHz(lag, value);
      }
    }
  }
  outClarity = value > 1 ? 1 : value < 0 ? 0 : value;
}

/** RMS of the last frame loaded, in input units. */
let frameRms: f64 = 0;

/**
 * Copy frameSize samples of `src` from `start` into pFrame (NaN / Infinity -> 0), mean removed
 * and scaled to a peak of about 1 so the f32 FFT never overflows or goes subnormal whatever the
 * input level (the NSDF does not depend on scale). Sets frameRms; returns the scaled sum of
 * squares (0 for a constant frame).
 */
function loadFrame(src: usize, start: i32): f64 {
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
  frameRms = 0;
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
  frameRms = Math.sqrt(sumSq / <f64>n) / scale;
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
function estimateGains(chunks: i32, length: i32): void {
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
function restoreBareFrame(start: i32): void {
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
  if (restore != 0) {
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
  } else {
    estimateGains(chunks, length);
  }
  const clarityMin = CLARITY_MIN;
  for (let f = 0; f < frames; f++) {
    const start = f * hopSize;
    if (restore == 0) restoreBareFrame(start);
    let sumSq = loadFrame(pSig, start);
    outHz = 0;
    outClarity = 0;
    if (sumSq > 0 && (restore == 0 || frameRms >= LEVEL_GATE_RMS)) {
      computeNsdf(sumSq);
      analyseFrame(clarityMin, restore == 0);
      if (restore == 0 && outHz == 0) {
        // The gain estimate can fail (e.g. broadband noise breaks the continuity it relies
        // on): try the normalised chunks as they are before giving up on the frame.
        const keepClarity = outClarity;
        sumSq = loadFrame(pInput, start);
        if (sumSq > 0) {
          computeNsdf(sumSq);
          analyseFrame(clarityMin, restore == 0);
        }
        if (outHz == 0) outClarity = max<f64>(outClarity, keepClarity);
      }
    }
    stf32(pHz, f, <f32>outHz);
    stf32(pClarity, f, <f32>outClarity);
  }
  return frames;
}
