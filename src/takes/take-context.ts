/**
 * What a take being recorded is about, told by the screen it is recorded on (a piece's practice
 * screen, issue 25): the recorder asks each time it saves the take's row, so the take keeps the
 * piece and the passes judged while it was recording. One screen at a time; none: a plain take.
 */
import type { TakePiece } from './take-piece';

export interface TakeContext {
  /** The piece for a take that began at `startedAtMs` (wall clock, ms since the epoch), now. */
  pieceFor(startedAtMs: number): TakePiece | undefined;
}

let current: TakeContext | null = null;

/** Sets the context; returns the function that clears it (if it is still this one). */
export function setTakeContext(context: TakeContext): () => void {
  current = context;
  return () => {
    if (current === context) current = null;
  };
}

export function currentTakeContext(): TakeContext | null {
  return current;
}
