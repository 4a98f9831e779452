// Configuration and static memory layout of the pitch engine. `configure` (called by `init`) is
// the only writer of these globals; every stage reads them as constants for the frame. They
// describe where buffers live, never what a frame computed: per-frame results travel as return
// values or through the small out-records at the end of the layout (pPeak, pFrameOut, pHarmOut).

/** Samples per normalised chunk (one Web Audio render quantum). */
export const CHUNK: i32 = 128;
/** Highest number of MPM key maxima kept per frame (more than enough for the lag range). */
export const MAX_CANDIDATES: i32 = 256;
/** Harmonics used by the spectral refinement. */
export const MAX_HARMONICS: i32 = 24;

export let sampleRate: f64 = 0;
export let frameSize: i32 = 0;
export let hopSize: i32 = 0;
export let maxSamples: i32 = 0;
export let maxFrames: i32 = 0;
export let maxLag: i32 = 0;
export let minLag: i32 = 0;
export let nsdfLen: i32 = 0;

// Byte offsets into linear memory (all 16-byte aligned).
export let pInput: usize = 0; // f32[maxSamples]
export let pDivisors: usize = 0; // f32[maxSamples / 128]
export let pGains: usize = 0; // f32[maxSamples / 128]  divisors used, or estimated log gain steps
export let pHz: usize = 0; // f32[maxFrames]
export let pClarity: usize = 0; // f32[maxFrames]
export let pSig: usize = 0; // f32[maxSamples]   restored, sanitised signal
export let pFrame: usize = 0; // f32[frameSize]   current frame, mean removed
export let pRe: usize = 0; // f32[frameSize]      FFT work (complex size = frameSize)
export let pIm: usize = 0; // f32[frameSize]
export let pTwRe: usize = 0; // f32[frameSize]    per-stage FFT twiddles e^(-2 pi i j / 2h) at [h + j]
export let pTwIm: usize = 0; // f32[frameSize]
export let pPostRe: usize = 0; // f32[frameSize]  cos(pi k / N)
export let pPostIm: usize = 0; // f32[frameSize]  sin(pi k / N)
export let pRev: usize = 0; // i32[frameSize]     bit reversal
export let pPow: usize = 0; // f32[frameSize + 1] power spectrum
export let pSpecRe: usize = 0; // f32[frameSize + 1] spectrum X[k] of the zero-padded frame
export let pSpecIm: usize = 0; // f32[frameSize + 1]
export let pNsdf: usize = 0; // f64[frameSize]
export let pM: usize = 0; // f64[frameSize]       NSDF denominators m(tau)
export let pHarmHz: usize = 0; // f64[MAX_HARMONICS]
export let pHarmPow: usize = 0; // f64[MAX_HARMONICS]
export let pCandLag: usize = 0; // i32[MAX_CANDIDATES]
/** Out-record of a parabolic peak interpolation: f64 lag at +PEAK_LAG, f64 height at +PEAK_VALUE. */
export let pPeak: usize = 0;
/** Out-record of one frame's analysis: f64 Hz at +OUT_HZ, f64 clarity at +OUT_CLARITY, f64 RMS at +OUT_RMS. */
export let pFrameOut: usize = 0;
/** Out-record of the spectral refinement: f64 odd / even partial power, i32 harmonics seen. */
export let pHarmOut: usize = 0;
export let pEnd: usize = 0;

export const PEAK_LAG: usize = 0;
export const PEAK_VALUE: usize = 8;
export const OUT_HZ: usize = 0;
export const OUT_CLARITY: usize = 8;
export const OUT_RMS: usize = 16;
export const HARM_ODD: usize = 0;
export const HARM_EVEN: usize = 8;
export const HARM_SEEN: usize = 16;

export function align16(x: usize): usize {
  return (x + 15) & ~(<usize>15);
}

export function ldf64(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
export function stf64(base: usize, i: i32, v: f64): void {
  store<f64>(base + ((<usize>i) << 3), v);
}
export function ldf32(base: usize, i: i32): f32 {
  return load<f32>(base + ((<usize>i) << 2));
}
export function stf32(base: usize, i: i32, v: f32): void {
  store<f32>(base + ((<usize>i) << 2), v);
}

/**
 * Set the configuration (arguments already validated by `init`) and lay the buffers out from
 * `__heap_base`, growing memory if this configuration needs more than any before. Returns false
 * if memory cannot grow. Zeroes every buffer.
 */
export function configure(sr: f64, frame: i32, hop: i32, lowHz: f64, capacity: i32): bool {
  sampleRate = sr;
  frameSize = frame;
  hopSize = hop;
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
  pPeak = p;
  p += 16;
  pFrameOut = p;
  p += 32;
  pHarmOut = p;
  p += 32;
  pEnd = p;

  const have = (<usize>memory.size()) << 16;
  if (pEnd > have) {
    const pages = <i32>((pEnd - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) return false;
  }
  clearBuffers();
  return true;
}

/** Zero every buffer of the current layout. */
export function clearBuffers(): void {
  memory.fill(pInput, 0, pEnd - pInput);
}
