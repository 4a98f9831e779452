/**
 * A dotted rhythm played as even notes (issue 37, U10): a dotted eighth and its sixteenth played
 * as two eighths put the sixteenth early and read, note by note, as late and early by turns (and
 * sometimes as missed notes). A teacher names the rhythm: "Your dotted rhythm is too even: make
 * the 16th short and late." Measured on the aligned onsets: where inside its beat the short note
 * lands (written 3/4 of the way; even eighths put it at 1/2, a triplet feel at 2/3).
 */
import type { NoteAssessment } from './assessment-types';
import type { Score, ScoreNote } from '../score/score-model';
import { median } from '../theory/cents';

export interface DottedRhythm {
  /** Dotted pairs heard whole (the dotted note, its short note and the note after, all played). */
  readonly pairs: number;
  /** Where the short note lands between the dotted note and the next, 0..1 (median); written 0.75. */
  readonly playedShare: number;
  /** The bar of the first pair played too even, as printed (null when none was). */
  readonly firstMeasure: string | null;
}

/** The share a dotted pair is written with (a dotted note is 3 times its short note). */
const WRITTEN_SHARE = 0.75;
/** Under this share the rhythm is too even (a triplet feel, 0.67, is already too even). */
export const TOO_EVEN_SHARE = 0.69;
/** Pairs needed to speak of the rhythm rather than of a note. */
const MIN_PAIRS = 3;

/** `note` is a dotted note whose short partner follows it directly (3:1, e.g. ♪. ♬). */
export function isDottedPair(note: ScoreNote, next: ScoreNote | undefined): boolean {
  if (!next) return false;
  const ratio = note.durationQuarters / next.durationQuarters;
  const adjacent = Math.abs(note.startQuarters + note.durationQuarters - next.startQuarters) < 1e-6;
  return adjacent && Math.abs(ratio - 3) < 1e-6 && next.durationQuarters <= 0.5 + 1e-6;
}

/**
 * The dotted pairs of the score as played, or null when the score has fewer than MIN_PAIRS of
 * them heard. `notes` are the assessor's verdicts, in the score's performance order.
 */
export function dottedRhythmOf(
  score: Score,
  notes: readonly NoteAssessment[],
): DottedRhythm | null {
  const shares: { share: number; measure: string }[] = [];
  score.notes.forEach((note, i) => {
    const short = score.notes[i + 1];
    const after = score.notes[i + 2];
    if (!short || !after || !isDottedPair(note, short)) return;
    const [a, b, c] = [notes[i], notes[i + 1], notes[i + 2]];
    if (!a || !b || !c || a.onsetMs === null || b.onsetMs === null || c.onsetMs === null) return;
    const playedMs = c.onsetMs - a.onsetMs;
    const writtenMs = after.startMs - note.startMs;
    // A pair interrupted by a stop or a slip of the alignment says nothing about the rhythm.
    if (!(playedMs > 0.5 * writtenMs && playedMs < 2 * writtenMs)) return;
    shares.push({ share: (b.onsetMs - a.onsetMs) / playedMs, measure: note.measure });
  });
  if (shares.length < MIN_PAIRS) return null;
  const playedShare = median(shares.map((s) => s.share)) ?? WRITTEN_SHARE;
  const first = shares.find((s) => s.share < TOO_EVEN_SHARE);
  return {
    pairs: shares.length,
    playedShare: Math.round(playedShare * 1000) / 1000,
    firstMeasure: first ? first.measure : null,
  };
}

/**
 * The rhythm in a teacher's words when the dotted pairs were played too even, else null:
 * "Your dotted rhythm is too even: make the 16th short and late." (the short note's name follows
 * the score: a dotted quarter and eighth says "the 8th").
 */
export function dottedRhythmLine(score: Score, notes: readonly NoteAssessment[]): string | null {
  const rhythm = dottedRhythmOf(score, notes);
  if (!rhythm || !(rhythm.playedShare < TOO_EVEN_SHARE)) return null;
  const dotted = score.notes.findIndex((n, i) => isDottedPair(n, score.notes[i + 1]));
  const shortQuarters = score.notes[dotted + 1]?.durationQuarters ?? 0.25;
  const name = shortQuarters >= 0.5 - 1e-6 ? '8th' : shortQuarters >= 0.25 - 1e-6 ? '16th' : '32nd';
  return `Your dotted rhythm is too even: make the ${name} short and late.`;
}
