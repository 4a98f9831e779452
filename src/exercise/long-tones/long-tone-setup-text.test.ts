import { describe, expect, it } from 'vitest';
import { longTonePyramidOutward, noteName } from '../../music';
import { longToneSetupText, patternLabel } from './long-tone-setup-text';

describe('long-tone setup text (teacher reading 3, U16)', () => {
  it('the pyramid is described by the notes it plays: G4 out to D4 and C5', () => {
    expect(patternLabel('pyramid', 67, 'default')).toBe('Pyramid: out from G4 to D4 and C5');
    // A perfect 4th (5 semitones) each way from G4, the same as the pattern itself.
    const midis = longTonePyramidOutward().map((n) => n.midi);
    expect(noteName(Math.min(...midis))).toBe('D4');
    expect(noteName(67 - 5)).toBe('D4');
    expect(noteName(Math.max(...midis))).toBe('C5');
    expect(noteName(67 + 5)).toBe('C5');
  });
  it('the routine line carries the same pyramid text', () => {
    expect(
      longToneSetupText(
        {
          pattern: 'pyramid',
          noteMidi: 67,
          holdSeconds: 8,
          restSeconds: 8,
          inTuneCents: 10,
          drone: false,
        },
        'default',
      ),
    ).toBe('Pyramid: out from G4 to D4 and C5 · hold 8 s · rest 8 s · in tune ±10 ¢');
  });
});
