import { describe, expect, it } from 'vitest';
import { getInstrument, INSTRUMENT_IDS, writtenToConcertMidi } from './transposition';
import {
  intervalNameOf,
  ownPartLabel,
  PART_INSTRUMENTS,
  partsToTranspose,
  partTransposition,
} from './transposition-practice';

describe('issue 22 (b): transposition practice, every part × every player', () => {
  it('moving each written note by the interval sounds what the part sounds', () => {
    for (const part of PART_INSTRUMENTS) {
      for (const player of INSTRUMENT_IDS) {
        const t = partTransposition(part, player);
        for (let written = 54; written <= 84; written++) {
          expect(writtenToConcertMidi(written + t.semitones, player)).toBe(
            writtenToConcertMidi(written, part),
          );
        }
        expect(t.text).toMatch(
          new RegExp(`^Part for ${getInstrument(part).name} on (your|a C trumpet)`),
        );
      }
    }
  });

  it('what an orchestral player is told on a B♭ trumpet', () => {
    const on = (part: (typeof PART_INSTRUMENTS)[number]) =>
      partTransposition(part, 'bb-trumpet').text.replace(/^.*: /, '');
    expect(on('c-trumpet')).toBe('play every note a major 2nd higher than written.');
    expect(on('d-trumpet')).toBe('play every note a major 3rd higher than written.');
    expect(on('eb-trumpet')).toBe('play every note a perfect 4th higher than written.');
    expect(on('f-trumpet')).toBe('play every note a perfect 5th higher than written.');
    expect(on('a-trumpet')).toBe('play every note a minor 2nd lower than written.');
    expect(partTransposition('c-trumpet', 'c-trumpet').text).toMatch(/play it as written\.$/);
  });
});

describe('transposition practice as a teacher says it (teacher reading 3, U19)', () => {
  it('names every interval by letters and semitones, never "a 6 semitones"', () => {
    // [letters, semitones, name]: the number is letters + 1; the quality, semitones against the
    // major/perfect interval of that number (2nd 2, 3rd 4, 4th 5, 5th 7, 6th 9, 7th 11, octave 12).
    const rows: [number, number, string][] = [
      [1, 1, 'minor 2nd'],
      [1, 2, 'major 2nd'],
      [2, 3, 'minor 3rd'],
      [2, 4, 'major 3rd'],
      [3, 5, 'perfect 4th'],
      [3, 6, 'augmented 4th'],
      [4, 6, 'diminished 5th'],
      [4, 7, 'perfect 5th'],
      [5, 8, 'minor 6th'],
      [5, 9, 'major 6th'],
      [6, 10, 'minor 7th'],
      [6, 11, 'major 7th'],
      [7, 12, 'octave'],
      [8, 13, 'minor 9th'],
      [8, 14, 'major 9th'],
      [9, 16, 'major 10th'],
      [10, 17, 'perfect 11th'],
      [0, 0, 'unison'],
    ];
    for (const [letters, semitones, name] of rows) {
      expect(intervalNameOf(letters, semitones)).toBe(name);
    }
  });

  it("the reading's cases: E♭ trumpet and piccolo with an A part, concert pitch with a C part", () => {
    // A part sounds a minor 3rd down (−3, −2 letters); E♭ trumpet a minor 3rd up (+3, +2):
    // −6 semitones over −4 letters, a diminished 5th.
    expect(partTransposition('a-trumpet', 'eb-trumpet').text).toBe(
      'Part for A trumpet on your E♭ trumpet: play every note a diminished 5th lower than written.',
    );
    // B♭ piccolo a minor 7th up (+10, +6): −13 over −8 letters, a minor 9th.
    expect(partTransposition('a-trumpet', 'bb-piccolo').text).toBe(
      'Part for A trumpet on your B♭ piccolo trumpet: play every note a minor 9th lower than written.',
    );
    expect(partTransposition('c-trumpet', 'concert').text).toBe(
      'Part for C trumpet on a C trumpet: play it as written.',
    );
    expect(partTransposition('d-trumpet', 'concert').text).toBe(
      'Part for D trumpet on a C trumpet: play every note a major 2nd higher than written.',
    );
  });

  it('a C-trumpet player practises B♭ and E parts; no one is offered a part read as written', () => {
    expect(partTransposition('bb-trumpet', 'c-trumpet').text).toBe(
      'Part for B♭ trumpet on your C trumpet: play every note a major 2nd lower than written.',
    );
    expect(partTransposition('e-trumpet', 'c-trumpet').text).toBe(
      'Part for E trumpet on your C trumpet: play every note a major 3rd higher than written.',
    );
    // On a B♭ trumpet an E part goes up an augmented 4th (+6 over +3 letters: C → F♯).
    expect(partTransposition('e-trumpet', 'bb-trumpet').text).toBe(
      'Part for E trumpet on your B♭ trumpet: play every note an augmented 4th higher than written.',
    );
    expect(partsToTranspose('c-trumpet')).toEqual([
      'bb-trumpet',
      'd-trumpet',
      'eb-trumpet',
      'e-trumpet',
      'f-trumpet',
      'a-trumpet',
    ]);
    expect(partsToTranspose('concert')).not.toContain('c-trumpet');
    expect(ownPartLabel('concert')).toBe('C trumpet (concert pitch)');
    expect(ownPartLabel('bb-trumpet')).toBe('Your B♭ trumpet');
    expect(partsToTranspose('bb-trumpet')).not.toContain('bb-trumpet');
  });
});
