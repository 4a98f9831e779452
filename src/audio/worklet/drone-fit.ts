/**
 * Least squares of N samples on sinusoids of known frequencies: the Gram matrix ΦᵀΦ of the basis
 * Φ = [cos ω_k n, sin ω_k n] (n = 0 … N−1) in closed form (sums of cosines are geometric series),
 * plus a ridge, Cholesky-factored once per set of frequencies; each solve is two triangular
 * passes. Used by `drone-canceller.ts` for a whole window and for its segments.
 */

/**
 * Ridge added to the Gram matrix's diagonal, relative to N/2 (a sinusoid's own energy): keeps
 * the solve stable when two partials nearly coincide (a just 5th's 2nd harmonic and the root's
 * 3rd, or a retune in progress) at a negligible bias.
 */
const RIDGE = 1e-6;

export class SinusoidFit {
  readonly samples: number;
  /** Cholesky factor L (row-major, lower) of the Gram matrix + ridge, size basis × basis. */
  private readonly chol: Float64Array;
  private readonly maxBasis: number;
  private basis = 0;

  constructor(samples: number, maxBasis: number) {
    this.samples = samples;
    this.maxBasis = maxBasis;
    this.chol = new Float64Array(maxBasis * maxBasis);
  }

  /** Factor the Gram matrix for these angular steps per sample (`count` of them). */
  factor(omega: Float64Array, count: number): void {
    const m = 2 * count;
    if (m > this.maxBasis) throw new RangeError(`at most ${this.maxBasis / 2} sinusoids`);
    this.basis = m;
    const g = this.chol;
    for (let a = 0; a < count; a++) {
      for (let b = 0; b <= a; b++) {
        const wa = omega[a];
        const wb = omega[b];
        const cMinus = this.sumCos(wa - wb);
        const cPlus = this.sumCos(wa + wb);
        const sMinus = this.sumSin(wa - wb);
        const sPlus = this.sumSin(wa + wb);
        g[2 * a * m + 2 * b] = (cMinus + cPlus) / 2; // cos a · cos b
        g[2 * a * m + 2 * b + 1] = (sPlus - sMinus) / 2; // cos a · sin b
        g[(2 * a + 1) * m + 2 * b] = (sPlus + sMinus) / 2; // sin a · cos b
        g[(2 * a + 1) * m + 2 * b + 1] = (cMinus - cPlus) / 2; // sin a · sin b
      }
    }
    const ridge = (RIDGE * this.samples) / 2;
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

  /**
   * coef[at …] = (LLᵀ)⁻¹ rhs[at …]; returns coefᵀrhs, the energy the fit explains (the residual
   * is |x|² minus it, up to the ridge).
   */
  solve(rhs: Float64Array, coef: Float64Array, at: number): number {
    const l = this.chol;
    const m = this.basis;
    for (let i = 0; i < m; i++) {
      let sum = rhs[at + i];
      for (let k = 0; k < i; k++) sum -= l[i * m + k] * coef[at + k];
      coef[at + i] = sum / l[i * m + i];
    }
    let explained = 0;
    for (let i = m - 1; i >= 0; i--) {
      let sum = coef[at + i];
      for (let k = i + 1; k < m; k++) sum -= l[k * m + i] * coef[at + k];
      coef[at + i] = sum / l[i * m + i];
      explained += coef[at + i] * rhs[at + i];
    }
    return explained;
  }

  /** Σ_{n<N} cos(θn) and Σ sin(θn): a geometric series, D(θ)·cos/sin((N−1)θ/2). */
  private sumCos(theta: number): number {
    const n = this.samples;
    const half = Math.sin(theta / 2);
    if (Math.abs(half) < 1e-12) return Math.cos(((n - 1) * theta) / 2) * n;
    return (Math.sin((n * theta) / 2) / half) * Math.cos(((n - 1) * theta) / 2);
  }

  private sumSin(theta: number): number {
    const n = this.samples;
    const half = Math.sin(theta / 2);
    if (Math.abs(half) < 1e-12) return Math.sin(((n - 1) * theta) / 2) * n;
    return (Math.sin((n * theta) / 2) / half) * Math.sin(((n - 1) * theta) / 2);
  }
}
