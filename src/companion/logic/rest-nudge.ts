/**
 * The endurance nudge on the Progress tab: brass teachers say "rest as long as you play" (trumpet.md,
 * "A typical daily routine"), a rest share of 50 %. The share measured here is only approximate:
 * short breaths between notes count as rest (it reads high), and a break over 5 minutes ends the
 * session and counts as nothing (it reads low). So the nudge waits until the week's rest is
 * clearly short, under a third (less than half as long resting as playing), and until there is a
 * week's worth of playing to judge: a few minutes on the tuner say nothing about endurance.
 */

/** Below this share of rest (rest ÷ (rest + sound)) the tab says "rest more". */
export const REST_NUDGE_BELOW_RATIO = 1 / 3;
/** Minutes with sound in the last 7 days before the rest share is judged at all. */
export const REST_NUDGE_MIN_SOUND_MIN = 10;

/** The nudge, or null when the rest is fine or there is too little playing to tell. */
export function restNudge(weekRestRatio: number | null, weekSoundMin: number): string | null {
  if (weekRestRatio === null || weekSoundMin < REST_NUDGE_MIN_SOUND_MIN) return null;
  if (weekRestRatio >= REST_NUDGE_BELOW_RATIO) return null;
  return `You rested ${Math.round(weekRestRatio * 100)} % of the time this week: rest as long as you play, a minute off the face for each minute on, so the lips recover and stay flexible.`;
}
