/**
 * Transposing instruments: trumpet players read written pitch, and each trumpet sounds its written
 * notes shifted by a fixed interval (trumpet.md, "Transposition"). A B♭ trumpet sounds a major 2nd
 * below written, so written C4 sounds concert B♭3 (233.08 Hz at A4 = 440 Hz).
 *
 * Everything user-facing is written pitch for the chosen instrument; detection works in concert
 * (sounding) pitch. These helpers convert between the two.
 */
import { NO_PITCH, nearestNote, type NoPitch } from './cents';
import { DEFAULT_A4_HZ, midiToHz } from './notes';

/** Stable instrument ids (persisted in settings and usable in URLs; never rename). */
export const INSTRUMENT_IDS = [
  'bb-trumpet',
  'c-trumpet',
  'd-trumpet',
  'eb-trumpet',
  'e-trumpet',
  'f-trumpet',
  'a-trumpet',
  'bb-piccolo',
  'a-piccolo',
  'concert',
] as const;

export type InstrumentId = (typeof INSTRUMENT_IDS)[number];

/** The default instrument: the B♭ trumpet nearly every player owns. */
export const DEFAULT_INSTRUMENT_ID: InstrumentId = 'bb-trumpet';

export interface Instrument {
  readonly id: InstrumentId;
  /** Display name with ♭/♯: "B♭ trumpet". */
  readonly name: string;
  /** Short label for tight spaces: "B♭", "Picc. A", "Concert". */
  readonly shortName: string;
  /** Sounding minus written pitch, semitones (B♭ trumpet: −2). */
  readonly concertOffsetSemitones: number;
  /**
   * Sounding minus written pitch in letter names (B♭ trumpet: −1, a 2nd down), so the concert note
   * is spelled by interval: written B♭4 on a B♭ trumpet sounds A♭4, not G♯4 (see spelling.ts).
   */
  readonly concertOffsetLetters: number;
  /** The interval in words, as trumpet.md gives it: "sounds a major 2nd lower". */
  readonly transpositionText: string;
  /** Other instruments that read the same way (cornet and flugelhorn are in B♭). */
  readonly alsoFor: readonly string[];
}

const INSTRUMENTS_BY_ID: Readonly<Record<InstrumentId, Instrument>> = {
  'bb-trumpet': {
    id: 'bb-trumpet',
    name: 'B♭ trumpet',
    shortName: 'B♭',
    concertOffsetSemitones: -2,
    concertOffsetLetters: -1,
    transpositionText: 'sounds a major 2nd lower',
    alsoFor: ['B♭ cornet', 'B♭ flugelhorn'],
  },
  'c-trumpet': {
    id: 'c-trumpet',
    name: 'C trumpet',
    shortName: 'C',
    concertOffsetSemitones: 0,
    concertOffsetLetters: 0,
    transpositionText: 'sounds as written',
    alsoFor: [],
  },
  'd-trumpet': {
    id: 'd-trumpet',
    name: 'D trumpet',
    shortName: 'D',
    concertOffsetSemitones: 2,
    concertOffsetLetters: 1,
    transpositionText: 'sounds a major 2nd higher',
    alsoFor: [],
  },
  'eb-trumpet': {
    id: 'eb-trumpet',
    name: 'E♭ trumpet',
    shortName: 'E♭',
    concertOffsetSemitones: 3,
    concertOffsetLetters: 2,
    transpositionText: 'sounds a minor 3rd higher',
    alsoFor: [],
  },
  // Orchestral parts in E (Brahms, Verdi, Hummel's concerto) are read on a C or B♭ trumpet.
  'e-trumpet': {
    id: 'e-trumpet',
    name: 'E trumpet',
    shortName: 'E',
    concertOffsetSemitones: 4,
    concertOffsetLetters: 2,
    transpositionText: 'sounds a major 3rd higher',
    alsoFor: [],
  },
  'f-trumpet': {
    id: 'f-trumpet',
    name: 'F trumpet',
    shortName: 'F',
    concertOffsetSemitones: 5,
    concertOffsetLetters: 3,
    transpositionText: 'sounds a perfect 4th higher',
    alsoFor: [],
  },
  'a-trumpet': {
    id: 'a-trumpet',
    name: 'A trumpet',
    shortName: 'A',
    concertOffsetSemitones: -3,
    concertOffsetLetters: -2,
    transpositionText: 'sounds a minor 3rd lower',
    alsoFor: [],
  },
  'bb-piccolo': {
    id: 'bb-piccolo',
    name: 'B♭ piccolo trumpet',
    shortName: 'Picc. B♭',
    concertOffsetSemitones: 10,
    concertOffsetLetters: 6,
    transpositionText: 'sounds a minor 7th higher',
    alsoFor: [],
  },
  'a-piccolo': {
    id: 'a-piccolo',
    name: 'A piccolo trumpet',
    shortName: 'Picc. A',
    concertOffsetSemitones: 9,
    concertOffsetLetters: 5,
    transpositionText: 'sounds a major 6th higher',
    alsoFor: [],
  },
  concert: {
    id: 'concert',
    name: 'Concert pitch',
    shortName: 'Concert',
    concertOffsetSemitones: 0,
    concertOffsetLetters: 0,
    transpositionText: 'shows sounding pitch',
    alsoFor: [],
  },
};

