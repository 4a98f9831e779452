import { describe, expect, it } from 'vitest';
import { PEDAL_TONES, pedalGuide } from './pedal-tones';
import { spelledName } from './scales';

describe('pedal tones (written C3 down to F♯2 on the B♭ trumpet)', () => {
  it('one per valve combination, a semitone apart, each an octave below its 2nd partial', () => {
    expect(PEDAL_TONES.map(spelledName)).toEqual(['C3', 'B2', 'B♭2', 'A2', 'A♭2', 'G2', 'F♯2']);
    PEDAL_TONES.forEach((p, i) => {
      expect(p.approach.midi - p.midi).toBe(12);
      expect(p.approach.letter).toBe(p.letter);
      if (i > 0) expect(PEDAL_TONES[i - 1].midi - p.midi).toBe(1);
    });
    expect(PEDAL_TONES.map((p) => p.combo)).toEqual(['0', '2', '1', '12', '23', '13', '123']);
  });
  it('guides from the 2nd partial down', () => {
    expect(pedalGuide(PEDAL_TONES[6], '1-2-3')).toMatch(/^F♯2 \(1-2-3\): play F♯3 first/);
  });
});
