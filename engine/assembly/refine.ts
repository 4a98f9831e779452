// Stage 4: precision. A least-squares period over the NSDF peaks at multiples of the period,
// then a harmonic fit on the Hann-windowed spectrum the NSDF stage left in pSpecRe / pSpecIm.
import {
  HARM_EVEN,
  HARM_ODD,
  HARM_SEEN,
  MAX_HARMONICS,
  PEAK_LAG,
  PEAK_VALUE,
  frameSize,
  ldf32,
  ldf64,
  nsdfLen,
  pCandLag,
  pHarmHz,
  pHarmPow,
  pSpecIm,
  pSpecRe,
  sampleRate,
  stf64,
} from './layout';
import { interpolate, localMax } from './nsdf';

/** Highest harmonic frequency used by the spectral refinement (the trumpet's energy is below). */
const MAX_HARMONIC_HZ: f64 = 8000;
/** The spectral refinement may move the MPM estimate by at most this much. */
const REFINE_MAX_CENTS: f64 = 25;

/**
 * Power of bin k of the Hann-windowed frameSize-point DFT of the frame, from the zero-padded
 * spectrum (bin k of the unpadded DFT is bin 2k of the padded one; a periodic Hann window is the
 * kernel [-1/4, 1/2, -1/4] in frequency). Needs 1 <= k < frameSize / 2.
 */
function hannBinPower(k: i32): f64 {
  const j = 2 * k;
  const re: f32 = 0.5 * ldf32(pSpecRe, j) - 0.25 * (ldf32(pSpecRe, j - 2) + ldf32(pSpecRe, j + 2));
  const im: f32 = 0.5 * ldf32(pSpecIm, j) - 0.25 * (ldf32(pSpecIm, j - 2) + ldf32(pSpecIm, j + 2));
  return <f64>re * <f64>re + <f64>im * <f64>im;
}

/**
 * Refine f0 from the Hann-windowed spectrum of the frame: each harmonic's frequency from its
 * peak bin and the larger neighbour (exact for a stationary sinusoid under a Hann window:
 * delta = (2a - 1) / (a + 1), a = |X[k+-1]| / |X[k]|; Grandke 1983), then the power-weighted
 * least-squares f0 through the origin. Centre-weighted like a windowed harmonic fit, so within
 * a note whose pitch wobbles it reads what the frame's middle plays. Returns 0 if unusable.
 * Into `stats` (pHarmOut): the power at the odd and even multiples of f0 and how many it saw.
 */
export function spectralRefine(f0: f64, stats: usize): f64 {
  const n = frameSize;
  const M = n >> 1; // bins of the unpadded DFT up to Nyquist
  const binHz = sampleRate / <f64>n;
  const topHz = Math.min(MAX_HARMONIC_HZ, 0.45 * sampleRate);
  let count = 0;
  let maxPow: f64 = 0;
  let harmonicsSeen: i32 = 0;
  let oddPower: f64 = 0;
  let evenPower: f64 = 0;
  for (let h = 1; h <= MAX_HARMONICS; h++) {
    const fh = <f64>h * f0;
    if (fh > topHz) break;
    const k0 = <i32>Math.round(fh / binHz);
    if (k0 < 3 || k0 + 3 >= M) break;
    // Peak bin among k0-1..k0+1, and it must be a local maximum.
    let kp = k0 - 1;
    let pp: f64 = -1;
    for (let k = k0 - 1; k <= k0 + 1; k++) {
      const pw = hannBinPower(k);
      if (pw > pp) {
        pp = pw;
        kp = k;
      }
    }
    harmonicsSeen++;
    if (h & 1) oddPower += pp;
    else evenPower += pp;
    const pl = hannBinPower(kp - 1);
    const pr = hannBinPower(kp + 1);
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
  store<f64>(stats + HARM_ODD, oddPower);
  store<f64>(stats + HARM_EVEN, evenPower);
  store<i32>(stats + HARM_SEEN, harmonicsSeen);
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
 * Frequency for the period near `lag` (NSDF height `value`): multi-period, then spectral.
 * `peak` (pPeak) is scratch for the peak interpolations; `stats` (pHarmOut) receives the
 * spectral refinement's odd/even partial powers.
 */
export function measureHz(lag: f64, value: f64, peak: usize, stats: usize): f64 {
  // Least-squares fit P of the peaks at j * P, j = 1..k, up to half a frame: a peak error of
  // e samples at lag j*P costs e / j in P.
  const reach = <f64>(frameSize >> 1);
  let sxy: f64 = lag;
  let sxx: f64 = 1;
  let period = lag;
  for (let j = 2; <f64>j * period <= reach; j++) {
    const c = localMax(period * <f64>j, 2);
    if (c < 2 || c >= nsdfLen - 2) break;
    interpolate(c, peak);
    const peakValue = load<f64>(peak + PEAK_VALUE);
    if (peakValue < value - 0.3 || peakValue < 0.3) break;
    sxy += <f64>j * load<f64>(peak + PEAK_LAG);
    sxx += <f64>(j * j);
    period = sxy / sxx;
  }
  const mpmHz = sampleRate / period;
  const refinedHz = spectralRefine(mpmHz, stats);
  return refinedHz > 0 && Math.abs(1200 * Math.log2(refinedHz / mpmHz)) <= REFINE_MAX_CENTS
    ? refinedHz
    : mpmHz;
}
