/**
 * Grading against a drone (issue 37, U5): with a drone sounding, the note a player should aim
 * for is the just interval over its root, the one the tuner shows against that drone ("A4 as the
 * 6th of C: aim −16 ¢"), not equal temperament. One decision for every screen that grades over a
 * drone (the scales' drone, the pieces' "Drone on the tonic"): the tuner's own
 * `intonationTarget`, so the grade and the tuner can never disagree.
 */
import { intonationTarget, type DroneHarmony } from './temperament';
import { spelledNoteName, type SpelledNote } from './notes';

/** A drone sounding while a passage is played. */
export interface DroneReference {
  /** The drone's root, concert MIDI (any octave: an interval is the same in every octave). */
  readonly rootConcertMidi: number;
  /** What it sounds besides the root (a major 3rd makes a minor 7th the dominant's, −31 ¢). */
  readonly harmony?: DroneHarmony;
  /** The root as the drone's control names it ("C", "B♭"): written or concert, as shown there. */
  readonly name: string;
}

/** Where a (concert) note should sit over the drone, cents from equal temperament. */
export function droneAimCents(concertMidi: number, drone: DroneReference): number {
  return intonationTarget(concertMidi, drone.rootConcertMidi, 'just', drone.harmony).offsetCents;
}

/** The line a result carries when it was graded against a drone. */
export function droneJudgedText(drone: DroneReference): string {
  return `Judged in just intonation against the ${drone.name} drone.`;
}

/** A note's name without its octave ("B♭", "F♯"), as a key or a drone is named. */
export function pitchNameOf(note: SpelledNote): string {
  return spelledNoteName(note).replace(/-?\d+$/, '');
}
