/**
 * Drone subtraction: the app's own drone, played through the phone's speaker, reaches the
 * microphone together with the trumpet, and a monophonic detector can lock onto it. The drone is
 * generated here, so its frequencies are known: per analysis window, fit a sinusoid of free
 * amplitude and phase at each known drone partial (least squares: no phase sync with the output
 * needed) and subtract the fit, leaving the player's sound.
 *
 * The drone is a sum of sines (`reference-tone.ts` plays it with `waveform: 'sine'`), so only its
 * fundamentals are in the signal, plus what the phone's small speaker adds: its 2nd and 3rd
 * harmonics are fitted too (with a 2nd harmonic at −6 dB and a 3rd at −10 dB, fitting only two
 * harmonics lost the player at 0 dB; fitting three did not: `drone-canceller.node.test.ts`).
 * When the player holds the drone's own note, the fit also removes the player's harmonics 1–3;
 * harmonics 4, 5, 6 … remain, which still repeat at the fundamental's period (4 and 5 share no
 * divisor), so the detector still reads the note, never an octave up (only even harmonics would).
 *
 * Least squares over N samples: minimise |x − Φc|² for the basis Φ = [cos ω_k n, sin ω_k n]. The
 * Gram matrix ΦᵀΦ depends only on the frequencies and N, so it is built in closed form (sums of
 * cosines are geometric series) and Cholesky-factored when the drone changes; each window costs
 * one pass for Φᵀx (phasors turned by a recurrence, no sin/cos per sample), a triangular solve,
 * and one pass to subtract. Nothing is allocated after construction.
 */
import { CHUNK_SAMPLES } from './engine/pitch-engine.ts';

/** Drone voices the canceller follows (root, 5th, 3rd and one spare). */
export const MAX_DRONE_VOICES = 4;
/** Harmonics of each voice fitted: the sine's fundamental and the speaker's 2nd and 3rd. */
export const DRONE_HARMONICS = 3;
const MAX_PARTIALS = MAX_DRONE_VOICES * DRONE_HARMONICS;
const MAX_BASIS = 2 * MAX_PARTIALS;
/**
 * Ridge added to the Gram matrix's diagonal, relative to N/2 (a sinusoid's own energy): keeps
 * the solve stable when two partials nearly coincide (a just 5th's 2nd harmonic and the root's
 * 3rd, or a retune in progress) at a negligible bias.
 */
const RIDGE = 1e-6;

export class DroneCanceller {
  readonly frameSamples: number;
  private readonly sampleRate: number;
  /** Angular step per sample of each partial fitted. */
  private readonly omega = new Float64Array(MAX_PARTIALS);
  private partials = 0;
  /** Cholesky factor L (row-major, lower) of the Gram matrix + ridge, size basis × basis. */
  private readonly chol = new Float64Array(MAX_BASIS * MAX_BASIS);
  private readonly rhs = new Float64Array(MAX_BASIS);
  private readonly coef = new Float64Array(MAX_BASIS);
  /** Phasor state (cos, sin) and its per-sample rotation for each partial. */
  private readonly cosNow = new Float64Array(MAX_PARTIALS);
  private readonly sinNow = new Float64Array(MAX_PARTIALS);
  private readonly cosStep = new Float64Array(MAX_PARTIALS);
  private readonly sinStep = new Float64Array(MAX_PARTIALS);

