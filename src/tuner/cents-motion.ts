import { DAMPING_LEVELS, type Damping } from '../settings';

/**
 * How the tuner's cents move between readings: a critically damped follower (two equal first-order
 * stages) evaluated at display rate, so the needle glides instead of stepping at the analysis rate
 * and the player chooses how much vibrato and wobble it averages out. Two stages fall off at
 * 40 dB/decade, which is what lets "heavy" sit still on a 4.5–6.5 Hz vibrato (±30 ¢ → ±0.2 ¢)
 * while still settling on a new pitch in about two seconds.
 *
 * Pure and allocation-free: time comes in (`timeMs`, the performance.now() timeline), values out.
 */

/** Time constant of each of the two stages, ms (settling to 1 % takes ≈ 6.6 τ). */
export const DAMPING_TIME_CONSTANT_MS: Readonly<Record<Damping, number>> = Object.freeze({
  // ≈ 100 ms to settle: a display frame or two behind the reading, no visible lag.
  none: 15,
  light: 60,
  medium: 180,
  // Measured on the engine's block readings of a 4.5–6.5 Hz, ±15–40 ¢ vibrato (the corpus's):
  // 350 ms still let the readings' beat against the 11.7/s analysis rate move whole cents
  // 2–3 times a second; 500 ms holds it under ~1 a second and settles to 90 % in about 2 s.
  heavy: 500,
});

export { DAMPING_LEVELS };

/**
 * How far (in steps) the needle must be from the number shown before the number changes. Heavy
 * damping asks for a full step: its number should move only when the pitch has.
 */
export const DAMPING_HYSTERESIS: Readonly<Record<Damping, number>> = Object.freeze({
  none: 0.7,
  light: 0.7,
  medium: 0.7,
  heavy: 1,
});

export interface CentsFollower {
  /** The value shown at `timeMs` (advances the follower to that time). */
  valueAt(timeMs: number): number;
  /**
   * A new reading of the same note, heard at `timeMs`: glide towards it. A reading heard before
   * the follower's present (delivered late) is applied as of when it was heard.
   */
  setTarget(cents: number, timeMs: number): void;
  /** A new note (or the first): show it at once, nothing carried over from the last note. */
  jumpTo(cents: number, timeMs: number): void;
  /** True when the shown value is within 0.05 ¢ of the target and no longer moving. */
  settledAt(timeMs: number): boolean;
  readonly target: number;
}

export function createCentsFollower(timeConstantMs: number): CentsFollower {
  if (!(Number.isFinite(timeConstantMs) && timeConstantMs > 0 && timeConstantMs <= 5000)) {
    throw new RangeError(`timeConstantMs must be in (0, 5000] ms, got ${timeConstantMs}`);
  }
  const tau = timeConstantMs;
  // Offsets from the target of the first (x) and second, shown (y) stage, at time t0.
  let target = 0;
  let x = 0;
  let y = 0;
  let t0 = 0;
  // When the target last changed: a late reading is never applied before an earlier one.
  let targetMs = 0;

  // Closed form for a step input: x(t) = x0·e^(−t/τ), y(t) = (y0 + x0·t/τ)·e^(−t/τ).
  const advance = (timeMs: number): void => {
    const dt = timeMs - t0;
    if (!(dt > 0)) return;
    const decay = Math.exp(-dt / tau);
    y = (y + (x * dt) / tau) * decay;
    x *= decay;
    t0 = timeMs;
  };

  return {
    get target() {
      return target;
    },
    valueAt(timeMs) {
      advance(timeMs);
      return target + y;
    },
    setTarget(cents, timeMs) {
      const atMs = Math.max(timeMs, targetMs);
      const step = target - cents;
      if (atMs >= t0) {
        advance(atMs);
        x += step;
        y += step;
      } else {
        // Heard before now, delivered late (a busy device's audio thread sends its readings in
        // bursts). The follower is linear, so the step it missed is added as its response since
        // then: the closed form above with x0 = y0 = step over t0 − atMs. Applied at delivery
        // instead, a burst samples a vibrato at the burst rate, and that alias beats slowly
        // enough to pass even heavy damping.
        const dt = t0 - atMs;
        const decay = Math.exp(-dt / tau);
        x += step * decay;
        y += step * (1 + dt / tau) * decay;
      }
      target = cents;
      targetMs = atMs;
    },
    jumpTo(cents, timeMs) {
      target = cents;
      x = 0;
      y = 0;
      t0 = timeMs;
      targetMs = timeMs;
    },
    settledAt(timeMs) {
      advance(timeMs);
      return Math.abs(x) < 0.05 && Math.abs(y) < 0.05;
    },
  };
}

/**
 * The cents text for a moving value: it changes only when the value has moved more than
 * `hysteresis` of a step away from what is shown, so a value hovering at x.5 does not flicker
 * between two numbers. `step` 1 shows whole cents, 0.1 tenths.
 */
export function quantizeCents(
  value: number,
  shown: number | null,
  step: number,
  hysteresis = QUANTIZE_HYSTERESIS,
): number {
  const rounded = Math.round(value / step) * step;
  const clean = Object.is(rounded, -0) ? 0 : Number(rounded.toFixed(1));
  if (shown === null) return clean;
  return Math.abs(value - shown) > hysteresis * step ? clean : shown;
}

/** 0.7 of a step: the shown number is never more than 0.7 of a step from the value. */
export const QUANTIZE_HYSTERESIS = 0.7;

/** Spread (max − min) of the recent readings under which tenths of a cent mean something. */
export const STEADY_SPREAD_CENTS = 1;
/** Readings looked at: ≈ 0.7 s in block mode, less in fast mode. */
export const STEADY_READINGS = 8;

/**
 * Whether the last `STEADY_READINGS` readings of a note stay within `STEADY_SPREAD_CENTS`: only then
 * are tenths shown (a vibrato or a wobble shows whole cents). Allocation-free ring buffer.
 */
export function createSteadiness(): {
  push(cents: number): void;
  reset(): void;
  steady(): boolean;
} {
  const ring = new Float64Array(STEADY_READINGS);
  let count = 0;
  let next = 0;
  return {
    push(cents) {
      ring[next] = cents;
      next = (next + 1) % STEADY_READINGS;
      if (count < STEADY_READINGS) count += 1;
    },
    reset() {
      count = 0;
      next = 0;
    },
    steady() {
      if (count < STEADY_READINGS) return false;
      let min = Infinity;
      let max = -Infinity;
      for (let i = 0; i < STEADY_READINGS; i += 1) {
        min = Math.min(min, ring[i]);
        max = Math.max(max, ring[i]);
      }
      return max - min < STEADY_SPREAD_CENTS;
    },
  };
}
