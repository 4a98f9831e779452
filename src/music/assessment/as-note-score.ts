/**
 * The assessor's verdict on a note, in the shape the app's older views and stored history read
 * (`NoteScore`: per-note advice, the results table, the intonation map). Nothing is judged here:
 * pitch, timing and steadiness, the verdict and the overall are the assessor's; only the attack
 * (how fast the note speaks, whether a slur was tongued), which the assessor does not judge, is
 * carried over from the exercise's own attack measurement.
 */
import type { AttackMeasure } from './attack-measure';
import type { NoteAssessment } from './assessment-types';
import { weightedOverall } from './curves';
import type { NoteScore } from './note-scores';
import { shiftHzByCents } from '../theory/cents';
import { parseSpelledNote, spelledToMidi } from '../theory/notes';

export interface AsNoteScoreContext {
  /** Where the note was aimed, sounding Hz (its aim cents included). */
  readonly targetHz: number;
  /** Written MIDI of the note asked. */
  readonly writtenMidi: number;
  /** When the note was due, ms on the performance's clock (null: no click, timing is relative). */
  readonly dueMs: number | null;
  /** Written MIDI a crack would land on (a lip slur's neighbouring partials). */
  readonly neighbours?: readonly number[];
  readonly attack?: AttackMeasure;
}

export function asNoteScore(note: NoteAssessment, context: AsNoteScoreContext): NoteScore {
  const heard = note.heard === null ? null : parseSpelledNote(note.heard);
  const heardMidi = heard ? spelledToMidi(heard) : null;
  const cents = note.cents ?? 0;
  const heardHz =
    heardMidi === null
      ? null
      : shiftHzByCents(context.targetHz, 100 * (heardMidi - context.writtenMidi) + cents);
  // A lip slur landing on a neighbouring partial is a crack to it, as a teacher names it.
  const outcome =
    note.verdict === 'wrong' && heardMidi !== null && context.neighbours?.includes(heardMidi)
      ? 'cracked'
      : note.verdict;
  const played = note.verdict === 'played';
  const unsteady = note.flags.find((f) => f.flag === 'unsteady');
  return {
    outcome,
    // Whole points for the player (the assessor's JSON keeps its tenths).
    scores: {
      pitch: note.verdict === 'missed' ? null : Math.round(note.scores.pitch),
      timing: note.verdict === 'missed' ? null : Math.round(note.scores.timing),
      steadiness: note.verdict === 'missed' ? null : Math.round(note.scores.steadiness),
      articulation: played ? (context.attack?.score ?? null) : null,
    },
    overall: played ? Math.round(weightedOverall(note.scores)) : 0,
    heardHz,
    medianCents: played ? note.cents : null,
    // The spread when the assessor called it a wobble; otherwise not worth a number.
    spreadCents: played && unsteady?.flag === 'unsteady' ? unsteady.cents : null,
    timingMs:
      played && note.onsetMs !== null && context.dueMs !== null
        ? Math.round(note.onsetMs - context.dueMs)
        : null,
    attackMs: played ? (context.attack?.attackMs ?? null) : null,
    reattacked: context.attack?.reattacked ?? null,
  };
}
