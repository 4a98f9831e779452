/**
 * The in-tune bands a player or a teacher sets, ±cents: one range for every screen, and one band
 * for moving notes wherever they are graded (scales, articulation, pieces). The tuner's own ±5 ¢
 * (`settings.inTuneCents`) is for a needle on one held note, not a grade of a melody (issue 37,
 * U8: pieces graded at ±5 ¢ flagged every note of a tune 6–7 ¢ sharp).
 */

/** In-tune band a player may choose for any exercise or piece, ±cents. */
export const IN_TUNE_BAND_RANGE = { min: 3, max: 30 } as const;

/**
 * Moving notes are judged on their centre, which a teacher hears so: ±15 ¢ (a scale's, an
 * articulation study's and a piece's default).
 */
export const MOVING_NOTES_BAND_CENTS = 15;

/** Why a band cannot be used ("The in-tune band must be ±3–30 ¢."), or null when it can. */
export function inTuneBandProblem(cents: number): string | null {
  const { min, max } = IN_TUNE_BAND_RANGE;
  return Number.isFinite(cents) && cents >= min && cents <= max
    ? null
    : `The in-tune band must be ±${min}–${max} ¢.`;
}
