/** Messages between the piece screen and its grading worker (`grade.worker.ts`). */
import type { AssessOptions, AttemptAssessment, Score } from '../music';

export interface GradeRequest {
  readonly score: Score;
  readonly samples: Float32Array;
  readonly sampleRate: number;
  readonly response: 'fast' | 'block';
  readonly options: AssessOptions;
}

export type GradeAnswer =
  | { readonly kind: 'graded'; readonly assessment: AttemptAssessment }
  | { readonly kind: 'failed'; readonly reason: string };
