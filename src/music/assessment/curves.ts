/**
 * The assessor's sub-score curves: each maps one measured deviation to 0..100, continuous and
 * monotone, with no step anywhere. A curve is flat (100) inside a tolerance a teacher would not
 * mention, then falls linearly to 0; the slope is capped so that one more cent or 10 ms never
 * costs more than `MAX_POINTS_PER_CENT` / `MAX_POINTS_PER_10_MS` points (issue 21: "a 1 ¢ step
 * can cost 60 points" was the old band cliff). The band setting widens or narrows the curve; it
 * never makes a cliff.
 */

/** Largest change of a pitch or steadiness score for one cent more deviation, points. */
export const MAX_POINTS_PER_CENT = 3;
/** Largest change of a timing score for 10 ms more deviation, points. */
export const MAX_POINTS_PER_10_MS = 3;

/** The pitch band a player sets (±cents around the target): 2..50. */
/** 1 ¢: the app's own in-tune setting goes down to ±1 ¢ (settings.ts IN_TUNE_CENTS_RANGE). */
export const MIN_BAND_CENTS = 1;
export const MAX_BAND_CENTS = 50;
export const DEFAULT_BAND_CENTS = 10;

export function validateBandCents(bandCents: number): number {
  if (!Number.isFinite(bandCents) || bandCents < MIN_BAND_CENTS || bandCents > MAX_BAND_CENTS) {
    throw new RangeError(
      `band must be ${MIN_BAND_CENTS}..${MAX_BAND_CENTS} cents, got ${String(bandCents)}`,
    );
  }
  return bandCents;
}

/** 100 up to `flat`, then linearly to 0 over `span` (both in the deviation's unit). */
function ramp(deviation: number, flat: number, span: number): number {
  const over = Math.max(0, Math.abs(deviation) - flat);
  return Math.max(0, 100 - (100 * over) / span);
}

/**
 * Pitch: the settled pitch's distance from the target, cents. Full marks inside half the band
 * (a steady tone a little off is a good tone that needs a nudge: trumpet.md "Saying it right"),
 * 0 at the band's half plus four bands (at ±10 ¢: 100 to ±5 ¢, 88 at ±10 ¢, 50 at ±25 ¢, 0 at
 * ±45 ¢), the slope capped at MAX_POINTS_PER_CENT.
 */
export function pitchScore(cents: number, bandCents: number): number {
  validateBandCents(bandCents);
  return ramp(cents, bandCents / 2, Math.max(100 / MAX_POINTS_PER_CENT, 4 * bandCents));
}

/**
 * Timing: how far the onset is from where it belonged, ms. Onsets within 30 ms sound together
 * (ensemble asynchronies of 30–50 ms go unnoticed: Rasch 1979).
 */
export const TIMING_FLAT_MS = 30;
/** 0 at 30 + 400 ms: 2.5 points per 10 ms, under the cap with room for the onset's own jitter. */
const TIMING_SPAN_MS = 400;
export function timingScore(offsetMs: number): number {
  return ramp(offsetMs, TIMING_FLAT_MS, TIMING_SPAN_MS);
}

/**
 * Steadiness: the time-weighted spread of the pitch inside the note (standard deviation, cents),
 * less what cracks cost. A ±25 ¢ wobble (spread ≈ 18 ¢) scores about 65 even when its average is
 * centred; a held tone's natural ripple (≤ 4 ¢) costs nothing.
 */
export const STEADY_FLAT_CENTS = 4;
const STEADY_SPAN_CENTS = 40;
export function steadinessScore(spreadCents: number, crackMs = 0): number {
  return Math.max(0, ramp(spreadCents, STEADY_FLAT_CENTS, STEADY_SPAN_CENTS) - crackCost(crackMs));
}

/**
 * What a crack costs the note's steadiness: 1 point per 5 ms of break, at most 70 (a crack is
 * named, with when; one crack never zeroes a note that was otherwise held).
 */
export function crackCost(crackMs: number): number {
  return Math.min(70, Math.max(0, crackMs) / 5);
}

/**
 * Evenness: a note's distance from the even pulse its run keeps (evenness.ts), ms. Costs timing
 * on top of its distance from the beat (a listener hears both: long-short eighths on the click
 * are still long-short), flat inside the onset's own jitter, then at the timing curve's cap
 * (3 points per 10 ms), so ±60 ms long-short eighths (120 ms behind on every off-beat) lose about
 * a third of those notes' timing (issue 37, U11: they scored 98).
 */
export const EVEN_FLAT_MS = 15;
const EVEN_SPAN_MS = 1000 / MAX_POINTS_PER_10_MS;
export function unevenCost(deviationMs: number): number {
  if (!Number.isFinite(deviationMs)) return 0;
  return 100 - ramp(deviationMs, EVEN_FLAT_MS, EVEN_SPAN_MS);
}

/**
 * What a crack costs the attempt, points off its overall (issue 37, U12: one 150 ms crack in the
 * Largo left it at 100): a listener hears a crack whatever the piece's length, so it is charged
 * to the attempt, not diluted over the notes — 1 point per 20 ms of break, at most 10 per crack
 * (a 150 ms crack costs 7.5), at most 40 in all.
 */
export const CRACK_POINTS_PER_20_MS = 1;
export const MAX_CRACK_POINTS = 10;
export const MAX_CRACKS_POINTS = 40;
export function attemptCrackCost(crackLengthsMs: readonly number[]): number {
  const each = crackLengthsMs.map((ms) =>
    Math.min(MAX_CRACK_POINTS, (CRACK_POINTS_PER_20_MS * Math.max(0, ms)) / 20),
  );
  return Math.min(
    MAX_CRACKS_POINTS,
    each.reduce((s, x) => s + x, 0),
  );
}

/**
 * What a scoop into a note costs its steadiness (issue 37, U9: a take scooped into every note
 * scored 100): its off-pitch area, as a slide from `cents` to the pitch over `ms` leaves it
 * (cents × ms / 2), 1 point per 300 ¢·ms, at most 20 (a slide from −60 ¢ over 150 ms costs 15).
 */
export function scoopCost(cents: number, ms: number): number {
  return Math.min(20, (Math.abs(cents) * Math.max(0, ms)) / 2 / 300);
}

/** Weights of the sub-scores in a note's and an attempt's overall score. */
export const ASSESSMENT_WEIGHTS = { pitch: 0.45, timing: 0.3, steadiness: 0.25 } as const;

export function weightedOverall(scores: {
  pitch: number;
  timing: number;
  steadiness: number;
}): number {
  return (
    ASSESSMENT_WEIGHTS.pitch * scores.pitch +
    ASSESSMENT_WEIGHTS.timing * scores.timing +
    ASSESSMENT_WEIGHTS.steadiness * scores.steadiness
  );
}

/**
 * A note with no time to keep (a long tone, an interval answer: the player starts when ready):
 * pitch and steadiness in the same proportion as `weightedOverall`, timing left out.
 */
export function untimedOverall(scores: { pitch: number; steadiness: number }): number {
  const { pitch, steadiness } = ASSESSMENT_WEIGHTS;
  return (pitch * scores.pitch + steadiness * scores.steadiness) / (pitch + steadiness);
}
