import { describe, expect, it } from 'vitest';
import type { AttemptAssessment, NoteAssessment } from './assessment-types';
import { isCleanPass } from './clean-pass';

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

  it('a remark on a played note (late, a little sharp) does not make it unclean: the score decides', () => {
    const late = note('played', [{ flag: 'late', ms: 60 }]);
    expect(isCleanPass(attempt([late, note('played')], 90))).toBe(true);
  });
});
