/**
 * One held note judged by the assessor, for exercises the player starts when ready (a long tone,
 * an interval answer): no click, no beat to keep, so timing is left out and the note is scored
 * on pitch (from its aim) and steadiness (spread, cracks and dropouts with when) alone. Pure.
 */
import type { NoteAssessment } from './assessment-types';
import { assessPerformance } from './assessor';
import { untimedOverall } from './curves';
import type { Performance } from './performance';
import { spelledNoteName, type SpelledNote } from '../theory/notes';
import { scoreFromLine } from '../score/score-build';
import { getInstrument, type InstrumentId } from '../theory/transposition';

export interface HeldNoteJudgement {
  readonly verdict: NoteAssessment;
  /** 0..100: pitch and steadiness as the assessor weighs them (0 when wrong or not heard). */
  readonly score: number;
}

export function judgeHeldNote(
  written: SpelledNote,
  performance: Performance,
  options: {
    readonly holdMs: number;
    readonly instrument: InstrumentId;
    readonly a4Hz: number;
    readonly bandCents: number;
  },
): HeldNoteJudgement {
  const instrument = getInstrument(options.instrument);
  // One note of `holdMs` at 60 quarters a minute: a quarter is a second.
  const score = scoreFromLine([[spelledNoteName(written, true), options.holdMs / 1000]], {
    qpm: 60,
    transposition: {
      semitones: instrument.concertOffsetSemitones,
      letters: instrument.concertOffsetLetters,
    },
  });
  const assessed = assessPerformance(score, performance, {
    a4Hz: options.a4Hz,
    bandCents: options.bandCents,
  });
  const verdict = assessed.notes[0];
  return {
    verdict,
    score: verdict.verdict === 'played' ? Math.round(untimedOverall(verdict.scores)) : 0,
  };
}
