import { createPitchSmoother } from '../music';

/**
 * From raw readings to the Hz the tuner shows: a running median of 3 with a hold
 * (src/music/smoothing), plus, in fast mode, an onset gate. Pure and allocation-free, shared by the
 * page and `npm run bench:latency` (its "shown" column) so the bench measures what users see.
 *
 * Why the gate: fast mode analyses short (1024-sample) windows ~170 times a second, and on noise a
 * lone window sometimes looks periodic; shown alone after silence it would flash a random note.
 * Starting from "no signal", a pitch shows only once two consecutive readings agree within a
 * semitone (≈ 6–17 ms later in fast mode). Block mode's 4096-sample windows do not need it.
 */
export interface DisplayFilter {
  /** Feed a raw reading (0 = no pitch); returns the Hz to show now (0 = no signal). */
  push(hz: number, timeMs: number): number;
  reset(): void;
}

/** Median window and hold per mode (the hold bridges ~4 block readings, or a tongued gap). */
export function smootherOptionsFor(fastResponse: boolean): { windowSize: number; holdMs: number } {
  return fastResponse ? { windowSize: 3, holdMs: 250 } : { windowSize: 3, holdMs: 400 };
}

const SEMITONE_RATIO = 2 ** (1 / 12);

export function createDisplayFilter(fastResponse: boolean): DisplayFilter {
  const smoother = createPitchSmoother(smootherOptionsFor(fastResponse));
  let previousHz = 0;
  return {
    push(hz, timeMs) {
      const voiced = hz > 0 && Number.isFinite(hz);
      const candidate = previousHz;
      previousHz = voiced ? hz : 0;
      if (fastResponse && voiced && smoother.valueAt(timeMs) === 0) {
        const agrees =
          candidate > 0 && hz / candidate < SEMITONE_RATIO && candidate / hz < SEMITONE_RATIO;
        if (!agrees) return 0;
      }
      return smoother.push(voiced ? hz : 0, timeMs);
    },
    reset() {
      previousHz = 0;
      smoother.reset();
    },
  };
}
