/**
 * A note of a timed exercise (scales, lip slurs, articulation) and what became of it: the valves
 * advice is given on, and the articulation summary of a tongued passage (evenness, notes per
 * beat, T against K) from the notes' starts.
 */
import type { JudgedPass } from '../../lib/clean-pass';
import {
  compareTAndK,
  matchOnsets,
  summarizeArticulation,
  syllableAt,
  playedFingering,
  type AdviceFingering,
  type ArticulationSummary,
  type InstrumentId,
  type NoteAssessment,
  type NoteScore,
  type ScaleNote,
  type TimedPassageNote,
  type Passage,
  type Spelling,
  type Tonguing,
  type ValveCombo,
  type DroneReference,
} from '../../music';

export interface TimedNote extends ScaleNote {
  /** Written MIDI numbers a crack would land on (lip slurs: the neighbouring partials). */
  neighbours?: readonly number[];
  /** The valves the exercise asks for (lip slurs keep one combination for a whole series). */
  combo?: ValveCombo;
  /** Scored against this sounding offset from equal temperament, cents (the 7th partial: −31). */
  naturalCents?: number;
}

export interface TimedOptions {
  passage: Passage<TimedNote>;
  tempoBpm: number;
  instrument: InstrumentId;
  a4Hz: number;
  /** Half-width of the in-tune band, cents. */
  inTuneCents: number;
  /** Beats of metronome before the first note (default: one bar). */
  countInBeats?: number;
  spelling?: Spelling;
  /** An articulation exercise at this many notes per beat: also summarise the tonguing. */
  articulationNotesPerBeat?: number;
  /** The tonguing asked (with articulationNotesPerBeat): double and triple also set K against T. */
  articulationTonguing?: Tonguing;
  /** A drone sounds while playing: each note is judged at its just interval over it (U5). */
  drone?: DroneReference;
  /**
   * Told once, when the pass is scored, clean or not. The screen hands it the clean-pass bus
   * (`lib/clean-pass.ts`, for a running speed trainer): the session is pure and knows no bus.
   */
  onJudged?: (pass: JudgedPass) => void;
}

export interface TimedOutcome {
  /** The assessor's verdict: played / wrong / missed, its flags and the reasons in words. */
  verdict: NoteAssessment;
  writtenMidi: number;
  name: string;
  /** The written note heard most of the note, null when nothing was. */
  heardName: string | null;
  result: NoteScore;
  /** = result.overall (0..100). */
  score: number;
  outcome: NoteScore['outcome'];
  timingMs: number | null;
  medianCents: number | null;
  advice: string | null;
  trace: readonly (readonly [number, number | null])[];
}

/**
 * The valves a note is asked on: the exercise's (lip slurs: fixed, so no swaps), else the chart's
 * primary (on a piccolo, its 4th valve where it has one). A note aimed at its natural partial (the 7th in a lip slur) is a matter of lips and
 * air, not of the fingering (which is no trill there): no fingering advice.
 */
export function adviceFingering(note: TimedNote, instrument: InstrumentId): AdviceFingering {
  return playedFingering(note.midi, instrument, note);
}

/** The tonguing summary of an articulation exercise (null when the passage is not one). */
export function articulationOf(
  notes: readonly TimedPassageNote<TimedNote>[],
  allDueMs: readonly number[],
  starts: readonly number[],
  outcomes: readonly TimedOutcome[],
  options: { beatMs: number; perBeat: number | undefined; tonguing: Tonguing | undefined },
): ArticulationSummary | null {
  const { beatMs, perBeat, tonguing } = options;
  return perBeat === undefined
    ? null
    : {
        ...summarizeArticulation(
          allDueMs,
          starts,
          beatMs / perBeat,
          perBeat,
          outcomes.map((o) => o.result.attackMs),
        ),
        // Each note's own attack, matched as the summary matches them; its syllable from
        // its place in the beat's group (the held last note starts a group: a T).
        tAndK:
          tonguing === 'double' || tonguing === 'triple'
            ? compareTAndK(
                matchOnsets(allDueMs, starts, beatMs / perBeat / 3).map((offsetMs, i) => ({
                  syllable: syllableAt(
                    tonguing,
                    Math.round((notes[i].startBeat % 1) * perBeat) % perBeat,
                  ),
                  sounded: outcomes[i].outcome !== 'missed',
                  onsetOffsetMs: offsetMs,
                })),
              )
            : null,
      };
}
