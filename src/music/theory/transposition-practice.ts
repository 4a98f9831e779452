/**
 * Transposition practice: reading a part written for another trumpet (B♭, C, D, E♭, E, F, A) on
 * your own,
 * as orchestral players do. The part's notes sound what they sound on ITS instrument, so an
 * exercise scores against those sounding pitches; the player transposes by the interval between
 * the two instruments (trumpet.md "Transposition"): a C part on a B♭ trumpet is played a major 2nd
 * higher than written.
 */
import { getInstrument, type InstrumentId } from './transposition';

/**
 * Trumpets whose parts a player practises reading (the usual orchestral keys). B♭ is the part a
 * C-trumpet player reads most (band and jazz parts, much of the orchestral repertoire); E parts
 * come up in Brahms, Verdi and Hummel's concerto (teacher reading 3, U19).
 */
export const PART_INSTRUMENTS: readonly InstrumentId[] = [
  'bb-trumpet',
  'c-trumpet',
  'd-trumpet',
  'eb-trumpet',
  'e-trumpet',
  'f-trumpet',
  'a-trumpet',
];

/** The parts worth practising on `player`: those that are not simply read as written on it. */
export function partsToTranspose(player: InstrumentId): InstrumentId[] {
  const own = getInstrument(player).concertOffsetSemitones;
  return PART_INSTRUMENTS.filter((id) => getInstrument(id).concertOffsetSemitones !== own);
}

/**
 * The picker's first choice, the player's own part: "Your B♭ trumpet"; on concert pitch, which is
 * no trumpet, "C trumpet (concert pitch)", the part a concert-pitch reader plays as written.
 */
export function ownPartLabel(player: InstrumentId): string {
  return player === 'concert' ? 'C trumpet (concert pitch)' : `Your ${getInstrument(player).name}`;
}

export interface PartTransposition {
  /** Semitones the player moves every written note (positive = higher). */
  semitones: number;
  /** Letters moved, same sign: a major 2nd is 1. */
  letterSteps: number;
  /** "Part for C trumpet on your B♭ trumpet: play every note a major 2nd higher than written." */
  text: string;
}

/** Semitones of the major or perfect interval on each number within the octave (unison..7th). */
const MAJOR_OR_PERFECT_SEMITONES = [0, 2, 4, 5, 7, 9, 11];
/** Unisons, 4ths and 5ths (and their compounds) are perfect; the rest major or minor. */
const PERFECT_NUMBERS = new Set([0, 3, 4]);

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/**
 * An interval named by arithmetic on letters and semitones, as a teacher says it: 6 semitones
 * over 4 letters is a diminished 5th (over 3, an augmented 4th), 13 over 8 a minor 9th, 12 over 7
 * an octave. The number is the letters + 1; the quality is how far the semitones are from the
 * major or perfect interval of that number. Both arguments are sizes (not negative).
 */
export function intervalNameOf(letterSteps: number, semitones: number): string {
  if (!Number.isInteger(letterSteps) || !Number.isInteger(semitones) || letterSteps < 0) {
    throw new RangeError(`an interval needs whole letters ≥ 0, got ${letterSteps}/${semitones}`);
  }
  const simple = letterSteps % 7;
  const octaves = Math.floor(letterSteps / 7);
  const off = semitones - (MAJOR_OR_PERFECT_SEMITONES[simple] + 12 * octaves);
  const perfect = PERFECT_NUMBERS.has(simple);
  const quality = perfect
    ? { [-1]: 'diminished', 0: 'perfect', 1: 'augmented' }[off]
    : { [-2]: 'diminished', [-1]: 'minor', 0: 'major', 1: 'augmented' }[off];
  if (quality === undefined) {
    throw new RangeError(`${semitones} semitones over ${letterSteps} letters has no plain name`);
  }
  const number = letterSteps + 1;
  if (quality === 'perfect' && number === 1) return 'unison';
  if (quality === 'perfect' && number === 8) return 'octave';
  return `${quality} ${ordinal(number)}`;
}

/** "a minor 9th", "an augmented 4th", "an octave": the article a teacher says. */
const withArticle = (name: string): string => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

/**
 * How a player on `player` reads a part for `part`: the interval is the part's sounding offset
 * minus the player's, in semitones and in letters (so it has a name: a major 3rd, not 4
 * semitones; a diminished 5th, not "6 semitones"). Concert pitch reads as a C trumpet does.
 */
export function partTransposition(part: InstrumentId, player: InstrumentId): PartTransposition {
  const p = getInstrument(part);
  const me = getInstrument(player);
  const semitones = p.concertOffsetSemitones - me.concertOffsetSemitones;
  const letterSteps = p.concertOffsetLetters - me.concertOffsetLetters;
  // "on your Concert pitch" is not a trumpet: concert pitch is what a C trumpet reads.
  const head = `Part for ${p.name} ${player === 'concert' ? 'on a C trumpet' : `on your ${me.name}`}`;
  if (semitones === 0) {
    return { semitones, letterSteps, text: `${head}: play it as written.` };
  }
  const size = intervalNameOf(Math.abs(letterSteps), Math.abs(semitones));
  const way = semitones > 0 ? 'higher' : 'lower';
  return {
    semitones,
    letterSteps,
    text: `${head}: play every note ${withArticle(size)} ${way} than written.`,
  };
}
