import { describe, expect, it } from 'vitest';
import { NO_PITCH } from './cents';
import { midiOf, noteName } from './notes';
import {
  DEFAULT_INSTRUMENT_ID,
  INSTRUMENTS,
  INSTRUMENT_IDS,
  concertToWrittenMidi,
  getInstrument,
  isInstrumentId,
  nearestWrittenNote,
  writtenMidiToHz,
  writtenToConcertMidi,
  type InstrumentId,
} from './transposition';

describe('written → concert (trumpet.md transposition table)', () => {
  // Written C4 on each instrument and the concert note it sounds.
  it.each<[InstrumentId, string]>([
    ['bb-trumpet', 'B♭3'], // major 2nd lower
    ['c-trumpet', 'C4'], // as written
    ['d-trumpet', 'D4'], // major 2nd higher
    ['eb-trumpet', 'E♭4'], // minor 3rd higher
    ['f-trumpet', 'F4'], // perfect 4th higher
    ['a-trumpet', 'A3'], // minor 3rd lower
    ['bb-piccolo', 'B♭4'], // minor 7th higher
    ['a-piccolo', 'A4'], // major 6th higher
    ['concert', 'C4'],
  ])('written C4 on %s sounds %s', (id, concert) => {
    expect(noteName(writtenToConcertMidi(midiOf('C4'), id))).toBe(concert);
  });

  it.each<[InstrumentId, string, string]>([
    ['bb-trumpet', 'F♯3', 'E3'], // lowest regular note
    ['bb-trumpet', 'C6', 'B♭5'], // high C
    ['bb-trumpet', 'C7', 'B♭6'], // double high C
    ['bb-trumpet', 'D4', 'C4'], // concert C is written D on B♭ trumpet
    ['eb-trumpet', 'G4', 'B♭4'],
    ['a-trumpet', 'C5', 'A4'],
  ])('written %s on %s sounds %s', (id, written, concert) => {
    expect(noteName(writtenToConcertMidi(midiOf(written), id))).toBe(concert);
  });

  it('written C4 on B♭ trumpet sounds 233.08 Hz at A4 = 440 Hz', () => {
    expect(writtenMidiToHz(midiOf('C4'), 'bb-trumpet', 440)).toBeCloseTo(233.08, 2);
    expect(writtenMidiToHz(midiOf('C4'), 'bb-trumpet')).toBeCloseTo(233.08, 2);
  });

  it('written C4 on E♭ trumpet sounds concert E♭4 (311.13 Hz)', () => {
    expect(writtenMidiToHz(midiOf('C4'), 'eb-trumpet')).toBeCloseTo(311.13, 2);
  });

  it('concert → written undoes written → concert for every instrument', () => {
    for (const id of INSTRUMENT_IDS) {
      for (let midi = 30; midi <= 100; midi++) {
        expect(concertToWrittenMidi(writtenToConcertMidi(midi, id), id)).toBe(midi);
      }
    }
  });
});

describe('instrument registry', () => {
  it('defaults to the B♭ trumpet', () => {
    expect(DEFAULT_INSTRUMENT_ID).toBe('bb-trumpet');
    expect(INSTRUMENTS[0].id).toBe('bb-trumpet');
  });

  it('lists every id once, with a display name using ♭/♯', () => {
    expect(INSTRUMENTS.map((i) => i.id)).toEqual([...INSTRUMENT_IDS]);
    expect(getInstrument('bb-trumpet').name).toBe('B♭ trumpet');
    expect(getInstrument('eb-trumpet').name).toBe('E♭ trumpet');
    expect(getInstrument('bb-trumpet').alsoFor).toContain('B♭ flugelhorn');
    for (const instrument of INSTRUMENTS) expect(instrument.name).not.toMatch(/[#]|[A-G]b/);
  });

  it('uses URL-safe ids', () => {
    for (const id of INSTRUMENT_IDS) expect(encodeURIComponent(id)).toBe(id);
  });

  it.each(['tuba', '', 'Bb-trumpet', 'toString'])('rejects "%s" listing the valid ids', (id) => {
    expect(isInstrumentId(id)).toBe(false);
    expect(() => getInstrument(id)).toThrow(/must be one of bb-trumpet, c-trumpet/);
  });

  it('type-guards unknown values', () => {
    expect(isInstrumentId('a-piccolo')).toBe(true);
    expect(isInstrumentId(3)).toBe(false);
    expect(isInstrumentId(null)).toBe(false);
  });
});

describe('nearestWrittenNote', () => {
  it.each<[number, InstrumentId, number, string, number]>([
    [233.08, 'bb-trumpet', 440, 'C4', 0],
    [233.08, 'concert', 440, 'B♭3', 0],
    [233.08, 'c-trumpet', 440, 'B♭3', 0],
    [311.13, 'eb-trumpet', 440, 'C4', 0],
    [444, 'bb-trumpet', 442, 'B4', 7.8], // concert A4 a bit sharp at A = 442
    [659.26, 'bb-trumpet', 440, 'F♯5', 0], // concert E5
  ])('%d Hz on %s (A4 = %d) reads written %s %d ¢', (hz, id, a4Hz, written, cents) => {
    const note = nearestWrittenNote(hz, id, a4Hz);
    if (!note.hasPitch) throw new Error('expected a pitch');
    expect(noteName(note.writtenMidi)).toBe(written);
    expect(note.cents).toBeCloseTo(cents, 1);
    expect(note.concertMidi - note.writtenMidi).toBe(getInstrument(id).concertOffsetSemitones);
  });

  it('reports 0 Hz as no pitch', () => {
    expect(nearestWrittenNote(0, 'bb-trumpet')).toBe(NO_PITCH);
  });
});
