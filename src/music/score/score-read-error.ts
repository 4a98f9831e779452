/**
 * Why a score file could not be read, in one line for the player ("This file is not MusicXML:
 * its top element is <html>"). Every failure of the score readers is this class, never a
 * TypeError or a parser's own error.
 */
export class ScoreReadError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.name = 'ScoreReadError';
    this.reason = reason;
  }
}

/** Largest score file accepted, bytes (and characters of MusicXML text; an .mxl's unzipped score). */
export const MAX_SCORE_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Most measures a performance may have once repeats and jumps are expanded. A long solo with
 * repeats stays far below this; above it the file is almost surely a whole orchestral piece or a
 * repeat structure that never ends.
 */
export const MAX_PERFORMANCE_MEASURES = 2000;
