import type { AttemptAssessment } from './assessment-types';

/** A clean pass scores at least this overall (docs/pieces.md, "Tempo trainer"). */
export const CLEAN_PASS_MIN_OVERALL = 85;

/**
 * A clean pass, for the tempo trainers (the pieces' and the metronome's speed trainer, issue 24):
 * every note played — none wrong or missed — and the overall score at least 85. One rule for
 * pieces and exercises alike, decided on the assessor's verdicts.
 */
export function isCleanPass(assessment: AttemptAssessment): boolean {
  return (
    assessment.notes.every((n) => n.verdict === 'played') &&
    assessment.scores.overall >= CLEAN_PASS_MIN_OVERALL
  );
}
