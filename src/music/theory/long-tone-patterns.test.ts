import { describe, expect, it } from 'vitest';
import { chromaticRun, longTonePyramidOutward } from './long-tone-patterns';
import { spelledName } from './scales';

describe('long-tone patterns (trumpet.md routine)', () => {
  it('the pyramid grows outward from G4, alternating below and above', () => {
    expect(longTonePyramidOutward().map(spelledName)).toEqual([
      'G4',
      'F♯4',
      'G♯4',
      'F4',
      'A4',
      'E4',
      'B♭4',
      'E♭4',
      'B4',
      'D4',
      'C5',
    ]);
  });
  it('each step is one semitone further from the middle, in alternation', () => {
    const notes = longTonePyramidOutward({ centreMidi: 72, steps: 7 });
    notes.forEach((n, i) => {
      const k = Math.ceil(i / 2);
      expect(n.midi - 72).toBe(i === 0 ? 0 : i % 2 === 1 ? -k : k);
    });
  });
  it('the chromatic run is a different pattern: down from G4 to F♯3 and back', () => {
    const run = chromaticRun().map(spelledName);
    expect(run[0]).toBe('G4');
    expect(run[1]).toBe('F♯4');
    expect(run[2]).toBe('F4');
    expect(run).toContain('F♯3');
  });
  it('rejects a middle note outside the range with the range', () => {
    expect(() => longTonePyramidOutward({ centreMidi: 40 })).toThrow(/from 54 to 84/);
    expect(() => longTonePyramidOutward({ steps: 0 })).toThrow(/from 1 to 12/);
  });
});
