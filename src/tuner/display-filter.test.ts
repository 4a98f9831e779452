import { describe, expect, it } from 'vitest';
import { sameNote } from '../audio/stream/reading';
import { createDisplayFilter } from './display-filter';

/** A reading of `hz` at `timeMs` while the stream says `noteHz` sounds (0 = no note). */
const r = (hz: number, timeMs: number, noteHz = hz) => ({
  hz,
  timeMs,
  onNote: sameNote(hz, noteHz),
});

describe('createDisplayFilter', () => {
  it('shows nothing the stream has not confirmed as a note (a lone pitched frame in noise)', () => {
    const filter = createDisplayFilter('fast');
    const shown = [r(0, 0), r(1089, 6, 0), r(0, 12), r(858, 18, 0)].map((x) => filter.push(x));
    expect(shown.every((hz) => hz === 0)).toBe(true);
  });

  it('shows a note from the reading that confirms it', () => {
    const filter = createDisplayFilter('fast');
    const shown = [r(0, 0), r(440, 6, 0), r(440.5, 12), r(441, 18)].map((x) => filter.push(x));
    expect(shown).toEqual([0, 0, 440.5, expect.closeTo(440.75, 1)]);
  });

  it('never flashes a neighbouring note before the stream confirms the change', () => {
    const filter = createDisplayFilter('fast');
    for (let t = 0; t < 100; t += 6) filter.push(r(440, t));
    // Two readings of B♭4 the stream has not confirmed yet: the display keeps A4 (held).
    expect(filter.push(r(466.2, 100, 440))).toBe(440);
    expect(filter.push(r(466.2, 106, 440))).toBe(440);
    // Confirmed: the new note at once, not a median of both.
    expect(filter.push(r(466.2, 112, 466.2))).toBe(466.2);
  });

  it('holds through a one-reading dropout, then clears after the hold', () => {
    const filter = createDisplayFilter('block');
    filter.push(r(440, 0));
    filter.push(r(440, 93));
    expect(filter.push(r(0, 186, 440))).toBe(440);
    expect(filter.push(r(0, 900, 0))).toBe(0);
  });

  it('a one-reading octave slip does not show (not the note, and median of 3)', () => {
    const filter = createDisplayFilter('block');
    const shown = [r(440, 0), r(440, 93), r(880, 186, 440), r(440, 279)].map((x) => filter.push(x));
    expect(shown).toEqual([440, 440, 440, 440]);
  });
});
