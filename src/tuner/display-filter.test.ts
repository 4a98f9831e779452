import { describe, expect, it } from 'vitest';
import { createDisplayFilter } from './display-filter';

describe('createDisplayFilter', () => {
  it('fast mode: a lone pitched reading in noise never shows', () => {
    const filter = createDisplayFilter(true);
    const shown = [0, 0, 1089, 0, 0, 858, 0].map((hz, i) => filter.push(hz, i * 6));
    expect(shown.every((hz) => hz === 0)).toBe(true);
  });

  it('fast mode: a real note shows at its second reading', () => {
    const filter = createDisplayFilter(true);
    const shown = [0, 440, 440.5, 441].map((hz, i) => filter.push(hz, i * 6));
    expect(shown).toEqual([0, 0, 440.5, expect.closeTo(440.75, 1)]);
  });

  it('block mode shows the first reading (its long windows do not need the gate)', () => {
    const filter = createDisplayFilter(false);
    expect(filter.push(0, 0)).toBe(0);
    expect(filter.push(440, 93)).toBe(440);
  });

  it('holds through a one-reading dropout, then clears after the hold', () => {
    const filter = createDisplayFilter(false);
    filter.push(440, 0);
    filter.push(440, 93);
    expect(filter.push(0, 186)).toBe(440);
    expect(filter.push(0, 900)).toBe(0);
  });

  it('a one-reading octave slip does not show (median of 3)', () => {
    const filter = createDisplayFilter(false);
    const shown = [440, 440, 880, 440].map((hz, i) => filter.push(hz, i * 93));
    expect(shown).toEqual([440, 440, 440, 440]);
  });
});
