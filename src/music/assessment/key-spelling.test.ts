import { describe, expect, it } from 'vitest';
import { keyOfSignature, spellInSignature } from './key-spelling';
import { spelledNoteName, type SpelledNote } from '../theory/notes';
import { transposeSpelled } from '../theory/spelling';

const pitchClassName = (n: { letter: string; accidental: number }): string =>
  spelledNoteName({ ...n, octave: 4 } as SpelledNote).slice(0, -1);

describe('key signatures as keys', () => {
  it('walks the circle of fifths: each sharp more is a perfect 5th up, in both modes', () => {
    for (const mode of ['major', 'minor'] as const) {
      for (let fifths = -7; fifths < 7; fifths++) {
        const tonic = keyOfSignature({ fifths, mode });
        const next = keyOfSignature({ fifths: fifths + 1, mode });
        const fifthUp = transposeSpelled({ ...tonic, octave: 4 }, 4, 7);
        expect(pitchClassName(next)).toBe(pitchClassName(fifthUp));
        expect(tonic.minor).toBe(mode === 'minor');
      }
    }
    expect(pitchClassName(keyOfSignature({ fifths: 0, mode: 'major' }))).toBe('C');
    expect(pitchClassName(keyOfSignature({ fifths: 0, mode: 'minor' }))).toBe('A');
  });

  it('names a heard note by the key: A♭4 in E♭ major, G♯4 in E major, G♯4 as A minor leading note', () => {
    expect(spelledNoteName(spellInSignature(68, { fifths: -3, mode: 'major' }))).toBe('A♭4');
    expect(spelledNoteName(spellInSignature(68, { fifths: 4, mode: 'major' }))).toBe('G♯4');
    expect(spelledNoteName(spellInSignature(68, { fifths: 0, mode: 'minor' }))).toBe('G♯4');
  });
});
