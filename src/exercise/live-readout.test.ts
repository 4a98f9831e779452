import { describe, expect, it } from 'vitest';
import { formatCents } from '../music';
import { liveReadoutText } from './live-readout';

describe('the live read-out past a quarter tone names semitones (issue 23 row 14)', () => {
  it.each([
    ['F♯4', 12, `F♯4 · ${formatCents(12)} from target`],
    ['F♯4', -50, `F♯4 · ${formatCents(-50)} from target`],
    ['G4', 93, 'G4 · a semitone above the target'],
    ['F4', -107, 'F4 · a semitone below the target'],
    ['A4', 205, 'A4 · 2 semitones above the target'],
    ['C4', -1190, 'C4 · 12 semitones below the target'],
    ['G4', null, 'G4'],
  ])('%s at %s ¢: %s', (name, cents, text) => {
    expect(liveReadoutText(name, cents)).toBe(text);
  });
});
