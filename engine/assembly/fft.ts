// Real-input FFT support for the NSDF: an in-place radix-2 complex FFT (f32, f32x4 butterflies)
// on the layout's pRe / pIm, and the tables `init` builds for it (twiddles, post-processing
// rotation of the packed real transform, bit reversal).
import { pIm, pPostIm, pPostRe, pRe, pRev, pTwIm, pTwRe, stf32 } from './layout';

/** Twiddles, post-processing factors and bit-reversal indices for complex size N. */
export function buildFftTables(N: i32): void {
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
export function fft(N: i32): void {
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
