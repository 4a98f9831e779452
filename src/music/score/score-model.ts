/**
 * The app's score model: what a player is asked to play, in performance order. Every exercise, an
 * imported MusicXML part (`musicxml.ts`) and the assessor's command-line input are this one shape,
 * so one assessor judges them all. Pure data (no DOM, no audio).
 *
 * Written pitch: trumpet players read written pitch, so notes are kept as the part spells them,
 * with the interval from written to concert that the part is written for (MusicXML `<transpose>`).
 * `scoreForInstrument` (score-transpose.ts) re-spells a part for the player's instrument by
 * interval arithmetic.
 */
import type { SpelledNote } from '../theory/notes';
import type { ValveCombo } from '../theory/fingerings';

/** A key signature: MusicXML `<fifths>` (−7 = seven flats … 7 = seven sharps) and its mode. */
export interface KeySignature {
  readonly fifths: number;
  readonly mode: 'major' | 'minor';
}

/** A time signature; `groups` is the beat grouping of compound/odd meters (7/8 as [2, 2, 3]). */
export interface TimeSignature {
  readonly beats: number;
  readonly beatType: number;
  readonly groups?: readonly number[];
}

/** Something in force from a point of the performance on (a key, a meter, a tempo). */
export interface FromQuarter<T> {
  /** Where it takes effect, quarter notes from the start of the performance. */
  readonly atQuarters: number;
  readonly value: T;
}

/** A tempo: quarter notes per minute (a dotted-quarter 60 in 6/8 is 90). */
export type TempoQpm = number;

/** One sounding note, in performance order: ties merged, repeats and voltas expanded. */
export interface ScoreNote {
  /** Position in performance order, from 0. */
  readonly index: number;
  /** The measure's number as printed ("0" for a pickup the file numbers so, "12a" allowed). */
  readonly measure: string;
  /** Index of its measure in `Score.measures` (performance order). */
  readonly measureIndex: number;
  /** Written pitch as the part spells it (accidentals and key applied), for `Score.transposition`. */
  readonly written: SpelledNote;
  /** Quarter notes from the start of the performance (after the pickup's own offset). */
  readonly startQuarters: number;
  /** Sounding length in quarter notes (tied notes summed; tuplets exact). */
  readonly durationQuarters: number;
  /** Start and length at the score's tempo map, ms from the performance's start. */
  readonly startMs: number;
  readonly durationMs: number;
  /** Reached from the previous note without a new tongue stroke (under a slur). */
  readonly slurredFromPrevious: boolean;
  /**
   * Where the player is asked to aim, cents from equal temperament (absent: 0). A lip slur's 7th
   * partial is played where the horn puts it, about −31 ¢ (trumpet.md, partials); judged from there.
   */
  readonly aimCents?: number;
  /**
   * The valves the player is asked to use (a lip slur plays a whole series on one combination),
   * absent: the chart's; null: none to advise on (a 7th partial, played where the horn puts it).
   * Advice follows the valves actually used (issue 37, U1).
   */
  readonly valves?: ValveCombo | null;
}

/** A clef as MusicXML writes it: sign and staff line (G on 2 = treble, F on 4 = bass). */
export interface ScoreClef {
  readonly sign: 'G' | 'F' | 'C';
  readonly line: number;
}

/** The treble clef, what a part without a `<clef>` is read in. */
export const TREBLE_CLEF: ScoreClef = { sign: 'G', line: 2 };

/** A measure in performance order (a repeated measure appears once per time it is played). */
export interface ScoreMeasure {
  readonly number: string;
  readonly startQuarters: number;
  readonly durationQuarters: number;
  /** True for an incomplete first measure (an anacrusis). */
  readonly pickup: boolean;
  /**
   * What the part prints at this measure, for drawing it as written though it is played out in
   * order (all absent for a generated score): the clef in force at its start (absent: treble), a
   * forward repeat at its start, a backward repeat at its end, the numbers of an ending (volta)
   * that starts here, and `again` when the player comes back to it (the first measure played after
   * going back for a repeat, D.C. or D.S.: which time through it is, 2 for the second).
   */
  readonly clef?: ScoreClef;
  readonly repeatStart?: boolean;
  readonly repeatEnd?: boolean;
  readonly ending?: readonly number[];
  readonly again?: number;
}

/** The interval from written to concert pitch the part is written for (concert part: 0, 0). */
export interface ScoreTransposition {
  /** Concert minus written, semitones (a B♭ part: −2). */
  readonly semitones: number;
  /** Concert minus written in letters (a B♭ part: −1, a 2nd down). */
  readonly letters: number;
}

export interface Score {
  readonly title: string;
  /** The part the notes come from ("Trumpet in B♭", "Solo"). */
  readonly partName: string;
  readonly transposition: ScoreTransposition;
  readonly keys: readonly FromQuarter<KeySignature>[];
  readonly times: readonly FromQuarter<TimeSignature>[];
  /** At least one entry, at 0 (a file without a tempo gets DEFAULT_TEMPO_QPM). */
  readonly tempos: readonly FromQuarter<TempoQpm>[];
  readonly measures: readonly ScoreMeasure[];
  /** Sounding notes in performance order; rests are the gaps between them. */
  readonly notes: readonly ScoreNote[];
  /** Length of the whole performance, quarter notes and ms. */
  readonly lengthQuarters: number;
  readonly lengthMs: number;
  /** What the reader simplified, in words for the player ("Chords reduced to the top note in 3 measures"). */
  readonly notices: readonly string[];
}

/** The tempo of a score that names none (MusicXML's own default, 120 quarter notes a minute). */
export const DEFAULT_TEMPO_QPM: TempoQpm = 120;
