// The checks a trumpet teacher would make, through the public API only.
import { describe, expect, it } from 'vitest';
import {
  centsBetween,
  fingeringFor,
  midiOf,
  nearestNote,
  nearestWrittenNote,
  noteName,
  partialsOf,
  writtenMidiToHz,
  writtenToConcertMidi,
} from './index';

describe('teacher examples', () => {
  it('written C4 on B♭ trumpet is concert B♭3 = 233.08 Hz at A4 440', () => {
    expect(noteName(writtenToConcertMidi(midiOf('C4'), 'bb-trumpet'))).toBe('B♭3');
    expect(writtenMidiToHz(midiOf('C4'), 'bb-trumpet', 440)).toBeCloseTo(233.08, 2);
    const heard = nearestWrittenNote(233.08, 'bb-trumpet', 440);
    expect(heard.hasPitch && noteName(heard.writtenMidi)).toBe('C4');
  });

  it('written C4 on E♭ trumpet is concert E♭4', () => {
    expect(noteName(writtenToConcertMidi(midiOf('C4'), 'eb-trumpet'))).toBe('E♭4');
  });

  it('written E5 is the 5th partial of open, −13.7 ¢', () => {
    const [p] = partialsOf(midiOf('E5'), '0');
    expect(p.partial).toBe(5);
    expect(p.deviationCents).toBeCloseTo(-13.7, 1);
  });

  it('written D5 with 1 is the 5th partial of valve 1', () => {
    expect(partialsOf(midiOf('D5'), '1').map((p) => p.partial)).toEqual([5]);
  });

  it.each([
    ['G3', '13', []],
    ['F♯3', '123', []],
    ['C♯5', '12', ['123', '3']], // trumpet.md (corrected): 1-2-3 with the 3rd slide out
  ])('written %s is fingered %s, alternates %j', (name, primary, alternates) => {
    expect(fingeringFor(midiOf(name))).toMatchObject({ primary, alternates });
  });

  it('440 Hz vs 442 Hz is +7.85 ¢', () => {
    expect(centsBetween(440, 442)).toBeCloseTo(7.85, 2);
  });

  it('0 Hz is no pitch', () => {
    expect(nearestNote(0)).toEqual({ hasPitch: false });
    expect(nearestWrittenNote(0, 'bb-trumpet')).toEqual({ hasPitch: false });
  });
});
