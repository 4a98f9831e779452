import { describe, expect, it } from 'vitest';
import { parseSpelledNote, spelledNoteName, spelledToMidi, SPELLINGS, type Letter } from './notes';
import {
  intervalFrom,
  spellWrittenAndConcert,
  transposeSpelled,
  writtenAndConcertNames,
} from './spelling';
import { INSTRUMENTS, type InstrumentId } from './transposition';

const LETTERS: readonly Letter[] = ['C', 'D', 'E', 'F', 'G', 'A', 'B'];

/**
 * The interval each instrument sounds, read from its words in trumpet.md's table ("sounds a major
 * 2nd lower"), turned into letters and semitones by interval arithmetic: an n-th moves n − 1
 * letters; a perfect/major interval has the semitones of the major scale degree, a minor one one
 * fewer. Nothing here copies the instrument table's numbers.
 */
const MAJOR_SCALE_SEMITONES = [0, 2, 4, 5, 7, 9, 11];
function intervalOf(text: string): { letters: number; semitones: number } {
  if (text === 'sounds as written' || text === 'shows sounding pitch') {
    return { letters: 0, semitones: 0 };
  }
  const match = /^sounds an? (major|minor|perfect) (\d)(?:st|nd|rd|th) (higher|lower)$/.exec(text);
  if (!match) throw new Error(`cannot read interval "${text}"`);
  const [, quality, numberText, direction] = match;
  const letters = Number(numberText) - 1;
  const semitones = MAJOR_SCALE_SEMITONES[letters] - (quality === 'minor' ? 1 : 0);
  const sign = direction === 'higher' ? 1 : -1;
  return { letters: sign * letters, semitones: sign * semitones };
}

const letterIndex = (letter: Letter, octave: number): number =>
  (octave + 1) * 7 + LETTERS.indexOf(letter);

describe('written → concert spelling, every instrument × 12 pitch classes × 3 spellings', () => {
  for (const instrument of INSTRUMENTS) {
    it(`${instrument.name}: the concert note is the written note moved by the interval, letter and pitch`, () => {
      const { letters, semitones } = intervalOf(instrument.transpositionText);
      expect(instrument.concertOffsetSemitones).toBe(semitones);
      for (const spelling of SPELLINGS) {
        for (let writtenMidi = 60; writtenMidi < 72; writtenMidi++) {
          const { written, concert } = spellWrittenAndConcert(writtenMidi, instrument.id, spelling);
          const where = `${instrument.id} ${spelling} ${spelledNoteName(written)}`;
          expect(spelledToMidi(written), where).toBe(writtenMidi);
          expect(spelledToMidi(concert), where).toBe(writtenMidi + semitones);
          const moved = transposeSpelled(written, letters, semitones);
          const whiteKey = ['E♯', 'B♯', 'C♭', 'F♭'].includes(
            spelledNoteName(moved).replace(/-?\d+$/, ''),
          );
          if (whiteKey) {
            // No key in force: concert F, not E♯ (issue 22 row 8).
            expect(concert.accidental, where).toBe(0);
          } else {
            expect(
              letterIndex(concert.letter, concert.octave) -
                letterIndex(written.letter, written.octave),
              where,
            ).toBe(letters);
          }
          // Readable: never a double sharp or flat on either side.
          expect(Math.abs(written.accidental), where).toBeLessThanOrEqual(1);
          expect(Math.abs(concert.accidental), where).toBeLessThanOrEqual(1);
        }
      }
    });
  }

  it('keeps the preferred written spelling unless the concert would need a double accidental', () => {
    for (const instrument of INSTRUMENTS) {
      for (const spelling of SPELLINGS) {
        for (let midi = 60; midi < 72; midi++) {
          const pair = spellWrittenAndConcert(midi, instrument.id, spelling);
          const preferred = spellWrittenAndConcert(midi, 'c-trumpet', spelling).written;
          if (pair.written.letter !== preferred.letter) {
            // Changed only because the preferred one would sound a double accidental.
            const moved = transposeSpelled(
              preferred,
              instrument.concertOffsetLetters,
              instrument.concertOffsetSemitones,
            );
            expect(Math.abs(moved.accidental)).toBe(2);
          }
        }
      }
    }
  });

  // The cases from issue 10, as a player reads them.
  it.each<[InstrumentId, string, string]>([
    ['bb-trumpet', 'B♭4', 'A♭4'],
    ['eb-trumpet', 'B♭4', 'D♭5'],
    ['a-trumpet', 'F♯4', 'D♯4'],
    ['bb-piccolo', 'B♭4', 'A♭5'],
    ['bb-trumpet', 'F♯4', 'E4'],
    ['bb-trumpet', 'C♯5', 'B4'],
    ['bb-trumpet', 'E♭4', 'D♭4'],
    // Issue 22 row 8: plain concert names where the interval gives E♯, B♯, C♭ or F♭.
    ['a-trumpet', 'G♯4', 'F4'],
    ['bb-trumpet', 'C♯5', 'B4'],
  ])('%s written %s sounds concert %s', (id, written, concert) => {
    const midi = spelledToMidi(
      parseSpelledNote(written) ?? { letter: 'C', accidental: 0, octave: 0 },
    );
    expect(writtenAndConcertNames(midi, id).written).toBe(written);
    expect(writtenAndConcertNames(midi, id).concert).toBe(concert);
  });

  it('plain concert names with flats too: E♭ trumpet written A♭4 is concert B4, not C♭5', () => {
    expect(writtenAndConcertNames(68, 'eb-trumpet', 'flats')).toEqual({
      written: 'A♭4',
      concert: 'B4',
    });
    expect(writtenAndConcertNames(68, 'a-trumpet', 'sharps')).toEqual({
      written: 'G♯4',
      concert: 'F4',
    });
  });

  it('spells untransposed notes by the preference', () => {
    expect(writtenAndConcertNames(70, 'concert', 'sharps')).toEqual({
      written: 'A♯4',
      concert: 'A♯4',
    });
    expect(writtenAndConcertNames(66, 'concert', 'flats')).toEqual({
      written: 'G♭4',
      concert: 'G♭4',
    });
    expect(writtenAndConcertNames(68, 'bb-trumpet', 'flats', true)).toEqual({
      written: 'Ab4',
      concert: 'Gb4',
    });
  });
});

describe('intervals spelled by interval, up and down', () => {
  const B3flat = { letter: 'B', accidental: -1, octave: 3 } as const;
  it('a minor 2nd above B♭3 is C♭4, not B3', () => {
    expect(
      spelledNoteName(
        intervalFrom(B3flat, { name: 'minor 2nd', letterSteps: 1, semitones: 1 }, 'up'),
      ),
    ).toBe('C♭4');
  });
  it('a major 3rd below D4 is B♭3 and a perfect 5th below B♭3 is E♭3', () => {
    const D4 = { letter: 'D', accidental: 0, octave: 4 } as const;
    expect(
      spelledNoteName(
        intervalFrom(D4, { name: 'major 3rd', letterSteps: 2, semitones: 4 }, 'down'),
      ),
    ).toBe('B♭3');
    expect(
      spelledNoteName(
        intervalFrom(B3flat, { name: 'perfect 5th', letterSteps: 4, semitones: 7 }, 'down'),
      ),
    ).toBe('E♭3');
  });
  it('refuses an interval that would need a triple accidental', () => {
    expect(() => transposeSpelled({ letter: 'F', accidental: -1, octave: 4 }, 1, -1)).toThrow(
      RangeError,
    );
  });
});
