/**
 * The key's tonic for a drone: the written key signature (fifths, mode) of the piece's start,
 * its name as written and its sounding pitch an octave or so below the trumpet (concert C3–B3),
 * where a drone supports the tuning without covering the player.
 */
import type { Score } from '../music';

const MAJOR = ['C♭', 'G♭', 'D♭', 'A♭', 'E♭', 'B♭', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F♯', 'C♯'];
const MINOR = ['A♭', 'E♭', 'B♭', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F♯', 'C♯', 'G♯', 'D♯', 'A♯'];
/** Lowest concert MIDI of the drone's octave (C3). */
const DRONE_FLOOR_MIDI = 48;

export interface Tonic {
  /** Written name of the tonic ("B♭ major", "F♯ minor"), with the mode. */
  readonly name: string;
  /** The written tonic alone ("B♭"), as a result names the drone (U5). */
  readonly rootName: string;
  /** Sounding pitch of the drone, MIDI (C3..B3). */
  readonly concertMidi: number;
}

export function tonicOf(score: Score): Tonic {
  const key = score.keys[0]?.value ?? { fifths: 0, mode: 'major' as const };
  const fifths = Math.max(-7, Math.min(7, key.fifths));
  const minor = key.mode === 'minor';
  // Major tonic: 7 semitones per fifth from C; the relative minor is 3 semitones below.
  const writtenPc = (((fifths * 7 + (minor ? 9 : 0)) % 12) + 12) % 12;
  const concertPc = (((writtenPc + score.transposition.semitones) % 12) + 12) % 12;
  const rootName = (minor ? MINOR : MAJOR)[fifths + 7];
  return {
    name: `${rootName} ${minor ? 'minor' : 'major'}`,
    rootName,
    concertMidi: DRONE_FLOOR_MIDI + concertPc,
  };
}
