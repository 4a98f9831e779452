/**
 * Which drone frequencies the canceller must subtract now, derived from what the session's drones
 * actually make sound: held voices, and voices fading out (a release, or the old pitch of a
 * glide) until their sound can no longer be in an analysis window. Pure, so it is unit-tested.
 */
import { MAX_DRONE_VOICES } from '../worklet/drone-canceller';

/**
 * After a voice stops sounding at the speaker, its sound still reaches the analysis for the
 * output latency (added by the session from the context), the input latency (Chromium reports
 * ~10–20 ms) and one analysis window (4096 samples: 93 ms at 44.1 kHz), plus the message hop to
 * the worklet: 0.25 s covers these with margin. Cancelling a partial that has gone costs little
 * (its fitted amplitude is ~0).
 */
export const CANCEL_TAIL_MARGIN_MS = 250;

/** One frequency a drone makes sound, until `untilMs` (performance.now() timeline; Infinity: held). */
export interface SoundingPartial {
  hz: number;
  untilMs: number;
}

/**
 * Frequencies to cancel at `nowMs`: held ones first, then fading ones latest-ending first, the
 * same frequency once, at most MAX_DRONE_VOICES (what the canceller fits).
 */
export function cancellationHz(sounding: Iterable<SoundingPartial>, nowMs: number): number[] {
  const live = [...sounding].filter((p) => p.untilMs > nowMs);
  live.sort((a, b) => (a.untilMs === b.untilMs ? 0 : a.untilMs > b.untilMs ? -1 : 1));
  const out: number[] = [];
  for (const { hz } of live) {
    if (out.length === MAX_DRONE_VOICES) break;
    if (!out.some((f) => Math.abs(f - hz) < 1e-6 * hz)) out.push(hz);
  }
  return out;
}

/** The earliest finite end after `nowMs`, or null (when to look again). */
export function nextExpiryMs(sounding: Iterable<SoundingPartial>, nowMs: number): number | null {
  let next: number | null = null;
  for (const { untilMs } of sounding) {
    if (untilMs > nowMs && Number.isFinite(untilMs) && (next === null || untilMs < next)) {
      next = untilMs;
    }
  }
  return next;
}

export function sameFrequencies(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((hz, i) => hz === b[i]);
}
