/**
 * A note's result in the shape the app's views and stored history read (`asNoteScore` builds it
 * from the assessor's verdict and the attack measure): per-note advice, the results table, the
 * intonation map. Types only: the judging is the assessor's (`curves.ts`), the attack
 * `attack-measure.ts`'s.
 *
 * Why separate sub-scores: a teacher says "in tune but late", not "57".
 */

/**
 * The sub-scores a note shows. Their weights in the overall are the assessor's
 * (`ASSESSMENT_WEIGHTS`, curves.ts); the attack is shown, not weighed.
 */
export const SUB_SCORE_NAMES = ['pitch', 'timing', 'steadiness', 'articulation'] as const;

export type SubScoreName = (typeof SUB_SCORE_NAMES)[number];

export interface SubScores {
  pitch: number | null;
  timing: number | null;
  steadiness: number | null;
  articulation: number | null;
}

export type NoteOutcomeKind = 'played' | 'wrong' | 'cracked' | 'missed';

export interface NoteScore {
  outcome: NoteOutcomeKind;
  scores: SubScores;
  /** 0..100, the assessor's weighted overall; 0 for a missed, cracked or wrong note. */
  overall: number;
  /** What was heard most of the note (sounding Hz), null when nothing was. */
  heardHz: number | null;
  /** Centre of the held pitch, cents from the target; null unless played. */
  medianCents: number | null;
  /** Standard deviation of the held pitch, cents; null when too short to tell. */
  spreadCents: number | null;
  /** Onset minus when it was due, ms (negative = early); null unless played. */
  timingMs: number | null;
  /** Onset to a stable pitch, ms; null unless played. */
  attackMs: number | null;
  /** A slur that was tongued (re-attacked); null when not checked. */
  reattacked?: boolean | null;
}
