/**
 * Transposition practice: reading a part written for another trumpet (C, D, E♭, F, A) on your own,
 * as orchestral players do. The part's notes sound what they sound on ITS instrument, so an
 * exercise scores against those sounding pitches; the player transposes by the interval between
 * the two instruments (trumpet.md "Transposition"): a C part on a B♭ trumpet is played a major 2nd
 * higher than written.
 */
import { INTERVALS } from './scales';
import { getInstrument, type InstrumentId } from './transposition';

/** Trumpets whose parts a player practises reading (the usual orchestral keys). */
export const PART_INSTRUMENTS: readonly InstrumentId[] = [
  'c-trumpet',
  'd-trumpet',
  'eb-trumpet',
  'f-trumpet',
  'a-trumpet',
];

export interface PartTransposition {
  /** Semitones the player moves every written note (positive = higher). */
  semitones: number;
  /** Letters moved, same sign: a major 2nd is 1. */
  letterSteps: number;
  /** "Part for C trumpet on your B♭ trumpet: play every note a major 2nd higher than written." */
  text: string;
}

/**
 * How a player on `player` reads a part for `part`: the interval is the part's sounding offset
 * minus the player's, in semitones and in letters (so it has a name: a major 3rd, not 4 semitones).
 */
export function partTransposition(part: InstrumentId, player: InstrumentId): PartTransposition {
  const p = getInstrument(part);
  const me = getInstrument(player);
  const semitones = p.concertOffsetSemitones - me.concertOffsetSemitones;
  const letterSteps = p.concertOffsetLetters - me.concertOffsetLetters;
  const head = `Part for ${p.name} on your ${me.name}`;
  if (semitones === 0) {
    return { semitones, letterSteps, text: `${head}: play it as written.` };
  }
  const interval = INTERVALS.find(
    (i) => i.semitones === Math.abs(semitones) && i.letterSteps === Math.abs(letterSteps),
  );
  const size = interval ? interval.name : `${Math.abs(semitones)} semitones`;
  const way = semitones > 0 ? 'higher' : 'lower';
  return {
    semitones,
    letterSteps,
    text: `${head}: play every note ${/^[aeiou]/i.test(size) ? 'an' : 'a'} ${size} ${way} than written.`,
  };
}
