/**
 * "Is this the same note?", decided once for the whole input side: the audio thread (which result
 * is a new pitch, `accumulator.ts`), the note tracker (a reading of the held note,
 * `../stream/note-tracker.ts`) and every reading's `onNote` (`../stream/reading.ts`). Consumers
 * read `onNote` and `noteId` from the readings; the few that compare two pitches of their own
 * (the tuner's tail gate) call `sameNote`.
 *
 * Two pitches are one note when each is within a quarter tone (50 ¢) of the other: nearer to it
 * than to either equal-tempered neighbour. Lives in the worklet folder because the audio thread may
 * import only its own folder; allocation-free (two divisions), so it runs on the audio thread.
 */

/** A quarter tone as a frequency ratio, 2^(1/24) (50 ¢). */
export const QUARTER_TONE_RATIO = 2 ** (1 / 24);

/** Both pitched (> 0 Hz) and within a quarter tone of each other. */
export function sameNote(aHz: number, bHz: number): boolean {
  return aHz > 0 && bHz > 0 && aHz / bHz < QUARTER_TONE_RATIO && bHz / aHz < QUARTER_TONE_RATIO;
}
