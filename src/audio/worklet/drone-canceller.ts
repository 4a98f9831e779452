/* eslint-disable max-lines -- Over 300 lines: a 40-line note on the maths and measurements, then one allocation-free hot path. */
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
 * Least squares over N samples: minimise |x − Φc|² for the basis Φ = [cos ω_k n, sin ω_k n]
 * (`drone-fit.ts`: Gram matrix in closed form, Cholesky-factored when the drone changes).
 *
 * Capture glitches. A starved capture thread drops or repeats samples (measured through a real
 * PulseAudio loopback: ~7 jumps in 6 s in WebKit, 1 in 4.4 s in Firefox; README "engines"): the
 * drone's phase jumps, a window holding the jump is no sum of steady sines, and one fit across it
 * leaves most of the drone, read as its note. So each window is also cut into segments of
 * SEGMENT_SAMPLES_48K (10.7 ms), each fitted on its own (piecewise least squares: a jump spoils
 * one segment); the segments' fits are used only when they leave clearly less than the window's
 * (JUMP_RATIO), because a short fit resolves only partials ≥ ~sampleRate/L apart and takes more of
 * a note near a drone partial. After segment fits, a segment whose residual stands alone above
 * both neighbours (the jump inside it) is silenced; in any window a segment whose residual is
 * under GATE (−30 dB) of what it held is silenced too (only the drone was there), so the detector
 * reads "no pitch" rather than the drone's remnant. Both are figures measured on the corpus with
 * injected jumps (`drone-canceller-glitch.node.test.ts`), not derived.
 *
 * Per window: one pass for every segment's Φᵀx (phasors turned by a recurrence, no sin/cos per
 * sample), the window's Φᵀx from them (each turned by ω_k·sL), one small solve per segment and
 * one for the window, and one pass to subtract. Nothing is allocated after construction.
 */
import { CHUNK_SAMPLES } from './engine/pitch-engine.ts';
import { SinusoidFit } from './drone-fit.ts';
import { largestStep, nthSmallest } from './drone-jump.ts';

/** Drone voices the canceller follows (root, 5th, 3rd and one spare). */
export const MAX_DRONE_VOICES = 4;
/** Harmonics of each voice fitted: the sine's fundamental and the speaker's 2nd and 3rd. */
export const DRONE_HARMONICS = 3;
const MAX_PARTIALS = MAX_DRONE_VOICES * DRONE_HARMONICS;
const MAX_BASIS = 2 * MAX_PARTIALS;
/** Segment length at 48 kHz (a power of two, scaled with the rate): 256 and 1024 did worse. */
const SEGMENT_SAMPLES_48K = 512;
/**
 * The segments' fits replace the window's when its residual is over this many times theirs: 1.25
 * let the drone's remnant turn a B♭4 over a B♭3 drone into B♭3 in 3 of 45 windows at 8 jumps/s.
 */
const JUMP_RATIO = 1.03;
/** … and, with over 4 segments, one step between neighbours' fits stands out (`largestStep`). */
const STEP_RATIO = 4;
/** A segment left with under this much of its energy (−30 dB) held only the drone. */
const GATE = 10 ** (-30 / 10);
/** A jump's segment: residual over 1.5× both neighbours' and over 1 % of the drone's energy. */
const SPOILED_OVER_NEIGHBOURS = 1.5;
const SPOILED_SHARE_OF_DRONE = 0.01;

export class DroneCanceller {
  readonly frameSamples: number;
  /** Samples per segment, and segments per window. */
  readonly segmentSamples: number;
  readonly segments: number;
  private readonly sampleRate: number;
  /** Angular step per sample of each partial fitted. */
  private readonly omega = new Float64Array(MAX_PARTIALS);
  private partials = 0;
  private readonly whole: SinusoidFit;
  private readonly part: SinusoidFit;
  /** Φᵀx and the fit of each segment (segment time), then of the window (window time). */
  private readonly rhs: Float64Array;
  private readonly coef: Float64Array;
  private readonly rhsWhole = new Float64Array(MAX_BASIS);
  private readonly coefWhole = new Float64Array(MAX_BASIS);
  /** cos and sin of ω_k·s·L: segment s's start in window time, per partial. */
  private readonly startCos: Float64Array;
  private readonly startSin: Float64Array;
  private readonly energyIn: Float64Array;
  private readonly energyOut: Float64Array;
  /** Energy each segment's own fit explains (the drone's, where no note sits on it). */
  private readonly explained: Float64Array;
  private readonly sorted: Float64Array;
  private readonly steps: Float64Array;
  /** Phasor state (cos, sin) and its per-sample rotation for each partial. */
  private readonly cosNow = new Float64Array(MAX_PARTIALS);
  private readonly sinNow = new Float64Array(MAX_PARTIALS);
  private readonly cosStep = new Float64Array(MAX_PARTIALS);
  private readonly sinStep = new Float64Array(MAX_PARTIALS);
  /** What the last `apply` did (tests): segment fits used; segments silenced. */
  lastSegmented = false;
  lastSilenced = 0;

