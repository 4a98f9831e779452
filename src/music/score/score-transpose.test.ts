import { describe, expect, it } from 'vitest';
import { spelledNoteName, spelledToMidi, type SpelledNote } from '../theory/notes';
import { LETTERS } from '../theory/spelling';
import { INSTRUMENTS } from '../theory/transposition';
import { parseMusicXml } from './musicxml';
import { scoreForInstrument } from './score-transpose';
import { note, scoreXml } from './testing/musicxml-builder';

/** Letters counted from C−1, so an interval's number is a difference of positions. */
const letterPosition = (n: SpelledNote): number => (n.octave + 1) * 7 + LETTERS.indexOf(n.letter);

/** A concert-pitch part in `fifths`, one measure of whole notes per pitch. */
function concertPart(
  fifths: number,
  pitches: readonly string[],
  transpose = '',
): ReturnType<typeof parseMusicXml> {
  const attributes = `<key><fifths>${String(fifths)}</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time>${transpose}`;
  return parseMusicXml(
    scoreXml(
      pitches.map((p) => note(p, 16)),
      { attributes },
    ),
  );
}

// Every spelling a tonal part uses around the staff (naturals, sharps, flats, a double of each).
const PITCHES = [
  'C4',
  'C#4',
  'Db4',
  'D4',
  'Eb4',
  'E4',
  'F4',
  'F#4',
  'Gb4',
  'G4',
  'G#4',
  'Ab4',
  'A4',
  'Bb4',
  'B4',
  'C5',
  'F##4',
  'Bbb4',
];

describe('scoreForInstrument: a concert part in F major for every instrument', () => {
  const concert = concertPart(-1, PITCHES);
  it.each(INSTRUMENTS.map((i) => [i.name, i] as const))('%s', (_name, instrument) => {
    const moved = scoreForInstrument(concert, instrument.id);
    // Written = concert − the instrument's offset, in semitones and in letters.
    const semitones = 0 - instrument.concertOffsetSemitones;
    const letters = 0 - instrument.concertOffsetLetters;
    const fifths = -1 + 7 * semitones - 12 * letters;
    expect(Math.abs(fifths)).toBeLessThanOrEqual(7); // F major never needs the enharmonic key
    expect(moved.keys[0].value.fifths).toBe(fifths);
    expect(moved.transposition).toEqual({
      semitones: instrument.concertOffsetSemitones,
      letters: instrument.concertOffsetLetters,
    });
    moved.notes.forEach((n, i) => {
      const from = concert.notes[i].written;
      const label = `${spelledNoteName(from, true)} → ${spelledNoteName(n.written, true)}`;
      expect(spelledToMidi(n.written) - spelledToMidi(from), label).toBe(semitones);
      expect(letterPosition(n.written) - letterPosition(from), label).toBe(letters);
      expect(n.startMs).toBe(concert.notes[i].startMs);
    });
  });
});

describe('scoreForInstrument: spelling choices', () => {
  it('concert B♭ major becomes C major for B♭ trumpet, with D♯ (not E♭) for concert C♯', () => {
    const moved = scoreForInstrument(concertPart(-2, ['Bb4', 'C#5']), 'bb-trumpet');
    expect(moved.keys[0].value).toEqual({ fifths: 0, mode: 'major' });
    expect(moved.notes.map((n) => spelledNoteName(n.written, true))).toEqual(['C5', 'D#5']);
  });

  it('uses the enharmonic key past seven sharps: concert F♯ major → A♭ major for B♭ trumpet', () => {
    const source = concertPart(6, ['F#4', 'E#4']);
    const moved = scoreForInstrument(source, 'bb-trumpet');
    expect(moved.keys[0].value.fifths).toBe(6 + 2 - 12);
    moved.notes.forEach((n, i) => {
      const from = source.notes[i].written;
      expect(spelledToMidi(n.written) - spelledToMidi(from)).toBe(2);
      expect(letterPosition(n.written) - letterPosition(from)).toBe(2); // a diminished 3rd
    });
    expect(moved.notes.map((n) => spelledNoteName(n.written, true))).toEqual(['Ab4', 'G4']);
  });

  it('a B♭ part read on B♭ trumpet is unchanged, and on C trumpet sounds where it did', () => {
    const bbPart = concertPart(
      2,
      ['E5', 'F#5'],
      '<transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose>',
    );
    const same = scoreForInstrument(bbPart, 'bb-trumpet');
    expect(same.notes.map((n) => n.written)).toEqual(bbPart.notes.map((n) => n.written));
    expect(same.keys).toEqual(bbPart.keys);
    const onC = scoreForInstrument(bbPart, 'c-trumpet');
    expect(onC.notes.map((n) => spelledNoteName(n.written, true))).toEqual(['D5', 'E5']);
    expect(onC.keys[0].value.fifths).toBe(0);
    expect(onC.transposition).toEqual({ semitones: 0, letters: 0 });
  });

  it('chooses the spelling per key region: C major stays by a 2nd, a later F♯ major by a diminished 3rd', () => {
    const attributes =
      '<key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time>';
    const change = '<attributes><key><fifths>6</fifths></key></attributes>';
    const score = parseMusicXml(
      scoreXml([note('F#4', 16), change + note('F#4', 16)], { attributes }),
    );
    const moved = scoreForInstrument(score, 'bb-trumpet');
    expect(moved.keys.map((k) => k.value.fifths)).toEqual([2, -4]);
    expect(moved.notes.map((n) => spelledNoteName(n.written, true))).toEqual(['G#4', 'Ab4']);
  });
});
