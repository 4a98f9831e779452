import { describe, expect, it } from 'vitest';
import { parseStudyLine } from './study-notation';

describe('the studies notation', () => {
  it('reads notes, rests, dots, slurs and ties into a line of notes', () => {
    expect(parseStudyLine('(C4e D4e) E4q. rq Bb3e | ~h G#4h', 4)).toEqual({
      items: [
        ['C4', 0.5],
        ['D4', 0.5, true],
        ['E4', 1.5, false],
        [null, 1],
        ['Bb3', 2.5, false],
        ['G#4', 2, false],
      ],
      pickupQuarters: 0,
    });
  });

  it('takes a short first bar as the pickup and a short last bar as the end', () => {
    expect(parseStudyLine('D4q | G4h B4q | G4h', 3).pickupQuarters).toBe(1);
    expect(parseStudyLine('G4h B4q | G4h', 3).pickupQuarters).toBe(0);
  });

  it('refuses a bar that does not fill the meter, naming it', () => {
    expect(() => parseStudyLine('C4h. | D4h | E4h.', 3)).toThrow(/bar 2 holds 2 quarter notes/);
    expect(() => parseStudyLine('C4w D4q', 4)).toThrow(/bar 1 holds 5/);
  });

  it('refuses what it cannot read: a bad token, a tie after a rest, broken slurs', () => {
    expect(() => parseStudyLine('C4x', 4)).toThrow(/cannot read "C4x"/);
    expect(() => parseStudyLine('H4q', 4)).toThrow(/cannot read/);
    expect(() => parseStudyLine('rh ~h', 4)).toThrow(/"~" must follow a note/);
    expect(() => parseStudyLine('(C4h D4h', 4)).toThrow(/never closed/);
    expect(() => parseStudyLine('C4h D4h)', 4)).toThrow(/without "\("/);
    expect(() => parseStudyLine('(C4h rh)', 4)).toThrow(/rest cannot carry a slur/);
    expect(() => parseStudyLine('(C4q rq D4h)', 4)).toThrow(/rest inside a slur/);
  });
});
