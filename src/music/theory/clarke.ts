/**
 * A Clarke-style technical study (after Herbert L. Clarke, Technical Studies for the Cornet, the
 * Second Study's shape): a major-scale fragment up a 5th and back, twice, landing on the tonic, in
 * one breath; then the same a half step lower, key after key. Fingers move, the air and the slur
 * stay even. Written pitch; each key is named as the player reads it (`fragmentKeyName`).
 */
import { fragmentKeyName, fragmentOf } from './fragments';
import { phrase, type Passage, type Subdivision } from './notation';
import type { Spelling } from './notes';
import { parseKeyName, type ScaleNote } from './scales';

export interface ClarkeOptions {
  /** The first key ("G"): its tonic starts the study, as high as the range allows. */
  key: string;
  /** Written range, MIDI: every note stays inside it. */
  lowMidi: number;
  highMidi: number;
  /** Keys played, 1..12 (default: as many half steps down as the range holds, at most 12). */
  keys?: number;
  spelling?: Spelling;
  subdivision?: Subdivision;
  /** Slurred (the study's way) or tongued. */
  slurred?: boolean;
}

/** Degrees of one key's figure: 1 2 3 4 5 4 3 2, twice, then the tonic. */
const FIGURE = [0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0];

/** The study's keys and notes, key by key (written pitch, spelled in each key). */
export function clarkeKeys(options: ClarkeOptions): { key: string; notes: ScaleNote[] }[] {
  const { lowMidi, highMidi } = options;
  if (!Number.isInteger(lowMidi) || !Number.isInteger(highMidi) || highMidi - lowMidi < 7) {
    throw new Error(
      `The range must hold a 5th (highMidi − lowMidi ≥ 7), got ${lowMidi}..${highMidi}.`,
    );
  }
  const most = options.keys ?? 12;
  if (!Number.isInteger(most) || most < 1 || most > 12) {
    throw new Error(`keys must be an integer from 1 to 12, got ${String(most)}.`);
  }
  const tonic = parseKeyName(options.key);
  const pitchClass =
    ({ C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }[tonic.letter] + tonic.accidental + 12) % 12;
  // The highest tonic of the key whose 5th is still in the range.
  let start = highMidi - 7;
  while (((start % 12) + 12) % 12 !== pitchClass) start--;
  if (start < lowMidi) {
    throw new Error(`No 5th above ${options.key} fits between MIDI ${lowMidi}..${highMidi}.`);
  }
  const keys: { key: string; notes: ScaleNote[] }[] = [];
  for (let tonicMidi = start; tonicMidi >= lowMidi && keys.length < most; tonicMidi--) {
    const key = keys.length === 0 ? options.key : fragmentKeyName(tonicMidi, options.spelling);
    const fragment = fragmentOf(key, tonicMidi);
    keys.push({ key, notes: FIGURE.map((d) => fragment[d]) });
  }
  return keys;
}

/**
 * The study as music: one phrase per key (its last note held, then a breath to the bar line), no
 * key signature (the key changes every phrase, so accidentals are written on the notes).
 */
export function clarkePassage(options: ClarkeOptions): Passage {
  const subdivision = options.subdivision ?? 2;
  return {
    beatsPerBar: 4,
    key: null,
    events: clarkeKeys(options).flatMap(({ notes }) =>
      phrase(notes, {
        subdivision,
        beatsPerBar: 4,
        slurred: options.slurred ?? true,
        lastNoteBeats: 2,
      }),
    ),
  };
}
