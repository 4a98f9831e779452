/**
 * Long-tone sub-scores beside the hold score of `scoring.ts`: drift, the sag (or rise) over a held
 * note that a teacher hears at the end of a breath. Pure.
 */

/** Long-tone sub-scores: centring, steadiness and drift (the sag at the end of a breath). */
export interface HoldSubScores {
  pitch: number | null;
  steadiness: number | null;
  drift: number | null;
}

/** Drift over the hold: 100 up to 5 ¢, 0 at 40 ¢ (a sag a listener hears as going flat). */
export function driftCurve(driftCents: number): number {
  return Math.round(100 * Math.min(1, Math.max(0, 1 - (Math.abs(driftCents) - 5) / 35)));
}

/** One line about drift when it is what stands out, else null. */
export function driftAdvice(driftCents: number | null): string | null {
  if (driftCents === null || Math.abs(driftCents) <= 8) return null;
  return driftCents < 0
    ? `Sagged ${Math.round(-driftCents)} ¢ by the end: keep the air support to the end of the breath.`
    : `Rose ${Math.round(driftCents)} ¢ by the end: relax as the breath runs out, don't pinch.`;
}
