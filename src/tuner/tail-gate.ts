import type { PitchReading } from '../audio/stream/pitch-service-types';
import { sameNote as samePitch } from '../audio/stream/reading';

/*
 * A noise gate that follows the room (issue 23 row 5). After a note stops, the room keeps ringing
 * for a few hundred ms 25–35 dB down (−46 to −50 dBFS after a note at about −18), and the pitch
 * engine can name a wrong note in that tail (G3 after B5, F♯3 after D6). A reading of another
 * note this far below the last note's level is the room, not the player: it is not shown. The
 * last note's level decays slowly (a phrase may fade), and once the room is back at its own floor
 * the tail is over and any note counts again.
 */

/** A different note this many dB below the last note's peak is the room's tail. */
export const TAIL_DROP_DB = 20;
/** The last note's peak level falls by this much a second (a fading phrase is followed). */
export const PEAK_DECAY_DB_PER_S = 6;
/** The room's floor (its quietest level lately) may rise this fast: it follows a noisier room. */
export const FLOOR_RISE_DB_PER_S = 3;
/** Within this many dB of the floor the room is quiet: the tail is over. */
export const QUIET_ABOVE_FLOOR_DB = 6;

export interface TailGate {
  /** False when the reading's note is the room's tail of the last note (do not show it). */
  shows(reading: Pick<PitchReading, 'hz' | 'noteHz' | 'levelDb' | 'timeMs'>): boolean;
  reset(): void;
}

export function createTailGate(): TailGate {
  let peakDb = Number.NEGATIVE_INFINITY;
  let peakHz = 0;
  let peakAtMs = 0;
  let floorDb = Number.POSITIVE_INFINITY;
  let lastMs = Number.NaN;
  return {
    shows({ hz, noteHz, levelDb, timeMs }) {
      const dtS = Number.isFinite(lastMs) ? Math.max(0, timeMs - lastMs) / 1000 : 0;
      lastMs = timeMs;
      floorDb = Math.min(levelDb, floorDb + FLOOR_RISE_DB_PER_S * dtS);
      if (!(hz > 0 && noteHz > 0)) {
        if (levelDb <= floorDb + QUIET_ABOVE_FLOOR_DB) peakDb = Number.NEGATIVE_INFINITY;
        return true;
      }
      const peakNowDb = peakDb - (PEAK_DECAY_DB_PER_S * Math.max(0, timeMs - peakAtMs)) / 1000;
      // The same pitch as the last note's, whether or not it is the same note-on: a re-attack of
      // the note just played is never the room's tail of another.
      const sameNote = samePitch(noteHz, peakHz);
      if (!sameNote && levelDb < peakNowDb - TAIL_DROP_DB) return false;
      if (!sameNote || levelDb >= peakNowDb) {
        peakDb = sameNote ? Math.max(peakNowDb, levelDb) : levelDb;
        peakHz = noteHz;
        peakAtMs = timeMs;
      }
      return true;
    },
    reset() {
      peakDb = Number.NEGATIVE_INFINITY;
      peakHz = 0;
      floorDb = Number.POSITIVE_INFINITY;
      lastMs = Number.NaN;
    },
  };
}
