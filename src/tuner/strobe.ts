/**
 * The strobe's motion, pure: like a Peterson strobe disc lit at the note's frequency, the pattern
 * drifts at a speed proportional to the frequency error — right when sharp, left when flat — and
 * stands still in tune. Each band moves at its own multiple of the base speed (a real strobe's
 * rings for higher harmonics turn faster), so the top band shows a few cents at a glance and the
 * bottom one stays readable far out of tune.
 */

/** Drift of the middle band, CSS px per second per cent (1 ¢ → one stripe every 4 s). */
export const STROBE_PX_PER_S_PER_CENT = 8;
/** One light + one dark stripe, CSS px. */
export const STROBE_PERIOD_PX = 32;
/** Speed multiples of the bands, top to bottom. */
export const STROBE_BAND_SPEEDS = [2, 1, 0.5] as const;

/** Drift speed of the middle band for an error in cents (px/s, signed: + moves right). */
export function strobeSpeedPxPerS(cents: number): number {
  return cents * STROBE_PX_PER_S_PER_CENT;
}

/**
 * Offset of a band's stripes in [0, period) for a drift `driftPx` of the middle band: what the
 * canvas draws. Pure so the drawing and its test agree.
 */
export function bandOffsetPx(driftPx: number, bandSpeed: number): number {
  const offset = (driftPx * bandSpeed) % STROBE_PERIOD_PX;
  return offset < 0 ? offset + STROBE_PERIOD_PX : offset;
}

/**
 * Advances the drift by one frame. Frames further apart than 100 ms (a tab in the background, a
 * stalled device) advance 100 ms at most, so the pattern never leaps.
 */
export function advanceDrift(driftPx: number, cents: number, dtMs: number): number {
  const dt = Math.min(Math.max(dtMs, 0), 100) / 1000;
  return driftPx + strobeSpeedPxPerS(cents) * dt;
}
