// Stage 3: the period (McLeod & Wyvill 2005, "A smarter way to find pitch", section 5): MPM key
// maxima within the lag range, then octave / fifth guards on the exact NSDF, voicing, and (without
// divisors) an odd/even partial check against a doubled period.
import {
  HARM_EVEN,
  HARM_ODD,
  HARM_SEEN,
  MAX_CANDIDATES,
  OUT_CLARITY,
  OUT_HZ,
  PEAK_LAG,
  ldf64,
  maxLag,
  minLag,
  nsdfLen,
  pCandLag,
  pNsdf,
} from './layout';
import { interpolate, localMax, nsdfExact, peakHeight } from './nsdf';
import { measureHz } from './refine';

/** Without divisors: odd/even partial power below this means the period is half the lag. */
const ODD_EVEN_MIN: f64 = 0.2;
/** MPM's "k": the first key maximum within this ratio of the highest is the period. */
const MPM_K: f64 = 0.9;
/** A multiple of the chosen lag whose NSDF is this much higher means the period is longer. */
const SUBHARMONIC_MARGIN: f64 = 0.08;
/** A lag of 1/2 or 1/3 of the chosen one within this of its NSDF is the true period. */
const HARMONIC_MARGIN: f64 = 0.02;

/**
 * The period of the frame whose NSDF `computeNsdf` just wrote (`powTop` is its return value):
 * Hz (0 = no pitch) and clarity into `out` (pFrameOut, at OUT_HZ and OUT_CLARITY). `peak`
 * (pPeak) and `stats` (pHarmOut) are scratch records for the stages it calls.
 */
export function analyseFrame(
  clarityMin: f64,
  bare: bool,
  powTop: i32,
  out: usize,
  peak: usize,
  stats: usize,
): void {
  store<f64>(out + OUT_HZ, 0);
  store<f64>(out + OUT_CLARITY, 0);
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
  let value = peakHeight(chosen, powTop, peak);
  let lag = load<f64>(peak + PEAK_LAG);
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
      const v = peakHeight(c, powTop, peak);
      if (v >= value - HARMONIC_MARGIN) {
        lag = load<f64>(peak + PEAK_LAG);
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
      const v = peakHeight(c, powTop, peak);
      if (v > value + SUBHARMONIC_MARGIN) {
        lag = load<f64>(peak + PEAK_LAG);
        value = v;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  // The clarity reported and used for voicing is always the exact height.
  value = nsdfExact(lag, powTop);
  // A period longer than the lowest frequency looked for is no pitch, not an octave-up reading.
  if (lag > <f64>maxLag + 0.5) {
    store<f64>(out + OUT_CLARITY, value > 1 ? 1 : value < 0 ? 0 : value);
    return;
  }
  if (value < clarityMin) {
    store<f64>(out + OUT_CLARITY, value > 0 ? value : 0);
    return;
  }
  let hz = measureHz(lag, value, peak, stats);
  // Without divisors only (the estimated gains leave artefacts that can favour twice the
  // period): if the odd multiples of this f0 hold little power next to the even ones, the period
  // is half as long. On the corpus, real notes have odd/even >= 0.33 and such errors <= 0.14.
  if (
    bare &&
    load<i32>(stats + HARM_SEEN) >= 4 &&
    load<f64>(stats + HARM_ODD) < ODD_EVEN_MIN * load<f64>(stats + HARM_EVEN)
  ) {
    const c = localMax(lag * 0.5, 2);
    if (c >= minLag && c >= 2) {
      interpolate(c, peak);
      const half = load<f64>(peak + PEAK_LAG);
      const v = nsdfExact(half, powTop);
      if (v >= clarityMin) {
        lag = half;
        value = v;
        hz = measureHz(lag, value, peak, stats);
      }
    }
  }
  store<f64>(out + OUT_HZ, hz);
  store<f64>(out + OUT_CLARITY, value > 1 ? 1 : value < 0 ? 0 : value);
}
