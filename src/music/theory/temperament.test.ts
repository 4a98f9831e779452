import { describe, expect, it } from 'vitest';
import { midiOf, spelledNoteName, spelledToMidi, type SpelledNote } from './notes';
import { LETTERS, transposeSpelled } from './spelling';
import {
  chordToneHz,
  droneChordHz,
  intervalAbove,
  intonationTarget,
  JUST_INTERVALS,
  targetOffsetCents,
  targetText,
  formatAimCents,
} from './temperament';
import { INSTRUMENT_IDS, writtenMidiToHz, writtenToConcertMidi } from './transposition';

/** Just offset of the interval `semitones` above a root (any octave), cents. */
const just = (semitones: number) => targetOffsetCents(60 + semitones, 60, 'just');
const cents = (ratio: number) => 1200 * Math.log2(ratio);

describe('just offsets from the 5-limit ratios', () => {
  // Published values of the 5-limit just intervals against equal temperament (cents, 0.1).
  it.each([
    [0, 0.0],
    [1, 11.7], // 16/15
    [2, 3.9], // 9/8
    [3, 15.6], // 6/5
    [4, -13.7], // 5/4
    [5, -2.0], // 4/3
    [6, -9.8], // 45/32
    [7, 2.0], // 3/2
    [8, 13.7], // 8/5
    [9, -15.6], // 5/3
    [10, 17.6], // 9/5
    [11, -11.7], // 15/8
  ])('%i semitones above the root: %f ¢', (semitones, expected) => {
    expect(just(semitones)).toBeCloseTo(expected, 1);
  });

  // Interval arithmetic: stacking pure intervals adds their offsets, octaves are pure.
  it.each([
    ['3rd + minor 3rd = 5th (5/4 · 6/5 = 3/2)', just(4) + just(3), just(7)],
    ['5th + 4th = octave (pure)', just(7) + just(5), 0],
    ['two 5ths less an octave = 2nd (9/8)', 2 * just(7), just(2)],
    ['4th + 3rd = 6th (5/3)', just(5) + just(4), just(9)],
    ['5th + 3rd = 7th (15/8)', just(7) + just(4), just(11)],
    ['octave − 3rd = minor 6th (8/5)', -just(4), just(8)],
    ['octave − minor 3rd = 6th (5/3)', -just(3), just(9)],
    ['4th − 3rd = minor 2nd (16/15)', just(5) - just(4), just(1)],
    ['5th + minor 3rd = minor 7th (9/5)', just(7) + just(3), just(10)],
    ['2nd + 3rd = augmented 4th (45/32)', just(2) + just(4), just(6)],
  ])('%s', (_name, sum, expected) => {
    expect(sum).toBeCloseTo(expected, 9);
  });

  it('is the same in every octave, above and below the root', () => {
    for (const interval of JUST_INTERVALS) {
      for (const octave of [-3, -2, -1, 0, 1, 2, 3]) {
        const midi = 60 + interval.semitones + 12 * octave;
        expect(targetOffsetCents(midi, 60, 'just')).toBeCloseTo(just(interval.semitones), 9);
        expect(intervalAbove(midi, 60)).toBe(interval);
      }
    }
  });

  it('equal temperament aims every note at 0', () => {
    for (let midi = 40; midi < 100; midi++) expect(targetOffsetCents(midi, 58, 'equal')).toBe(0);
  });

  it('refuses fractional MIDI numbers with a message naming them', () => {
    expect(() => targetOffsetCents(60.5, 60, 'just')).toThrow(/midi must be an integer/);
    expect(() => chordToneHz(0, 4, 'just')).toThrow(/rootHz must be a positive/);
  });
});

describe('every instrument, every written root and note of the regular range', () => {
  const FIRST = midiOf('F♯3');
  const LAST = midiOf('C6');
  it.each(INSTRUMENT_IDS.map((id) => [id]))('%s: written and concert agree', (id) => {
    for (let root = FIRST; root <= LAST; root++) {
      const rootHz = writtenMidiToHz(root, id);
      for (let note = FIRST; note <= LAST; note++) {
        const concertOffset = targetOffsetCents(
          writtenToConcertMidi(note, id),
          writtenToConcertMidi(root, id),
          'just',
        );
        const offset = targetOffsetCents(note, root, 'just');
        expect(offset).toBeCloseTo(concertOffset, 9);
        // The target frequency is the root times the pure ratio (octaves pure).
        const targetHz = writtenMidiToHz(note, id) * 2 ** (offset / 1200);
        expect(cents(chordToneHz(rootHz, note - root, 'just') / targetHz)).toBeCloseTo(0, 6);
        const equalHz = chordToneHz(rootHz, note - root, 'equal');
        expect(cents(equalHz / writtenMidiToHz(note, id))).toBeCloseTo(0, 6);
      }
    }
  });
});

