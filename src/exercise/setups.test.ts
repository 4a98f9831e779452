import { describe, expect, it } from 'vitest';
import { lipSlurPassage, spelledName, timedNotes, type LipSlurPassageNote } from '../music';
import { LIP_SLUR_PARTIAL_LEVELS, LIP_SLUR_VALIDATORS } from './setups';

/** The notes of one valve combination's slur, up and back, as the player reads them. */
const slur = (combo: LipSlurPassageNote['combo'], highestPartial: number): string[] =>
  timedNotes(lipSlurPassage({ combos: [combo], highestPartial, direction: 'both' })).map((n) =>
    spelledName(n.note),
  );

describe('lip slurs have a beginner level (teacher reading 3, U21)', () => {
  it('offers partials 2–4 and 2–5 beside 2–6 and 2–8, and remembers them', () => {
    expect(LIP_SLUR_PARTIAL_LEVELS.map(([, label]) => label)).toEqual([
      '2 to 4 (beginner)',
      '2 to 5',
      '2 to 6',
      '2 to 8 (advanced)',
    ]);
    for (const [level] of LIP_SLUR_PARTIAL_LEVELS) {
      expect(LIP_SLUR_VALIDATORS.highestPartial(level), level).toBeUndefined();
    }
    expect(LIP_SLUR_VALIDATORS.highestPartial('7')).toBe('must be one of 4, 5, 6, 8');
  });

  it('2–4 and 2–5 play the series up to the 4th and 5th partial and back (trumpet.md table)', () => {
    // Open: C4 (2nd), G4 (3rd, a 12th above C3), C5 (4th, two octaves), E5 (5th, the 17th).
    expect(slur('0', 4)).toEqual(['C4', 'G4', 'C5', 'G4', 'C4']);
    expect(slur('0', 5)).toEqual(['C4', 'G4', 'C5', 'E5', 'C5', 'G4', 'C4']);
    // 1-2-3 lowers the series 3 semitones: F♯3 C♯4 F♯4 A♯4, spelled from F♯2.
    expect(slur('123', 5)).toEqual(['F♯3', 'C♯4', 'F♯4', 'A♯4', 'F♯4', 'C♯4', 'F♯3']);
    expect(slur('1', 4)).toEqual(['B♭3', 'F4', 'B♭4', 'F4', 'B♭3']);
  });
});
