import { describe, expect, it } from 'vitest';
import { MAJOR_KEYS, MINOR_KEYS, spelledNoteName, transposeSpelled } from '../../music';
import { degreeNote, keyDisplayName, keySignatureOf, tonicOf } from './study-keys';

/** A major key's signature counted on its scale, built by intervals: the sum of its accidentals. */
const accidentalsOfMajorScale = (key: string): number =>
  [0, 2, 4, 5, 7, 9, 11]
    .map((semitones, letters) => transposeSpelled(tonicOf(key), letters, semitones))
    .reduce((sum, n) => sum + n.accidental, 0);

describe('key signatures of the studies', () => {
  it.each(MAJOR_KEYS.map((key) => key.replace('♯', '#').replace('♭', 'b')))(
    '%s major: fifths = the accidentals of its scale',
    (key) => {
      expect(keySignatureOf(key, 'major')).toEqual({
        fifths: accidentalsOfMajorScale(key),
        mode: 'major',
      });
    },
  );

  it.each(MINOR_KEYS.map((key) => key.replace('♯', '#').replace('♭', 'b')))(
    '%s minor: the signature of the major a minor 3rd above',
    (key) => {
      const relative = transposeSpelled(tonicOf(key), 2, 3);
      const relativeName = spelledNoteName(relative, true).slice(0, -1);
      expect(keySignatureOf(key, 'minor')).toEqual({
        fifths: accidentalsOfMajorScale(relativeName),
        mode: 'minor',
      });
    },
  );

  it('reaches seven sharps and flats and refuses a key beyond them', () => {
    expect(keySignatureOf('C#', 'major').fifths).toBe(7);
    expect(keySignatureOf('Cb', 'major').fifths).toBe(-7);
    expect(keySignatureOf('Ab', 'minor').fifths).toBe(-7);
    expect(() => keySignatureOf('G#', 'major')).toThrow(/more than 7/);
    expect(() => keySignatureOf('H', 'major')).toThrow(/not a key name/);
  });

  it('names keys as a player reads them', () => {
    expect(keyDisplayName('Bb', 'major')).toBe('B♭ major');
    expect(keyDisplayName('F#', 'minor')).toBe('F♯ minor');
  });
});

describe('scale degrees by interval', () => {
  it('spells each degree from its letter: E♭ major has A♭, never G♯; degrees wrap octaves', () => {
    const eFlat = { letter: 'E', accidental: -1, octave: 4 } as const;
    expect(
      [0, 1, 2, 3, 4, 5, 6, 7].map((d) => spelledNoteName(degreeNote(eFlat, d), true)),
    ).toEqual(['Eb4', 'F4', 'G4', 'Ab4', 'Bb4', 'C5', 'D5', 'Eb5']);
    const g = { letter: 'G', accidental: 0, octave: 4 } as const;
    expect(spelledNoteName(degreeNote(g, 8), true)).toBe('A5');
    expect(spelledNoteName(degreeNote(g, -1), true)).toBe('F#4');
    expect(
      spelledNoteName(degreeNote({ letter: 'A', accidental: 0, octave: 4 }, 5, 'minor'), true),
    ).toBe('F5');
  });
});
