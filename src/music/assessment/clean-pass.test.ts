import { describe, expect, it } from 'vitest';
import type { AttemptAssessment, NoteAssessment } from './assessment-types';
import {
  cleanPassFaults,
  DEFAULT_CLEAN_PASSES_IN_A_ROW,
  isCleanPass,
  nextCleanStreak,
  sayCleanPassFaults,
  validateCleanPassesInARow,
} from './clean-pass';

const note = (verdict: NoteAssessment['verdict'], flags: NoteAssessment['flags'] = []) =>
  ({
    index: 0,
    measure: '1',
    written: 'C5',
    onsetMs: verdict === 'missed' ? null : 0,
    heard: verdict === 'missed' ? null : 'C5',
    cents: 0,
    verdict,
    flags,
    scores: { pitch: 100, timing: 100, steadiness: 100 },
    reasons: [],
  }) satisfies NoteAssessment;
const attempt = (notes: NoteAssessment[], overall: number): AttemptAssessment => ({
  notes,
  scores: { pitch: overall, timing: overall, steadiness: overall, overall },
  fixFirst: null,
});

describe('a clean pass (the tempo trainers raise the tempo only after one)', () => {
  it.each([
    {
      what: 'every note played, overall 85',
      notes: ['played', 'played'],
      overall: 85,
      clean: true,
    },
    {
      what: 'every note played, overall 84.9',
      notes: ['played', 'played'],
      overall: 84.9,
      clean: false,
    },
    {
      what: 'a wrong note, however good the rest',
      notes: ['played', 'wrong'],
      overall: 99,
      clean: false,
    },
    { what: 'a missed note', notes: ['missed', 'played'], overall: 99, clean: false },
  ] as const)('$what → $clean', ({ notes, overall, clean }) => {
    expect(
      isCleanPass(
        attempt(
          notes.map((v) => note(v)),
          overall,
        ),
      ),
    ).toBe(clean);
  });

  it.each([
    {
      what: 'a note late (flagged)',
      flags: [{ flag: 'late', ms: 150 }],
      says: '1 note late or early',
    },
    {
      what: 'a note early (flagged)',
      flags: [{ flag: 'early', ms: 150 }],
      says: '1 note late or early',
    },
    {
      what: 'a crack',
      flags: [{ flag: 'cracked', atMs: 200, lengthMs: 150, kind: 'partial' }],
      says: '1 note cracked',
    },
    {
      what: 'an uneven run',
      flags: [{ flag: 'uneven', ms: 120 }],
      says: '1 note off the even pulse',
    },
    { what: 'a sharp note', flags: [{ flag: 'sharp', cents: 30 }], says: '1 note out of tune' },
  ] as const)(
    '$what: not clean, however high the score (U2), and it says why',
    ({ flags, says }) => {
      const assessment = attempt([note('played', flags), note('played')], 98);
      expect(isCleanPass(assessment)).toBe(false);
      expect(sayCleanPassFaults(cleanPassFaults(assessment))).toBe(says);
    },
  );

  it("a wavering note (vibrato, a wobble) is the steadiness score's matter, not a fault by itself", () => {
    const wavered = note('played', [{ flag: 'unsteady', cents: 14 }]);
    expect(isCleanPass(attempt([wavered, note('played')], 90))).toBe(true);
  });

  it('says every fault at once, and the overall a clean pass needs', () => {
    const assessment = attempt(
      [note('wrong'), note('missed'), note('played', [{ flag: 'late', ms: 200 }])],
      60,
    );
    expect(sayCleanPassFaults(cleanPassFaults(assessment))).toBe(
      '1 note wrong, 1 note not heard, 1 note late or early, overall 60 (a clean pass needs 85)',
    );
  });
});

describe('a steady tempo is part of clean (U7)', () => {
  it('a take that sped up from 120 to 133 is not clean, and it says so', () => {
    const assessment = {
      ...attempt([note('played'), note('played')], 99),
      playedTempo: { qpm: 126, startQpm: 120, endQpm: 133, markedQpm: 120, drifting: true },
    };
    expect(sayCleanPassFaults(cleanPassFaults(assessment))).toBe(
      'the tempo drifted (♩=120 to 133)',
    );
  });
});

describe('clean passes in a row before the tempo rises (U2: one pass was enough)', () => {
  const run = (needed: number, passes: readonly boolean[]): number[] => {
    let streak = { inARow: 0, needed };
    const raisedAfter: number[] = [];
    passes.forEach((clean, i) => {
      const next = nextCleanStreak(streak, clean);
      streak = next.streak;
      if (next.raise) raisedAfter.push(i + 1);
    });
    return raisedAfter;
  };

  it.each([
    { needed: 2, passes: [true, true, true, true], raisedAfter: [2, 4] },
    { needed: 2, passes: [true, false, true, true], raisedAfter: [4] },
    { needed: 3, passes: [true, true, false, true, true, true], raisedAfter: [6] },
    { needed: 1, passes: [true, false, true], raisedAfter: [1, 3] },
  ])(
    '$needed in a row, passes $passes → raised after pass $raisedAfter',
    ({ needed, passes, raisedAfter }) => {
      expect(run(needed, passes)).toEqual(raisedAfter);
    },
  );

  it('the default is 2; 0, 6 and 1.5 are refused with the range', () => {
    expect(DEFAULT_CLEAN_PASSES_IN_A_ROW).toBe(2);
    for (const bad of [0, 6, 1.5]) {
      expect(() => validateCleanPassesInARow(bad)).toThrow(
        `clean passes in a row must be a whole number 1..5, got ${bad}`,
      );
    }
  });
});