describe('spelling the note by its interval above the root', () => {
  it('says "E4 as the 3rd of C: aim −14 ¢"', () => {
    expect(targetText(intonationTarget(midiOf('E4'), midiOf('C4'), 'just'))).toBe(
      'E4 as the 3rd of C: aim −14 ¢',
    );
    expect(targetText(intonationTarget(midiOf('G4'), midiOf('C4'), 'just'))).toBe(
      'G4 as the 5th of C: aim +2 ¢',
    );
    expect(targetText(intonationTarget(midiOf('C5'), midiOf('C4'), 'just'))).toBe(
      'C5 as the root of C: aim 0 ¢',
    );
  });

  it('spells the 3rd of D as F♯ even when the player prefers flats, and of B♭ as D', () => {
    expect(noteNameOf(intonationTarget(66, midiOf('D4'), 'just'))).toBe('F♯4');
    expect(intonationTarget(66, midiOf('D4'), 'just').rootName).toBe('D');
    expect(noteNameOf(intonationTarget(midiOf('D5'), midiOf('B♭3'), 'just'))).toBe('D5');
    expect(intonationTarget(midiOf('D5'), midiOf('B♭3'), 'just').rootName).toBe('B♭');
  });

  it('issue 22 row 7: every root and note, readable: no double accidental, letters by interval', () => {
    const readableRoots = new Set([
      'C',
      'D♭',
      'D',
      'E♭',
      'E',
      'F',
      'F♯',
      'G',
      'A♭',
      'A',
      'B♭',
      'B',
    ]);
    for (const third of [false, true]) {
      for (let root = midiOf('F♯3'); root <= midiOf('C6'); root++) {
        for (let note = root - 12; note <= root + 24; note++) {
          const target = intonationTarget(note, root, 'just', { third });
          const line = targetText(target);
          expect(spelledToMidi(target.note)).toBe(note);
          expect(readableRoots.has(target.rootName), target.rootName).toBe(true);
          expect(line, line).not.toMatch(/𝄪|𝄫/);
          const rootLetter = LETTERS.indexOf(target.rootName[0] as (typeof LETTERS)[number]);
          const letterSteps = (LETTERS.indexOf(target.note.letter) - rootLetter + 7) % 7;
          // By interval on letters, unless that would need a double sharp or flat (the minor 2nd
          // of D♭ is E𝄫): then the plain name.
          const root4: SpelledNote = {
            letter: target.rootName[0] as (typeof LETTERS)[number],
            accidental: target.rootName.endsWith('♭') ? -1 : target.rootName.endsWith('♯') ? 1 : 0,
            octave: 4,
          };
          const moved = transposeSpelled(
            root4,
            target.interval.letterSteps,
            target.interval.semitones,
          );
          if (Math.abs(moved.accidental) <= 1) {
            expect(letterSteps, line).toBe(target.interval.letterSteps % 7);
          } else {
            expect(target.note.accidental, line).toBe(0);
          }
        }
      }
    }
  });

  it('the issue examples: G♯ and A♯ roots are spelled A♭ and B♭', () => {
    expect(targetText(intonationTarget(midiOf('G5'), midiOf('A♭4'), 'just'))).toBe(
      'G5 as the 7th of A♭: aim −12 ¢',
    );
    expect(targetText(intonationTarget(midiOf('D4'), midiOf('B♭3'), 'just'))).toBe(
      'D4 as the 3rd of B♭: aim −14 ¢',
    );
  });

  it('issue 22 row 6: the minor 7th says which target: low over a major triad, +18 ¢ in minor', () => {
    const bb4 = midiOf('B♭4');
    const c4 = midiOf('C4');
    expect(targetText(intonationTarget(bb4, c4, 'just', { third: true }))).toBe(
      'B♭4 as the harmonic 7th of C: aim −31 ¢',
    );
    expect(targetText(intonationTarget(bb4, c4, 'just'))).toBe(
      'B♭4 as the minor-key 7th of C: aim +18 ¢',
    );
    expect(targetOffsetCents(bb4, c4, 'just', { third: true })).toBeCloseTo(-31.17, 1);
    expect(targetOffsetCents(bb4, c4, 'just', { third: false })).toBeCloseTo(17.6, 1);
    // Every other interval is the same with or without the 3rd.
    for (let note = c4; note < c4 + 12; note++) {
      if (note === bb4 - 12 || note === bb4) continue;
      expect(targetOffsetCents(note, c4, 'just', { third: true })).toBe(
        targetOffsetCents(note, c4, 'just'),
      );
    }
  });

  it('formats whole cents with a real minus sign', () => {
    expect(formatAimCents(-13.7)).toBe('−14 ¢');
    expect(formatAimCents(1.96)).toBe('+2 ¢');
    expect(formatAimCents(-0.2)).toBe('0 ¢');
  });
});

function noteNameOf(target: ReturnType<typeof intonationTarget>): string {
  return spelledNoteName(target.note);
}

describe('drone chords', () => {
  it('root alone, root + 5th, root + 5th + 3rd, pure in just and tempered in equal', () => {
    const root = 233.08;
    expect(droneChordHz(root, { fifth: false, third: false }, 'just')).toEqual([root]);
    const just = droneChordHz(root, { fifth: true, third: true }, 'just');
    expect(just[1]).toBeCloseTo(root * 1.5, 9);
    expect(just[2]).toBeCloseTo(root * 1.25, 9);
    const equal = droneChordHz(root, { fifth: false, third: true }, 'equal');
    expect(equal).toHaveLength(2);
    expect(cents(equal[1] / root)).toBeCloseTo(400, 9);
  });
});