  constructor(sampleRate: number, frameSamples: number) {
    if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be > 0 Hz, got ${sampleRate}`);
    if (!(frameSamples > 0) || frameSamples % CHUNK_SAMPLES !== 0) {
      throw new RangeError(
        `frameSamples must be a positive multiple of ${CHUNK_SAMPLES}, got ${frameSamples}`,
      );
    }
    this.sampleRate = sampleRate;
    this.frameSamples = frameSamples;
    let len = 2 ** Math.round(Math.log2((SEGMENT_SAMPLES_48K * sampleRate) / 48000));
    len = Math.min(frameSamples, Math.max(CHUNK_SAMPLES, len));
    while (frameSamples % len !== 0) len /= 2;
    this.segmentSamples = len;
    this.segments = frameSamples / len;
    this.whole = new SinusoidFit(frameSamples, MAX_BASIS);
    this.part = new SinusoidFit(len, MAX_BASIS);
    this.rhs = new Float64Array(this.segments * MAX_BASIS);
    this.coef = new Float64Array(this.segments * MAX_BASIS);
    this.startCos = new Float64Array(this.segments * MAX_PARTIALS);
    this.startSin = new Float64Array(this.segments * MAX_PARTIALS);
    this.energyIn = new Float64Array(this.segments);
    this.energyOut = new Float64Array(this.segments);
    this.explained = new Float64Array(this.segments);
    this.sorted = new Float64Array(this.segments);
    this.steps = new Float64Array(this.segments);
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
      for (let s = 0; s < this.segments; s++) {
        this.startCos[s * MAX_PARTIALS + k] = Math.cos(w * s * this.segmentSamples);
        this.startSin[s * MAX_PARTIALS + k] = Math.sin(w * s * this.segmentSamples);
      }
    }
    if (count > 0) {
      this.whole.factor(this.omega, count);
      this.part.factor(this.omega, count);
    }
  }

  /**
   * Subtract the drone from one window of the accumulator's normalised samples (each
   * CHUNK_SAMPLES chunk divided by its `divisors` entry), in place, re-normalising each chunk.
   */
  apply(samples: Float32Array, divisors: Float32Array): void {
    this.lastSegmented = false;
    this.lastSilenced = 0;
    if (this.partials === 0) return;
    const n = this.frameSamples;
    // Restore the raw window (a 0 or non-finite divisor is an all-zero chunk).
    for (let c = 0; c < n / CHUNK_SAMPLES; c++) {
      const d = divisors[c];
      const g = d > 0 && d < Infinity ? d : 0;
      for (let j = c * CHUNK_SAMPLES; j < (c + 1) * CHUNK_SAMPLES; j++) {
        samples[j] = samples[j] * g;
      }
    }
    const segmented = this.fit(samples);
    this.lastSegmented = segmented;
    this.subtract(samples, segmented);
    this.silence(samples, segmented);
    // Each chunk normalised again by its new max |x|.
    for (let c = 0; c < n / CHUNK_SAMPLES; c++) {
      let max = 0;
      const start = c * CHUNK_SAMPLES;
      for (let i = start; i < start + CHUNK_SAMPLES; i++) {
        const y = samples[i];
        const a = y < 0 ? -y : y;
        if (a > max) max = a;
      }
      divisors[c] = max;
      if (max > 0) {
        for (let i = start; i < start + CHUNK_SAMPLES; i++) samples[i] = samples[i] / max;
      }
    }
  }

  /**
   * Φᵀx of each segment in one pass, the window's Φᵀx from them (turned to window time), both
   * fits solved (residual = |x|² − cᵀΦᵀx); true when the segments' fits leave clearly less.
   */
  private fit(samples: Float32Array): boolean {
    const p = this.partials;
    const m = 2 * p;
    const len = this.segmentSamples;
    const rhs = this.rhs;
    const whole = this.rhsWhole;
    whole.fill(0, 0, m);
    let energyAll = 0;
    let residualParts = 0;
    for (let s = 0; s < this.segments; s++) {
      const at = s * MAX_BASIS;
      rhs.fill(0, at, at + m);
      this.resetPhasors();
      let energy = 0;
      for (let i = s * len; i < (s + 1) * len; i++) {
        const x = samples[i];
        energy += x * x;
        for (let k = 0; k < p; k++) {
          rhs[at + 2 * k] = rhs[at + 2 * k] + x * this.cosNow[k];
          rhs[at + 2 * k + 1] = rhs[at + 2 * k + 1] + x * this.sinNow[k];
        }
        this.turnPhasors();
      }
      this.energyIn[s] = energy;
      energyAll += energy;
      // cos ω(sL+n) = cos ωn·cos ωsL − sin ωn·sin ωsL; sin ω(sL+n) = sin ωn·cos ωsL + cos ωn·sin ωsL.
      for (let k = 0; k < p; k++) {
        const c = this.startCos[s * MAX_PARTIALS + k];
        const sn = this.startSin[s * MAX_PARTIALS + k];
        const rc = rhs[at + 2 * k];
        const rs = rhs[at + 2 * k + 1];
        whole[2 * k] = whole[2 * k] + c * rc - sn * rs;
        whole[2 * k + 1] = whole[2 * k + 1] + c * rs + sn * rc;
      }
      const explained = this.part.solve(rhs, this.coef, at);
      this.explained[s] = explained;
      residualParts += Math.max(0, energy - explained);
    }
    if (this.segments < 2) {
      for (let i = 0; i < m; i++) this.coefWhole[i] = this.coef[i];
      return false;
    }
    const residualWhole = Math.max(0, energyAll - this.whole.solve(whole, this.coefWhole, 0));
    if (!(residualWhole > JUMP_RATIO * residualParts)) return false;
    // No note to spare where most segments held only the drone (GATE).
    let droneOnly = 0;
    for (let s = 0; s < this.segments; s++) {
      if (this.energyIn[s] - this.explained[s] < GATE * this.energyIn[s]) droneOnly++;
    }
    return (
      this.segments <= 4 ||
      2 * droneOnly >= this.segments ||
      largestStep(
        this.coef,
        this.startCos,
        this.startSin,
        MAX_PARTIALS,
        this.partials,
        this.segments,
        this.steps,
      ) > STEP_RATIO
    );
  }

  /** x − Φc: the window's fit, or each segment's own; records each segment's residual energy. */
  private subtract(samples: Float32Array, segmented: boolean): void {
    const p = this.partials;
    const len = this.segmentSamples;
    const coef = segmented ? this.coef : this.coefWhole;
    if (!segmented) this.resetPhasors();
    for (let s = 0; s < this.segments; s++) {
      const at = segmented ? s * MAX_BASIS : 0;
      if (segmented) this.resetPhasors();
      let energy = 0;
      for (let i = s * len; i < (s + 1) * len; i++) {
        let fit = 0;
        for (let k = 0; k < p; k++) {
          fit += coef[at + 2 * k] * this.cosNow[k] + coef[at + 2 * k + 1] * this.sinNow[k];
        }
        this.turnPhasors();
        const y = samples[i] - fit;
        samples[i] = y;
        energy += y * y;
      }
      this.energyOut[s] = energy;
    }
  }

  /** Silence the segments that can only hold the drone (GATE) or a jump in it (see the top). */
  private silence(samples: Float32Array, segmented: boolean): void {
    const segments = this.segments;
    const len = this.segmentSamples;
    const out = this.energyOut;
    // The drone's energy per segment: the median of what the segments' fits explained.
    let drone = 0;
    if (segmented) {
      drone = nthSmallest(this.explained, segments, segments >> 1, this.sorted);
    }
    for (let s = 0; s < segments; s++) {
      let zero = out[s] < GATE * this.energyIn[s];
      if (!zero && segmented) {
        const before = s > 0 ? out[s - 1] : 0;
        const after = s < segments - 1 ? out[s + 1] : 0;
        const near = before > after ? before : after;
        zero =
          out[s] - near > SPOILED_SHARE_OF_DRONE * drone && out[s] > SPOILED_OVER_NEIGHBOURS * near;
      }
      if (zero) {
        samples.fill(0, s * len, (s + 1) * len);
        this.lastSilenced++;
      }
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
}
