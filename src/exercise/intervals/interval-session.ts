/**
 * The intervals exercise as a state machine: the app plays a reference, the player answers by
 * holding a note, and the one assessor judges the answer (pitch from its aim, steadiness).
 */
import type { NoteEvent, PitchReading } from '../../audio/stream/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../../lib/observable';
import {
  median,
  overallScore,
  nearestWrittenNote,
  writtenMidiToHz,
  type InstrumentId,
  judgeHeldNote,
  type NoteAssessment,
  type PerformanceEvent,
  type PerformanceReading,
} from '../../music';
import type { IntervalQuestion } from './interval-questions';

export interface IntervalAnswer {
  question: IntervalQuestion;
  /** Written MIDI the player held, null when nothing steady was heard in time. */
  heardMidi: number | null;
  /** Offset of the held pitch from the correct answer, cents (null if not heard). */
  cents: number | null;
  correct: boolean;
  /**
   * 0..100: the assessor's pitch and steadiness of a right answer (no cliff anywhere: a few
   * cents cost a few points); a wrong or missing one 0.
   */
  score: number;
  /** The assessor's verdict on the answer (null when nothing was heard in time). */
  verdict: NoteAssessment | null;
}

export type IntervalPhase = 'ready' | 'listen' | 'answer' | 'done';

export interface IntervalState {
  phase: IntervalPhase;
  index: number;
  answers: readonly IntervalAnswer[];
  score: number;
}

export const REFERENCE_MS = 1500;
/** After the reference stops, readings are ignored this long (the room still rings with it). */
const RING_MS = 300;
/** An answer is a note held this long on the same written note. */
const HOLD_MS = 400;
const ANSWER_TIMEOUT_MS = 8000;

export interface IntervalSession {
  readonly state: ReadonlyObservable<IntervalState>;
  readonly questions: readonly IntervalQuestion[];
  /** Plays question `index` from `nowMs`: the page starts the reference tone at the same time. */
  ask(nowMs: number): void;
  onReading(reading: PitchReading): void;
  /** The stream's note events: the answer's onset as the stream heard it. */
  onNote(event: NoteEvent): void;
  tick(nowMs: number): void;
  referenceHz(index: number): number;
}

export function createIntervalSession(options: {
  questions: readonly IntervalQuestion[];
  instrument: InstrumentId;
  a4Hz: number;
  /** Half-width of the in-tune band, cents (default 10). */
  inTuneCents?: number;
}): IntervalSession {
  const { questions, instrument, a4Hz } = options;
  const bandCents = options.inTuneCents ?? 10;
  const state = createObservable<IntervalState>({
    phase: 'ready',
    index: 0,
    answers: [],
    score: 0,
  });
  let listenUntilMs = 0;
  let askedMs = 0;
  let heldMidi: number | null = null;
  let heldSinceMs = 0;
  let heldCents: number[] = [];
  // The answer as the stream gave it (readings of the held note, note events since it began).
  let answerReadings: PerformanceReading[] = [];
  let answerEvents: PerformanceEvent[] = [];

  /**
   * The held answer for the assessor. A note already sounding when the answer phase began (the
   * player came in early) has its onset from the reading's own note identity.
   */
  const answerPerformance = () => {
    const first = answerReadings[0] as PitchReading | undefined;
    const hasOnset = answerEvents.some((e) => e.type === 'note-on');
    const onset: PerformanceEvent[] =
      hasOnset || !first
        ? []
        : [
            {
              type: 'note-on',
              hz: first.noteHz > 0 ? first.noteHz : first.hz,
              onsetMs: Number.isFinite(first.noteOnsetMs)
                ? Math.max(first.noteOnsetMs, first.windowStartMs)
                : first.windowStartMs,
            },
          ];
    return { readings: answerReadings, events: [...onset, ...answerEvents] };
  };

  const answer = (heardMidi: number | null, cents: number[]): void => {
    const current = state.get();
    const question = questions[current.index];
    const offset =
      heardMidi === null ? null : (median(cents) ?? 0) + 100 * (heardMidi - question.answerMidi);
    const correct = heardMidi === question.answerMidi;
    const judged =
      heardMidi === null
        ? null
        : judgeHeldNote(question.answer, answerPerformance(), {
            holdMs: HOLD_MS,
            instrument,
            a4Hz,
            bandCents,
          });
    const played = judged?.verdict.verdict === 'played';
    const result: IntervalAnswer = {
      question,
      heardMidi,
      cents: played
        ? Math.round(judged.verdict.cents ?? 0)
        : offset === null
          ? null
          : Math.round(offset),
      correct,
      score: correct && played ? judged.score : 0,
      verdict: judged?.verdict ?? null,
    };
    answerReadings = [];
    answerEvents = [];
    const answers = [...current.answers, result];
    const last = current.index + 1 >= questions.length;
    state.set({
      phase: last ? 'done' : 'ready',
      index: last ? current.index : current.index + 1,
      answers,
      score: overallScore(answers),
    });
  };

  return {
    state,
    questions,
    referenceHz: (i) => writtenMidiToHz(questions[i].referenceMidi, instrument, a4Hz),
    ask(nowMs) {
      const current = state.get();
      if (current.phase !== 'ready') return;
      askedMs = nowMs;
      listenUntilMs = nowMs + REFERENCE_MS + RING_MS;
      heldMidi = null;
      heldCents = [];
      answerReadings = [];
      answerEvents = [];
      state.set({ ...current, phase: 'listen' });
    },
    onReading(reading) {
      if (!reading.live) return;
      const current = state.get();
      if (current.phase === 'listen' && reading.timeMs >= listenUntilMs) {
        state.set({ ...current, phase: 'answer' });
      } else if (current.phase !== 'answer') return;
      // Only while the stream says a note sounds (its onset gate ignores stray pitched frames).
      const heard = nearestWrittenNote(reading.noteHz > 0 ? reading.hz : 0, instrument, a4Hz);
      if (!heard.hasPitch) {
        heldMidi = null;
        heldCents = [];
        answerReadings = [];
        return;
      }
      if (heard.writtenMidi !== heldMidi) {
        heldMidi = heard.writtenMidi;
        heldSinceMs = reading.timeMs;
        heldCents = [];
        answerReadings = [];
        // Events before this note began are another note's.
        answerEvents = answerEvents.filter((e) => e.onsetMs >= reading.windowStartMs - 100);
      }
      heldCents.push(heard.cents);
      answerReadings.push(reading);
      if (reading.timeMs - heldSinceMs >= HOLD_MS) answer(heldMidi, heldCents);
    },
    onNote(event) {
      if (state.get().phase === 'answer') answerEvents.push(event);
    },
    tick(nowMs) {
      const phase = state.get().phase;
      if (
        (phase === 'listen' || phase === 'answer') &&
        nowMs - askedMs > REFERENCE_MS + ANSWER_TIMEOUT_MS
      ) {
        answer(null, []);
      }
    },
  };
}
