// Stage 2: the normalised square difference function (McLeod & Wyvill 2005) of the loaded frame,
// through the FFT, and the NSDF's values at and near its peaks (sampled, parabolic, or exact at
// a fractional lag from the power spectrum).
import { fft } from './fft';
import {
  PEAK_LAG,
  PEAK_VALUE,
  frameSize,
  ldf32,
  ldf64,
  nsdfLen,
  pFrame,
  pIm,
  pM,
  pNsdf,
  pPostIm,
  pPostRe,
  pPow,
  pRe,
  pRev,
  pSpecIm,
  pSpecRe,
  stf32,
  stf64,
} from './layout';

/**
 * NSDF n'(tau) = 2 r(tau) / m(tau) of pFrame for tau in [0, nsdfLen), r via FFT; also leaves the
 * power spectrum in pPow and the zero-padded spectrum in pSpecRe / pSpecIm. Returns `powTop`:
 * the power spectrum bins above it are negligible (the bound `nsdfExact` sums to).
 */
export function computeNsdf(sumSq: f64): i32 {
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
  let powTop: i32;
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
  return powTop;
}

/**
 * NSDF at a fractional lag, exactly: the autocorrelation is the inverse transform of the power
 * spectrum, so r(tau) = (P[0] + P[N] cos(pi tau) + 2 sum_k P[k] cos(pi k tau / N)) / 2N holds for
 * any real tau. Sampled peaks of high notes (a period of 12-25 samples, partials up to 8 kHz) are
 * too sharp for a parabola to give their height, which decides octave and fifth questions.
 */
export function nsdfExact(lag: f64, powTop: i32): f64 {
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

/** Parabolic interpolation of the NSDF peak at integer lag t: lag and height into `out` (pPeak). */
export function interpolate(t: i32, out: usize): void {
  const a = ldf64(pNsdf, t - 1);
  const b = ldf64(pNsdf, t);
  const c = ldf64(pNsdf, t + 1);
  const den = a - 2.0 * b + c;
  let d: f64 = 0;
  if (den < 0) d = (0.5 * (a - c)) / den;
  if (d > 0.5) d = 0.5;
  if (d < -0.5) d = -0.5;
  store<f64>(out + PEAK_LAG, <f64>t + d);
  store<f64>(out + PEAK_VALUE, b - 0.25 * (a - c) * d);
}

/**
 * Height of the NSDF peak at integer lag t (its interpolated lag in `out`, see `interpolate`). A parabola through three
 * samples is exact enough for a broad peak; for a sharp one (second difference above 0.1: a
 * period of a few dozen samples, or strong high partials) use the exact value.
 */
export function peakHeight(t: i32, powTop: i32, out: usize): f64 {
  interpolate(t, out);
  const curvature = 2.0 * ldf64(pNsdf, t) - ldf64(pNsdf, t - 1) - ldf64(pNsdf, t + 1);
  return curvature < 0.1
    ? load<f64>(out + PEAK_VALUE)
    : nsdfExact(load<f64>(out + PEAK_LAG), powTop);
}

/** Highest NSDF sample within +-radius of lag `center`, as an index (or -1 out of range). */
export function localMax(center: f64, radius: i32): i32 {
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
