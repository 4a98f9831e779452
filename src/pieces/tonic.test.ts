import { describe, expect, it } from 'vitest';
import type { Score } from '../music';
import { tonicOf } from './tonic';

const score = (fifths: number, mode: 'major' | 'minor', semitones: number): Score =>
  ({
    keys: [{ atQuarters: 0, value: { fifths, mode } }],
    transposition: { semitones, letters: 0 },
  }) as unknown as Score;

describe('tonicOf', () => {
  it.each([
    // fifths, mode, written→concert semitones, name, concert MIDI (C3 = 48)
    [0, 'major', 0, 'C major', 48],
    [0, 'major', -2, 'C major', 58], // B♭ trumpet: written C sounds B♭
    [2, 'major', -2, 'D major', 48], // written D sounds C
    [-1, 'major', 0, 'F major', 53],
    [-3, 'minor', 0, 'C minor', 48],
    [0, 'minor', -2, 'A minor', 55], // written A sounds G
    [6, 'major', 0, 'F♯ major', 54],
    [-7, 'major', 0, 'C♭ major', 59],
  ] as const)('%i fifths %s, transposed %i: %s, MIDI %i', (fifths, mode, semis, name, midi) => {
    expect(tonicOf(score(fifths, mode, semis))).toEqual({
      name,
      rootName: name.split(' ')[0],
      concertMidi: midi,
    });
  });
});
