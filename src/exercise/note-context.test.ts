import { describe, expect, it } from 'vitest';
import { midiOf } from '../music';
import { noteContext, partialOf } from './note-context';

describe('partial of a written note (harmonic series per valve combination, trumpet.md)', () => {
  it.each([
    ['C4', '0', 2],
    ['G4', '0', 3],
    ['C5', '0', 4],
    ['E5', '0', 5],
    ['G5', '0', 6],
    ['C6', '0', 8],
    ['D5', '1', 5],
    ['F♯3', '123', 2],
    ['D4', '13', 3],
    ['E5', '12', 6],
    ['C5', '23', 5],
  ] as const)('%s with %s is partial %i', (name, combo, partial) => {
    expect(partialOf(midiOf(name), combo)).toBe(partial);
  });

  it('a combination that cannot play the note gives null', () => {
    expect(partialOf(midiOf('C♯4'), '0')).toBeNull();
  });

  it('E5: open 5th partial, alternates 1-2 and 3 on the 6th (trumpet.md)', () => {
    expect(noteContext(midiOf('E5'))).toEqual({
      writtenMidi: midiOf('E5'),
      name: 'E5',
      valves: '0',
      partial: 5,
      alternates: [
        { valves: '12', partial: 6 },
        { valves: '3', partial: 6 },
      ],
    });
  });
});