  constructor(sampleRate: number, frameSamples: number) {
    if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be > 0 Hz, got ${sampleRate}`);
    if (!(frameSamples > 0) || frameSamples % CHUNK_SAMPLES !== 0) {
      throw new RangeError(
        `frameSamples must be a positive multiple of ${CHUNK_SAMPLES}, got ${frameSamples}`,
      );
    }
    this.sampleRate = sampleRate;
    this.frameSamples = frameSamples;
  }

  /** How many sinusoids are fitted per window (0 = no drone: `apply` does nothing). */
  get partialCount(): number {
    return this.partials;
  }

  /**
   * The drone's voices now, Hz (fundamentals; empty = no drone). Partials at or above 45 % of the
   * sample rate (near Nyquist) or below 20 Hz are skipped. Values that are not positive finite
   * numbers, or more than MAX_DRONE_VOICES voices, throw a RangeError.
   */
  setFrequencies(hz: ArrayLike<number>): void {
    if (hz.length > MAX_DRONE_VOICES) {
      throw new RangeError(`at most ${MAX_DRONE_VOICES} drone voices, got ${hz.length}`);
    }
    for (let v = 0; v < hz.length; v++) {
      const f = hz[v];
      if (!(f > 0 && Number.isFinite(f))) {
        throw new RangeError(`drone frequencies must be positive numbers of Hz, got ${f}`);
      }
    }
    let count = 0;
    for (let v = 0; v < hz.length; v++) {
      for (let h = 1; h <= DRONE_HARMONICS; h++) {
        const f = hz[v] * h;
        if (f < 20 || f >= 0.45 * this.sampleRate) continue;
        this.omega[count++] = (2 * Math.PI * f) / this.sampleRate;
      }
    }
    this.partials = count;
    for (let k = 0; k < count; k++) {
      const w = this.omega[k];
      this.cosStep[k] = Math.cos(w);
      this.sinStep[k] = Math.sin(w);
    }
    this.factorGram();
  }

  /**
   * Subtract the drone from one window of the accumulator's normalised samples (each
   * CHUNK_SAMPLES chunk divided by its `divisors` entry), in place, re-normalising each chunk.
   */
  apply(samples: Float32Array, divisors: Float32Array): void {
    const m = 2 * this.partials;
    if (m === 0) return;
    const n = this.frameSamples;
    // Restore the raw window (a 0 or non-finite divisor is an all-zero chunk).
    for (let c = 0; c < n / CHUNK_SAMPLES; c++) {
      const d = divisors[c];
      const g = d > 0 && d < Infinity ? d : 0;
      for (let j = c * CHUNK_SAMPLES; j < (c + 1) * CHUNK_SAMPLES; j++) {
        samples[j] = samples[j] * g;
      }
    }
    // Φᵀx.
    const rhs = this.rhs;
    rhs.fill(0, 0, m);
    this.resetPhasors();
    const p = this.partials;
    for (let i = 0; i < n; i++) {
      const x = samples[i];
      for (let k = 0; k < p; k++) {
        rhs[2 * k] = rhs[2 * k] + x * this.cosNow[k];
        rhs[2 * k + 1] = rhs[2 * k + 1] + x * this.sinNow[k];
      }
      this.turnPhasors();
    }
    this.solve(m);
    // x − Φc, then each chunk normalised again by its new max |x|.
    this.resetPhasors();
    const coef = this.coef;
    for (let c = 0; c < n / CHUNK_SAMPLES; c++) {
      let max = 0;
      const start = c * CHUNK_SAMPLES;
      for (let i = start; i < start + CHUNK_SAMPLES; i++) {
        let fit = 0;
        for (let k = 0; k < p; k++) {
          fit += coef[2 * k] * this.cosNow[k] + coef[2 * k + 1] * this.sinNow[k];
        }
        this.turnPhasors();
        const y = samples[i] - fit;
        samples[i] = y;
        const a = y < 0 ? -y : y;
        if (a > max) max = a;
      }
      divisors[c] = max;
      if (max > 0)
        for (let i = start; i < start + CHUNK_SAMPLES; i++) samples[i] = samples[i] / max;
    }
  }

  private resetPhasors(): void {
    this.cosNow.fill(1);
    this.sinNow.fill(0);
  }

  private turnPhasors(): void {
    for (let k = 0; k < this.partials; k++) {
      const c = this.cosNow[k];
      const s = this.sinNow[k];
      const cw = this.cosStep[k];
      const sw = this.sinStep[k];
      this.cosNow[k] = c * cw - s * sw;
      this.sinNow[k] = s * cw + c * sw;
    }
  }

  /** Σ_{n<N} cos(θn) and Σ sin(θn): a geometric series, D(θ)·cos/sin((N−1)θ/2). */
  private sumCos(theta: number): number {
    const n = this.frameSamples;
    const half = Math.sin(theta / 2);
    if (Math.abs(half) < 1e-12) return Math.cos(((n - 1) * theta) / 2) * n;
    return (Math.sin((n * theta) / 2) / half) * Math.cos(((n - 1) * theta) / 2);
  }

  private sumSin(theta: number): number {
    const n = this.frameSamples;
    const half = Math.sin(theta / 2);
    if (Math.abs(half) < 1e-12) return Math.sin(((n - 1) * theta) / 2) * n;
    return (Math.sin((n * theta) / 2) / half) * Math.sin(((n - 1) * theta) / 2);
  }

  /** Gram matrix of the basis in closed form (product-to-sum), plus ridge, Cholesky in place. */
  private factorGram(): void {
    const m = 2 * this.partials;
    const g = this.chol;
    for (let a = 0; a < this.partials; a++) {
      for (let b = 0; b <= a; b++) {
        const wa = this.omega[a];
        const wb = this.omega[b];
        const cMinus = this.sumCos(wa - wb);
        const cPlus = this.sumCos(wa + wb);
        const sMinus = this.sumSin(wa - wb);
        const sPlus = this.sumSin(wa + wb);
        const cc = (cMinus + cPlus) / 2; // cos a · cos b
        const ss = (cMinus - cPlus) / 2; // sin a · sin b
        const cs = (sPlus - sMinus) / 2; // cos a · sin b
        const sc = (sPlus + sMinus) / 2; // sin a · cos b
        g[2 * a * m + 2 * b] = cc;
        g[2 * a * m + 2 * b + 1] = cs;
        g[(2 * a + 1) * m + 2 * b] = sc;
        g[(2 * a + 1) * m + 2 * b + 1] = ss;
      }
    }
    const ridge = (RIDGE * this.frameSamples) / 2;
    for (let i = 0; i < m; i++) g[i * m + i] = g[i * m + i] + ridge;
    // Cholesky (lower), reading only the lower triangle filled above.
    for (let i = 0; i < m; i++) {
      for (let j = 0; j <= i; j++) {
        let sum = g[i * m + j];
        for (let k = 0; k < j; k++) sum -= g[i * m + k] * g[j * m + k];
        if (i === j) g[i * m + i] = Math.sqrt(Math.max(sum, ridge));
        else g[i * m + j] = sum / g[j * m + j];
      }
    }
  }

  /** coef = (LLᵀ)⁻¹ rhs. */
  private solve(m: number): void {
    const l = this.chol;
    const y = this.coef;
    for (let i = 0; i < m; i++) {
      let sum = this.rhs[i];
      for (let k = 0; k < i; k++) sum -= l[i * m + k] * y[k];
      y[i] = sum / l[i * m + i];
    }
    for (let i = m - 1; i >= 0; i--) {
      let sum = y[i];
      for (let k = i + 1; k < m; k++) sum -= l[k * m + i] * y[k];
      y[i] = sum / l[i * m + i];
    }
  }
}
