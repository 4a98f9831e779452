/**
 * What the pieces library keeps: an imported part (parsed once, off the main thread), its
 * practice settings and the attempts judged by the assessor (issue 25).
 */
import { DEFAULT_CLEAN_PASSES_IN_A_ROW, type AttemptAssessment, type Score } from '../music';

/** How a piece is practised: follow the player (no click) or with a count-in and a click. */
export type PracticeMode = 'follow' | 'click';

export interface PracticeSettings {
  readonly mode: PracticeMode;
  /** Percentage of the marked tempo (click and tempo trainer), 40..150. */
  readonly tempoPercent: number;
  /** Bars to loop, 1-based bar positions in performance order (inclusive), or null: the whole piece. */
  readonly loop: { readonly fromBar: number; readonly toBar: number } | null;
  /**
   * Tempo trainer: after `cleanPassesInARow` clean passes in a row, raise the tempo by
   * `TRAINER_STEP_PERCENT` up to 100 % (issue 37, U2: one pass, however sloppy, used to do it).
   */
  readonly trainer: boolean;
  /** 1..5 (src/music `CLEAN_PASSES_IN_A_ROW_RANGE`); a teacher's assignment can set it. */
  readonly cleanPassesInARow: number;
  /**
   * The in-tune band the piece is graded with, ±cents (src/music `IN_TUNE_BAND_RANGE`); absent:
   * the moving notes' ±15 ¢ (`MOVING_NOTES_BAND_CENTS`), as scales. A teacher's assignment can
   * set it (issue 37, U8: pieces were graded with the tuner's ±5 ¢).
   */
  readonly bandCents?: number;
  /** Lyrical music: a regular vibrato is judged on its centre, not called flat or wavering. */
  readonly vibrato?: boolean;
}

export const DEFAULT_PRACTICE: PracticeSettings = {
  mode: 'follow',
  tempoPercent: 100,
  loop: null,
  trainer: false,
  cleanPassesInARow: DEFAULT_CLEAN_PASSES_IN_A_ROW,
};

export const TEMPO_PERCENT_RANGE = { min: 40, max: 150 } as const;
/** The tempo trainer's step after a clean pass, % of the marked tempo. */
export const TRAINER_STEP_PERCENT = 5;

export interface StoredPiece {
  readonly id: string;
  readonly title: string;
  /** The file it came from ("Arban 1.musicxml"). */
  readonly fileName: string;
  /** The part read (MusicXML part id), null for a one-part file. */
  readonly partId: string | null;
  readonly importedAtMs: number;
  /** The part as read (written pitch of the part's own instrument; re-spelled when shown). */
  readonly score: Score;
  /** Settings to open it with (an assignment's), else the defaults. */
  readonly practice: PracticeSettings;
  /** Where it came from: the player's file, a bundled study, a teacher's assignment. */
  readonly origin: 'file' | 'study' | 'assignment';
}

/** One judged attempt at a piece (live or a graded recording). */
export interface PieceAttempt {
  readonly pieceId: string;
  readonly atMs: number;
  readonly source: 'live' | 'recording';
  readonly mode: PracticeMode;
  readonly tempoPercent: number;
  readonly assessment: AttemptAssessment;
}
