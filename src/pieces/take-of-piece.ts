/**
 * A take recorded on a piece's practice screen remembers the piece and the passes judged while it
 * was recording (issue 25): the screen tells the takes recorder (src/takes/take-context.ts).
 */
import { useEffect, useRef } from 'react';
import type { AttemptAssessment } from '../music';
import { setTakeContext } from '../takes/take-context';
import {
  TAKE_PIECE_ATTEMPTS,
  TAKE_PIECE_NOTES,
  type TakePiece,
  type TakePieceAttempt,
} from '../takes/take-piece';

/** A pass judged on the practice screen (live), with each verdict's note in the whole piece. */
export interface JudgedPass {
  /** Wall clock, ms since the epoch. */
  readonly atMs: number;
  readonly assessment: AttemptAssessment;
  /** Whole-piece index of each assessed note (a loop judges only its bars). */
  readonly noteIndices: readonly number[];
}

/** What a take that began at `startedAtMs` keeps: the passes judged since, the last ones. */
export function takePieceOf(
  piece: { readonly id: string; readonly title: string },
  passes: readonly JudgedPass[],
  startedAtMs: number,
): TakePiece {
  const attempts = passes
    .filter((pass) => pass.atMs >= startedAtMs)
    .slice(-TAKE_PIECE_ATTEMPTS)
    .map(({ atMs, assessment, noteIndices }): TakePieceAttempt => ({
      atMs: atMs - startedAtMs,
      scores: { ...assessment.scores },
      fixFirst: assessment.fixFirst,
      ...(assessment.playedTempo ? { playedTempo: { ...assessment.playedTempo } } : {}),
      notes: assessment.notes.slice(0, TAKE_PIECE_NOTES).map((note, i) => ({
        index: noteIndices[i] ?? note.index,
        measure: note.measure,
        written: note.written,
        verdict: note.verdict,
      })),
    }));
  return { id: piece.id, title: piece.title, attempts };
}

/**
 * While the screen is open, a take being recorded is a take of this piece. Returns the function
 * the screen calls with each pass it judges live.
 */
export function useTakeOfPiece(piece: {
  readonly id: string;
  readonly title: string;
}): (pass: JudgedPass) => void {
  const passes = useRef<JudgedPass[]>([]);
  const { id, title } = piece;
  useEffect(
    () =>
      setTakeContext({
        pieceFor: (startedAtMs) => takePieceOf({ id, title }, passes.current, startedAtMs),
      }),
    [id, title],
  );
  return (pass) => {
    passes.current.push(pass);
    // An hour of loops is a few hundred passes; a take keeps the last ones anyway.
    if (passes.current.length > 4 * TAKE_PIECE_ATTEMPTS) passes.current.shift();
  };
}
