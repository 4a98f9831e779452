import type { PitchReading, ResponseMode } from '../audio/stream/pitch-service-types';
import { sameNote } from '../audio/stream/reading';
import { createPitchSmoother } from '../music';
import type { Damping } from '../settings';

/**
 * From the pitch stream to the Hz the tuner shows: a running median of 3 with a hold
 * (src/music/assessment/smoothing), fed only with readings of the note the stream says is sounding
 * (`onNote`), restarted when the pitch shown is not the same note (`sameNote`) as the reading's.
 * The onset gate is the stream's (`src/audio/stream/note-tracker.ts`): a pitch shows once the
 * stream has confirmed it as a note, and a reading of another pitch shows only once that pitch is
 * confirmed, so a lone pitched frame in noise or a flash of a neighbouring note in a slur never
 * reaches the display.
 * Pure and allocation-free, shared by the page and `npm run bench:latency` (its "shown" column) so
 * the bench measures what users see.
 */
export interface DisplayFilter {
  /** Feed a reading; returns the Hz to show now (0 = no signal). */
  push(reading: Pick<PitchReading, 'hz' | 'onNote' | 'timeMs'>): number;
  reset(): void;
}

/**
 * Median window and hold per mode (the hold bridges ~4 block readings, or a tongued gap). With
 * medium or heavy damping the cents follower does the smoothing and the median is left out: a
 * median of three readings of a vibrato beats against the analysis rate (10.8 readings/s at
 * 44.1 kHz against a 5 Hz vibrato's 10 Hz harmonic) and makes a slow wander that no damping removes.
 */
export function smootherOptionsFor(
  response: ResponseMode,
  damping: Damping = 'light',
): { windowSize: number; holdMs: number } {
  const windowSize = damping === 'medium' || damping === 'heavy' ? 1 : 3;
  return { windowSize, holdMs: response === 'fast' ? 250 : 400 };
}

export function createDisplayFilter(
  response: ResponseMode,
  damping: Damping = 'light',
): DisplayFilter {
  const smoother = createPitchSmoother(smootherOptionsFor(response, damping));
  return {
    push(reading) {
      if (!reading.onNote) return smoother.push(0, reading.timeMs);
      // A new note replaces the old one at once, not through the median of both. By pitch, not
      // by `noteId`: the stream may number a wide fast-mode vibrato as several notes, and the
      // median of the same pitch must go on through them.
      const shown = smoother.valueAt(reading.timeMs);
      if (shown > 0 && !sameNote(shown, reading.hz)) smoother.reset();
      return smoother.push(reading.hz, reading.timeMs);
    },
    reset() {
      smoother.reset();
    },
  };
}
