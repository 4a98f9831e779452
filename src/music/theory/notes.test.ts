import { describe, expect, it } from 'vitest';
import {
  hzToMidi,
  midiOf,
  midiToHz,
  noteName,
  parseNoteName,
  pitchClassName,
  spellMidi,
  validateA4Hz,
} from './notes';

describe('midiToHz / hzToMidi', () => {
  // Equal-tempered frequencies at A4 = 440 Hz, as printed in any tuning chart.
  it.each([
    [69, 440, 440],
    [60, 440, 261.63],
    [58, 440, 233.08], // concert B♭3: written C4 on a B♭ trumpet
    [70, 440, 466.16], // concert B♭4, the band tuning note
    [52, 440, 164.81], // concert E3: written F♯3 on a B♭ trumpet, the lowest regular note
    [82, 440, 932.33], // concert B♭5: written C6, high C
    [69, 442, 442],
    [57, 442, 221],
    [69, 415, 415],
  ])('MIDI %d at A4 %d Hz is %d Hz', (midi, a4Hz, hz) => {
    expect(midiToHz(midi, a4Hz)).toBeCloseTo(hz, 2);
  });

  it('round-trips MIDI → Hz → MIDI over the whole keyboard and the reference range', () => {
    for (const a4Hz of [415, 430, 440, 442, 466]) {
      for (let midi = 0; midi <= 127; midi += 0.25) {
        expect(hzToMidi(midiToHz(midi, a4Hz), a4Hz)).toBeCloseTo(midi, 9);
      }
    }
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'hzToMidi(%d) is NaN, not a note',
    (hz) => {
      expect(hzToMidi(hz)).toBeNaN();
    },
  );

  it.each([414.9, 466.1, 0, Number.NaN, 880])('rejects A4 = %d Hz and names the range', (a4Hz) => {
    expect(() => validateA4Hz(a4Hz)).toThrow(/between 415 and 466 Hz/);
    expect(() => midiToHz(60, a4Hz)).toThrow(RangeError);
  });

  it.each([415, 440, 466])('accepts A4 = %d Hz', (a4Hz) => {
    expect(validateA4Hz(a4Hz)).toBe(a4Hz);
  });
});

describe('noteName', () => {
  // Default spelling follows the trumpet fingering chart: C♯, E♭, F♯, G♯, B♭.
  it.each([
    [60, 'C4'],
    [61, 'C♯4'],
    [62, 'D4'],
    [63, 'E♭4'],
    [64, 'E4'],
    [65, 'F4'],
    [66, 'F♯4'],
    [67, 'G4'],
    [68, 'G♯4'],
    [69, 'A4'],
    [70, 'B♭4'],
    [71, 'B4'],
    [54, 'F♯3'],
    [84, 'C6'],
    [96, 'C7'],
    [59, 'B3'],
    [0, 'C-1'],
    [127, 'G9'],
  ])('MIDI %d is %s', (midi, name) => {
    expect(noteName(midi)).toBe(name);
  });

  it.each([
    [61, 'C♯4', 'D♭4'],
    [63, 'D♯4', 'E♭4'],
    [66, 'F♯4', 'G♭4'],
    [68, 'G♯4', 'A♭4'],
    [70, 'A♯4', 'B♭4'],
    [60, 'C4', 'C4'],
  ])('MIDI %d is %s with sharps and %s with flats', (midi, sharp, flat) => {
    expect(noteName(midi, { spelling: 'sharps' })).toBe(sharp);
    expect(noteName(midi, { spelling: 'flats' })).toBe(flat);
  });

  it('writes ASCII accidentals on request', () => {
    expect(noteName(70, { ascii: true })).toBe('Bb4');
    expect(noteName(66, { ascii: true })).toBe('F#4');
  });

  it('names the pitch class without octave', () => {
    expect(pitchClassName(58)).toBe('B♭');
    expect(pitchClassName(-2)).toBe('B♭');
  });

  it('rejects fractional MIDI numbers', () => {
    expect(() => noteName(60.5)).toThrow(/integer/);
  });

  it('keeps the octave with the letter at the B/C boundary', () => {
    expect(spellMidi(59)).toEqual({ letter: 'B', accidental: 0, octave: 3 });
    expect(spellMidi(60)).toEqual({ letter: 'C', accidental: 0, octave: 4 });
  });
});

describe('parseNoteName', () => {
  it.each([
    ['C4', 60],
    ['c4', 60],
    ['Bb3', 58],
    ['B♭3', 58],
    ['bb3', 58],
    ['A#3', 58],
    ['A♯3', 58],
    ['F#3', 54],
    ['Gb3', 54],
    ['Cb4', 59], // C♭4 is the B just below C4
    ['B#3', 60],
    ['C##4', 62],
    ['Ebb4', 62],
    ['C-1', 0],
    [' G5 ', 79],
    ['C7', 96],
  ])('%s is MIDI %d', (text, midi) => {
    expect(parseNoteName(text)).toBe(midi);
  });

  it.each(['', 'H4', 'C', '4', 'C#', 'Cx4', 'C###4', 'C4.5', 'do4'])(
    '"%s" is not a note name',
    (text) => {
      expect(parseNoteName(text)).toBeNull();
    },
  );

  it('round-trips every MIDI number through every spelling, symbols and ASCII', () => {
    for (let midi = 0; midi <= 127; midi++) {
      for (const spelling of ['default', 'sharps', 'flats'] as const) {
        expect(parseNoteName(noteName(midi, { spelling }))).toBe(midi);
        expect(parseNoteName(noteName(midi, { spelling, ascii: true }))).toBe(midi);
      }
    }
  });

  it('midiOf throws on bad input and shows the expected format', () => {
    expect(midiOf('Eb4')).toBe(63);
    expect(() => midiOf('X9')).toThrow(/expected e.g. "C4"/);
  });
});
