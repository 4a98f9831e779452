/**
 * A score graded against a drone (issue 37, U5): each note's aim is its just interval over the
 * drone's root (theory/drone-intonation.ts), carried in the score note's `aimCents`, the one
 * mechanism the assessor already subtracts (a lip slur's 7th partial aims −31 ¢). A note that
 * already has an aim keeps it: a natural partial sits where the horn puts it, drone or not.
 */
import type { Score } from '../score/score-model';
import { spelledToMidi } from '../theory/notes';
import { droneAimCents, type DroneReference } from '../theory/drone-intonation';

export function scoreAgainstDrone(score: Score, drone: DroneReference | null | undefined): Score {
  if (!drone) return score;
  return {
    ...score,
    notes: score.notes.map((note) =>
      note.aimCents !== undefined
        ? note
        : {
            ...note,
            aimCents: droneAimCents(
              spelledToMidi(note.written) + score.transposition.semitones,
              drone,
            ),
          },
    ),
  };
}