/** All instruments in picker order (B♭ first). */
export const INSTRUMENTS: readonly Instrument[] = INSTRUMENT_IDS.map((id) => INSTRUMENTS_BY_ID[id]);

/** Type guard for ids read from settings or URLs. */
export function isInstrumentId(value: unknown): value is InstrumentId {
  return typeof value === 'string' && (INSTRUMENT_IDS as readonly string[]).includes(value);
}

/** The instrument for an id; throws a RangeError listing the valid ids for anything else. */
export function getInstrument(id: string): Instrument {
  if (!isInstrumentId(id)) {
    throw new RangeError(`instrument must be one of ${INSTRUMENT_IDS.join(', ')}, got "${id}"`);
  }
  return INSTRUMENTS_BY_ID[id];
}

/** Sounding (concert) MIDI number of a written note on an instrument. */
export function writtenToConcertMidi(writtenMidi: number, instrumentId: InstrumentId): number {
  return writtenMidi + getInstrument(instrumentId).concertOffsetSemitones;
}

/** Written MIDI number that sounds a concert note on an instrument. */
export function concertToWrittenMidi(concertMidi: number, instrumentId: InstrumentId): number {
  return concertMidi - getInstrument(instrumentId).concertOffsetSemitones;
}

/** Sounding frequency of a written note, Hz (written C4 on B♭ trumpet at A4 440 → 233.08 Hz). */
export function writtenMidiToHz(
  writtenMidi: number,
  instrumentId: InstrumentId,
  a4Hz: number = DEFAULT_A4_HZ,
): number {
  return midiToHz(writtenToConcertMidi(writtenMidi, instrumentId), a4Hz);
}

/** A reading expressed as the nearest note in the instrument's written pitch. */
export interface WrittenNote {
  readonly hasPitch: true;
  /** The reading, Hz. */
  readonly hz: number;
  /** Nearest note in written pitch for the instrument (what the player reads and fingers). */
  readonly writtenMidi: number;
  /** The same note in concert pitch. */
  readonly concertMidi: number;
  /** Signed deviation, cents in [−50, +50); the same in written and concert pitch. */
  readonly cents: number;
  /** Equal-tempered sounding frequency of the nearest note, Hz. */
  readonly targetHz: number;
}

export type WrittenPitchEstimate = WrittenNote | NoPitch;

/**
 * Nearest written note for a sounding frequency (the tuner's main read-out). 0 Hz or any
 * non-finite value gives `NO_PITCH`.
 */
export function nearestWrittenNote(
  hz: number,
  instrumentId: InstrumentId,
  a4Hz: number = DEFAULT_A4_HZ,
): WrittenPitchEstimate {
  const offset = getInstrument(instrumentId).concertOffsetSemitones;
  const note = nearestNote(hz, a4Hz);
  if (!note.hasPitch) return NO_PITCH;
  return {
    hasPitch: true,
    hz,
    writtenMidi: note.midi - offset,
    concertMidi: note.midi,
    cents: note.cents,
    targetHz: note.targetHz,
  };
}

/**
 * Written C7 (double high C, the top strong players reach: ../shared/notes/trumpet.md "Range") plus a
 * whole tone of margin: above the sounding pitch of that, a reading is no trumpet note.
 */
export const HIGHEST_WRITTEN_MIDI_WITH_MARGIN = 96 + 2;

/** Sounding frequency above which a reading is not the instrument (a whistle, electronics), Hz. */
export function instrumentCeilingHz(
  instrumentId: InstrumentId,
  a4Hz: number = DEFAULT_A4_HZ,
): number {
  return writtenMidiToHz(HIGHEST_WRITTEN_MIDI_WITH_MARGIN, instrumentId, a4Hz);
}
