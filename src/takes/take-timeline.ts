/**
 * A take's readings and notes from the audio clock (ms of the context's frames) to the take's own
 * (ms from its first recorded sample). They are held on the audio clock until its origin is settled (the
 * audio frame of its first sample, measured within a second or so: `origin-aligner.ts`), then
 * converted chunk by chunk. Pure.
 */
import { READING_STRIDE, type TakeNote } from './take-format';

/** Readings from this long before the guessed origin are held until the origin is settled, ms. */
export const ORIGIN_MARGIN_MS = 100;

const round = (value: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/**
 * Packed readings (audio-clock ms first, READING_STRIDE numbers each) and notes (audio-clock ms) to ms
 * from `t0`: readings before it dropped, a note that began before it starting at 0.
 */
export function toTakeClock(
  readings: readonly number[],
  notes: readonly TakeNote[],
  t0: number,
): { readings: number[]; notes: TakeNote[] } {
  const out: number[] = [];
  for (let i = 0; i + READING_STRIDE <= readings.length; i += READING_STRIDE) {
    const timeMs = readings[i];
    if (timeMs < t0) continue;
    out.push(round(timeMs - t0, 1), ...readings.slice(i + 1, i + READING_STRIDE));
  }
  return {
    readings: out,
    notes: notes.map((n) => {
      const onsetMs = Math.max(0, n.onsetMs - t0);
      return {
        onsetMs: round(onsetMs, 1),
        offsetMs: round(Math.max(onsetMs, n.offsetMs - t0), 1),
        hz: n.hz,
      };
    }),
  };
}
