/**
 * Telling a capture glitch from a note in the drone canceller's segment fits (`drone-canceller.ts`).
 * Coefficients are stored per segment, `2 * stride` numbers apart, in segment time: (a, b) of
 * partial k at 2k, 2k + 1 for a·cos ωn + b·sin ωn; `startCos`/`startSin` hold cos/sin of ω_k·s·L
 * per segment s, `stride` apart. Allocation-free: scratch arrays are passed in.
 */

/**
 * The `index`-th smallest of values[0 … count − 1], sorted into `scratch` (may be `values`;
 * insertion sort: a few dozen values at most).
 */
export function nthSmallest(
  values: Float64Array,
  count: number,
  index: number,
  scratch: Float64Array,
): number {
  for (let s = 0; s < count; s++) {
    const v = values[s];
    let j = s;
    while (j > 0 && scratch[j - 1] > v) {
      scratch[j] = scratch[j - 1];
      j--;
    }
    scratch[j] = v;
  }
  return scratch[index];
}

/**
 * The segments' fits turned to window time (a·cos ω(n − sL) + b·sin ω(n − sL) = (a cos θ − b sin θ)
 * cos ωn + (a sin θ + b cos θ) sin ωn, θ = ωsL): a steady drone gives the same coefficients in
 * every segment and a jump changes them once (two large steps, around the jump's segment), while
 * a steady note near a partial leaks into them a term turning at the difference frequency (equal
 * steps). Returns the largest step between neighbours over the lower quartile's (two jumps close
 * together make four large steps), in energy (Σ_k |Δa|² + |Δb|²); `steps` is scratch.
 */
export function largestStep(
  coef: Float64Array,
  startCos: Float64Array,
  startSin: Float64Array,
  stride: number,
  partials: number,
  segments: number,
  steps: Float64Array,
): number {
  const count = segments - 1;
  for (let s = 0; s < count; s++) {
    let step = 0;
    for (let k = 0; k < partials; k++) {
      const c0 = startCos[s * stride + k];
      const s0 = startSin[s * stride + k];
      const c1 = startCos[(s + 1) * stride + k];
      const s1 = startSin[(s + 1) * stride + k];
      const a0 = coef[2 * s * stride + 2 * k];
      const b0 = coef[2 * s * stride + 2 * k + 1];
      const a1 = coef[2 * (s + 1) * stride + 2 * k];
      const b1 = coef[2 * (s + 1) * stride + 2 * k + 1];
      const da = a1 * c1 - b1 * s1 - (a0 * c0 - b0 * s0);
      const db = a1 * s1 + b1 * c1 - (a0 * s0 + b0 * c0);
      step += da * da + db * db;
    }
    steps[s] = step;
  }
  let largest = 0;
  for (let s = 0; s < count; s++) if (steps[s] > largest) largest = steps[s];
  const low = nthSmallest(steps, count, count >> 2, steps);
  return low > 0 ? largest / low : largest > 0 ? Infinity : 0;
}
