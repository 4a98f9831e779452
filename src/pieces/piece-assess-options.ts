/**
 * How a piece is graded, decided in one place for live practice and a graded recording: the
 * piece's own in-tune band (a teacher's assignment can set it), else the moving notes' ±15 ¢ that
 * scales use, never the tuner's ±5 ¢ needle band (issue 37, U8); the vibrato allowance for
 * lyrical music; and, with the drone on, the just intervals over the key's tonic (U5).
 */
import {
  MOVING_NOTES_BAND_CENTS,
  droneJudgedText,
  scoreAgainstDrone,
  type AssessOptions,
  type DroneReference,
  type Score,
} from '../music';
import type { PracticeSettings } from './piece-types';
import type { Tonic } from './tonic';

export function pieceAssessOptions(practice: PracticeSettings, a4Hz: number): AssessOptions {
  return {
    a4Hz,
    bandCents: practice.bandCents ?? MOVING_NOTES_BAND_CENTS,
    vibrato: practice.vibrato === true,
  };
}

/** The pieces' drone on the tonic (concert C3–B3), named as its control shows it (written). */
export function pieceDrone(tonic: Tonic): DroneReference {
  return { rootConcertMidi: tonic.concertMidi, name: tonic.rootName };
}

/**
 * The score to grade and what the result says about it: with the drone on, each note aimed at its
 * just interval over the tonic ("Judged in just intonation against the G drone.").
 */
export function gradedAgainst(
  score: Score,
  drone: DroneReference | null,
): { readonly score: Score; readonly judgedIn: string | null } {
  return drone
    ? { score: scoreAgainstDrone(score, drone), judgedIn: droneJudgedText(drone) }
    : { score, judgedIn: null };
}
