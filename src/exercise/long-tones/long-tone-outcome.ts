/**
 * One long tone's outcome: the one assessor's verdict on the hold (pitch from its aim, steadiness
 * with cracks and dropouts), drift over the breath, the coach's words, and the trace to plot.
 */
import {
  coachNote,
  coachSession,
  wrongNoteAdvice,
  type CoachAdvice,
  centsBetween,
  type ScaleNote,
  scoreHold,
  type HoldResult,
  type PitchSample,
  noteName,
  spelledNoteName,
  nearestWrittenNote,
  driftAdvice,
  driftCurve,
  fourthValveFor,
  type HoldSubScores,
  type InstrumentId,
  judgeHeldNote,
  type NoteAssessment,
  type Performance,
  type HornLookup,
  type Spelling,
} from '../../music';
import { noteContext } from '../note-context';

export interface NoteOutcome {
  /** The assessor's verdict on the hold: played / wrong / missed, flags (cracks, wobble) and why. */
  verdict: NoteAssessment;
  writtenMidi: number;
  name: string;
  targetHz: number;
  result: HoldResult;
  advice: CoachAdvice | null;
  scores: HoldSubScores;
  /**
   * The note's score, 0..100: the hold's score (time in tune, steadiness, centre) at 90 % and
   * drift at 10 %, so a tone that sags at the end of the breath scores below one that does not.
   */
  score: number;
  /** Drift advice (the coach speaks about the centre; this about the end of the breath). */
  driftAdvice: string | null;
  /** Offsets from the target over the hold, for the trace plot: [ms from onset, cents or null]. */
  trace: readonly (readonly [number, number | null])[];
}

/** What the session knows of the hold just ended. */
export interface HoldInput {
  readonly note: ScaleNote;
  readonly targetHz: number;
  /** The hold's onset on the stream's clock, ms (the trace starts there). */
  readonly onsetMs: number;
  readonly samples: readonly PitchSample[];
  readonly performance: Performance;
  /** The note heard instead while the player was meant to start this one, if any. */
  readonly heardInsteadMidi: number | null;
  /** Earlier holds of this session (the coach looks for a pattern on the same note). */
  readonly earlier: readonly NoteOutcome[];
}

/** The session's settings a hold is judged with (see LongToneOptions). */
export interface HoldOptions {
  readonly holdMs: number;
  readonly instrument: InstrumentId;
  readonly a4Hz: number;
  readonly inTuneCents: number;
  readonly pastCentsByMidi?: ReadonlyMap<number, readonly number[]>;
  readonly horn?: HornLookup;
  readonly spelling?: Spelling;
}

export function holdOutcome(input: HoldInput, options: HoldOptions): NoteOutcome {
  const { note, targetHz, samples } = input;
  const { instrument, a4Hz, inTuneCents } = options;
  const judged = judgeHeldNote(note, input.performance, {
    holdMs: options.holdMs,
    instrument,
    a4Hz,
    bandCents: inTuneCents,
  });
  const { verdict } = judged;
  const played = verdict.verdict === 'played';
  // The centre is the assessor's (one truth); the hold's frames still give drift and the share
  // of time in the band shown beside it.
  const result: HoldResult = {
    ...scoreHold(samples, { targetHz, inTuneCents }),
    medianCents: played ? verdict.cents : null,
  };
  const chartContext = noteContext(note.midi, spelledNoteName(note));
  // A piccolo plays low G, D, F♯, C♯ with its 4th valve (in tune): no 3rd-slide advice there.
  const fourth = fourthValveFor(note.midi, instrument);
  const context =
    chartContext && fourth ? { ...chartContext, valves: fourth.valves.join('') } : chartContext;
  const earlier = options.pastCentsByMidi?.get(note.midi) ?? [];
  const sameNoteThisSession = input.earlier
    .filter((o) => o.writtenMidi === note.midi && o.result.medianCents !== null)
    .map((o) => o.result.medianCents as number);
  const heard = heldNote(samples, instrument, a4Hz) ?? input.heardInsteadMidi;
  const advice = !context
    ? null
    : result.medianCents === null && heard !== null && heard !== note.midi
      ? wrongNoteAdvice(context, noteName(heard, { spelling: options.spelling }))
      : coachNote(
          context,
          result.medianCents,
          [...earlier, ...sameNoteThisSession],
          Math.max(inTuneCents, 1),
          options.horn,
          verdict.flags,
        );
  return {
    verdict,
    writtenMidi: note.midi,
    name: context?.name ?? String(note.midi),
    targetHz,
    result,
    advice,
    scores: {
      pitch: played ? Math.round(verdict.scores.pitch) : null,
      steadiness: played ? Math.round(verdict.scores.steadiness) : null,
      drift: played && result.driftCents !== null ? driftCurve(result.driftCents) : null,
    },
    driftAdvice: played ? driftAdvice(result.driftCents) : null,
    score:
      !played || result.driftCents === null
        ? judged.score
        : Math.round(0.9 * judged.score + 0.1 * driftCurve(result.driftCents)),
    trace: samples.map((s) => [
      Math.round(s.timeMs - input.onsetMs),
      s.hz > 0 ? Math.round(centsBetween(targetHz, s.hz) * 10) / 10 : null,
    ]),
  };
}

/** Main-tuning-slide advice from the session's notes (the coach looks at the open ones). */
export function sessionAdvice(outcomes: readonly NoteOutcome[]): string | null {
  return coachSession(
    outcomes.map((o) => {
      const context = noteContext(o.writtenMidi);
      return {
        valves: context?.valves ?? '',
        partial: context?.partial ?? null,
        medianCents: o.result.medianCents,
      };
    }),
  );
}

/** The written note held most of the time (median of the pitched frames), or null if none. */
function heldNote(
  samples: readonly PitchSample[],
  instrument: InstrumentId,
  a4Hz: number,
): number | null {
  const pitched = samples
    .filter((s) => s.hz > 0)
    .map((s) => s.hz)
    .sort((a, b) => a - b);
  if (pitched.length === 0) return null;
  const heard = nearestWrittenNote(pitched[pitched.length >> 1], instrument, a4Hz);
  return heard.hasPitch ? heard.writtenMidi : null;
}
