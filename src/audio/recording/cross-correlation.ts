/**
 * Where one stretch of audio sits inside another, to the sample: the lag of the highest
 * normalised cross-correlation (Pearson's r over the overlap), computed with one FFT product
 * (Wiener–Khinchin: correlation is a product of spectra). Used to find a take's first encoded
 * sample in the frame-stamped capture of what the graph heard (`origin-aligner.ts`). Pure: no
 * Web Audio, no DOM.
 */

/** In-place iterative radix-2 FFT of `re`/`im` (length a power of two); `inverse` scales by 1/n. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (n !== im.length || n === 0 || (n & (n - 1)) !== 0) {
    throw new RangeError(
      `fft needs two arrays of one power-of-two length, got ${n} and ${im.length}`,
    );
  }
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = (sign * 2 * Math.PI) / size;
    for (let k = 0; k < half; k++) {
      const wr = Math.cos(step * k);
      const wi = Math.sin(step * k);
      for (let start = k; start < n; start += size) {
        const a = start;
        const b = start + half;
        const br = re[b] * wr - im[b] * wi;
        const bi = re[b] * wi + im[b] * wr;
        re[b] = re[a] - br;
        im[b] = im[a] - bi;
        re[a] = re[a] + br;
        im[a] = im[a] + bi;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] = re[i] / n;
      im[i] = im[i] / n;
    }
  }
}

export interface LagMatch {
  /** `probe[i]` best matches `reference[i + lag]`, samples (negative: the probe starts first). */
  lag: number;
  /** Pearson's r over the overlap at that lag, −1..1. */
  score: number;
  /**
   * The best r at a lag more than `distinctSamples` away: close to `score` means the match is
   * ambiguous (a steady periodic tone matches itself one period on).
   */
  runnerUp: number;
}

export interface LagOptions {
  /** Lags searched: `minLag..maxLag` samples (default: every lag with `minOverlap` of overlap). */
  minLag?: number;
  maxLag?: number;
  /** Fewest probe samples that must overlap the reference, default half the probe. */
  minOverlap?: number;
  /** Lags closer than this to the best one are the same peak, for `runnerUp` (default 32). */
  distinctSamples?: number;
}

/**
 * The lag at which `probe` best matches `reference` (normalised cross-correlation), or null when
 * either is silent or no lag leaves `minOverlap` samples overlapping.
 */
export function findLag(
  reference: Float32Array,
  probe: Float32Array,
  options: LagOptions = {},
): LagMatch | null {
  const r = reference.length;
  const p = probe.length;
  const minOverlap = options.minOverlap ?? Math.ceil(p / 2);
  if (!(minOverlap >= 1)) throw new RangeError(`minOverlap must be ≥ 1, got ${minOverlap}`);
  const minLag = Math.max(options.minLag ?? -Infinity, minOverlap - p);
  const maxLag = Math.min(options.maxLag ?? Infinity, r - minOverlap);
  if (minLag > maxLag) return null;
  const distinct = options.distinctSamples ?? 32;

  let n = 1;
  while (n < r + p) n <<= 1;
  const aRe = new Float64Array(n);
  const aIm = new Float64Array(n);
  const bRe = new Float64Array(n);
  const bIm = new Float64Array(n);
  for (let i = 0; i < r; i++) aRe[i] = reference[i];
  for (let i = 0; i < p; i++) bRe[i] = probe[i];
  fft(aRe, aIm);
  fft(bRe, bIm);
  // A·conj(B): its inverse is c[lag] = Σ reference[i + lag]·probe[i] (negative lags wrap to n + lag).
  for (let k = 0; k < n; k++) {
    const re = aRe[k] * bRe[k] + aIm[k] * bIm[k];
    const im = aIm[k] * bRe[k] - aRe[k] * bIm[k];
    aRe[k] = re;
    aIm[k] = im;
  }
  fft(aRe, aIm, true);

  // Energies over every overlap from prefix sums of squares.
  const refSq = prefixSquares(reference);
  const probeSq = prefixSquares(probe);
  const scores = new Float64Array(maxLag - minLag + 1);
  for (let lag = minLag; lag <= maxLag; lag++) {
    const p0 = Math.max(0, -lag);
    const p1 = Math.min(p, r - lag);
    if (p1 - p0 < minOverlap) continue; // a reference shorter than the overlap asked for
    const energy = (probeSq[p1] - probeSq[p0]) * (refSq[p1 + lag] - refSq[p0 + lag]);
    const c = aRe[(lag + n) % n];
    scores[lag - minLag] = energy > 1e-20 ? c / Math.sqrt(energy) : 0;
  }
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[best]) best = i;
  const score = scores[best];
  if (!(score > 0)) return null;
  let runnerUp = -1;
  for (let i = 0; i < scores.length; i++) {
    if (Math.abs(i - best) > distinct) runnerUp = Math.max(runnerUp, scores[i]);
  }
  return { lag: best + minLag, score, runnerUp };
}

function prefixSquares(x: Float32Array): Float64Array {
  const out = new Float64Array(x.length + 1);
  for (let i = 0; i < x.length; i++) out[i + 1] = out[i] + x[i] ** 2;
  return out;
}
