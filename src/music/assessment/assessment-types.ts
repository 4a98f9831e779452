/**
 * What the assessor says about a performance of a score: one verdict per score note, in the
 * score's performance order, and the attempt's sub-scores. This is also the JSON schema of
 * `npm run assess --json` and of exported results, so field names are stable (never rename).
 */

/** What became of a score note. */
export type NoteVerdictKind = 'played' | 'wrong' | 'missed';

/** Something worth saying about a note beyond its verdict; numbers carry their units. */
export type NoteFlag =
  | { readonly flag: 'late'; readonly ms: number }
  | { readonly flag: 'early'; readonly ms: number }
  | { readonly flag: 'sharp'; readonly cents: number }
  | { readonly flag: 'flat'; readonly cents: number }
  /** The pitch wandered inside the note (spread in cents), even when its average is centred. */
  | { readonly flag: 'unsteady'; readonly cents: number }
  /** A break, dropout or slip to another partial inside the note, `atMs` from the note's onset. */
  | {
      readonly flag: 'cracked';
      readonly atMs: number;
      readonly lengthMs: number;
      readonly kind: 'dropout' | 'partial' | 'break';
    }
  /** Evenness where it applies (runs of equal notes, tonguing patterns): deviation from even, ms. */
  | { readonly flag: 'uneven'; readonly ms: number }
  /**
   * Started off the pitch and slid onto it (an attack problem, not wavering): from `cents`
   * (negative: from below), arriving after `ms`.
   */
  | { readonly flag: 'scooped'; readonly cents: number; readonly ms: number };

export interface SubScores {
  /** 0..100, continuous and monotone in the deviation it measures. */
  readonly pitch: number;
  readonly timing: number;
  readonly steadiness: number;
}

export interface NoteAssessment {
  /** Index in the score's performance order. */
  readonly index: number;
  /** The measure number as printed. */
  readonly measure: string;
  /** Written pitch as the score spells it, ASCII ("F#4", "Bb4"). */
  readonly written: string;
  /** Where the note was heard to start, ms from the start of the audio (null when missed). */
  readonly onsetMs: number | null;
  /** What was held, written pitch spelled in the key (null when nothing was heard). */
  readonly heard: string | null;
  /** The settled pitch against the written note's target, cents (null when nothing was heard). */
  readonly cents: number | null;
  readonly verdict: NoteVerdictKind;
  readonly flags: readonly NoteFlag[];
  readonly scores: SubScores;
  /** Why, in words a teacher would use ("Came in 150 ms late", "Cracked 300 ms in"). */
  readonly reasons: readonly string[];
}

/**
 * The tempo actually played (played-tempo.ts), quarter-note bpm at the scale of the score's opening
 * marking (issue 37, U7).
 */
export interface PlayedTempo {
  /** Over the whole take (pauses between phrases left out), quarter-note bpm. */
  readonly qpm: number;
  /** Where it began and where it ended, qpm; both equal `qpm` when it did not drift. */
  readonly startQpm: number;
  readonly endQpm: number;
  /** The tempo asked for (a given tempo, a click's, else the score's marking), qpm. */
  readonly markedQpm: number;
  /** The tempo moved one way through the take (a steady accelerando or ritardando, not rubato). */
  readonly drifting: boolean;
}

export interface AttemptAssessment {
  readonly notes: readonly NoteAssessment[];
  /**
   * Means over every note of the score, a wrong or missed note counting 0 (it earns nothing);
   * `overall` is their weighted sum (curves.ts `weightedOverall`) less what cracks cost the
   * attempt (`attemptCrackCost`).
   */
  readonly scores: SubScores & { readonly overall: number };
  /** The one thing to fix first, in words ("You drag behind the beat"), or null when clean. */
  readonly fixFirst: string | null;
  /**
   * The tempo played, or null with too few notes to know. Optional: attempts stored before it
   * existed (issue 37) have none.
   */
  readonly playedTempo?: PlayedTempo | null;
}
