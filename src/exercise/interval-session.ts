import type { NoteEvent, PitchReading } from '../audio/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import {
  spelledNoteName,
  spellMidi,
  type SpelledNote,
  type Spelling,
  INTERVALS,
  intervalFrom,
  type IntervalSpec,
  median,
  overallScore,
  nearestWrittenNote,
  writtenMidiToHz,
  type InstrumentId,
  judgeHeldNote,
  type NoteAssessment,
  type PerformanceEvent,
  type PerformanceReading,
} from '../music';

export type IntervalDirection = 'up' | 'down';

export interface IntervalQuestion {
  /** Written MIDI of the reference the app plays. */
  referenceMidi: number;
  /** The reference as written (spelled so the answer needs no double sharp or flat). */
  reference: SpelledNote;
  direction: IntervalDirection;
  semitones: number;
  intervalName: string;
  /** Written MIDI the player should answer with. */
  answerMidi: number;
  /** The answer spelled by interval: a minor 2nd above B♭3 is C♭4. */
  answer: SpelledNote;
}

/** Which way the questions go: above the reference, below it, or both mixed. */
export type IntervalDirections = IntervalDirection | 'both';
export const INTERVAL_DIRECTIONS: readonly IntervalDirections[] = ['up', 'down', 'both'];

/**
 * A question on a written reference, spelled by `spelling` unless the answer would then need a
 * double sharp or flat (a major 7th above G♯3 is F𝄪4): then the reference takes its other name
 * (A♭3, answer G4).
 */
export function makeQuestion(
  referenceMidi: number,
  interval: IntervalSpec,
  direction: IntervalDirection,
  spelling: Spelling = 'default',
): IntervalQuestion {
  const candidates = [spellMidi(referenceMidi, spelling), spellMidi(referenceMidi, 'flats')];
  candidates.push(spellMidi(referenceMidi, 'sharps'));
  // The tritone is named as the spelling that reads simpler: an augmented 4th (F up to B) or a
  // diminished 5th (B♭ down to E, never F♭): issue 22 row 9.
  const specs = interval.semitones === 6 ? TRITONE_SPELLINGS : [interval];
  // The preferred reference first, with its simplest spelling of the interval; another name
  // for the reference only when the answer would still need a double sharp or flat.
  const first = candidates[0];
  let best = { reference: first, spec: specs[0], answer: intervalFrom(first, specs[0], direction) };
  for (const reference of candidates) {
    for (const spec of specs) {
      const answer = intervalFrom(reference, spec, direction);
      if (Math.abs(answer.accidental) < Math.abs(best.answer.accidental)) {
        best = { reference, spec, answer };
      }
    }
    if (Math.abs(best.answer.accidental) <= 1) break;
  }
  const { reference, spec, answer } = best;
  const sign = direction === 'up' ? 1 : -1;
  return {
    referenceMidi,
    reference,
    direction,
    semitones: interval.semitones,
    intervalName: spec.name,
    answerMidi: referenceMidi + sign * interval.semitones,
    answer,
  };
}

/** The tritone's two spellings: three letters (augmented 4th) or four (diminished 5th). */
const TRITONE_SPELLINGS: readonly IntervalSpec[] = [
  { semitones: 6, letterSteps: 3, name: 'augmented 4th' },
  { semitones: 6, letterSteps: 4, name: 'diminished 5th' },
];

/** "a major 3rd", "an octave", "an augmented 4th": the article a teacher says. */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * `count` questions, never the same twice in a row: an interval up to an octave above a written
 * reference between G3 and G4, or below one between G4 and G5 (the answer stays on the trumpet:
 * written G3–G5). `random` returns [0, 1) (tests pass a seeded one).
 */
export function makeQuestions(
  count: number,
  random: () => number = Math.random,
  options: { directions?: IntervalDirections; spelling?: Spelling } = {},
): IntervalQuestion[] {
  if (!Number.isInteger(count) || count < 1 || count > 50) {
    throw new Error(`Question count must be an integer from 1 to 50, got ${count}.`);
  }
  const directions = options.directions ?? 'up';
  if (!INTERVAL_DIRECTIONS.includes(directions)) {
    throw new Error(
      `directions must be one of ${INTERVAL_DIRECTIONS.join(', ')}, got "${String(directions)}".`,
    );
  }
  const questions: IntervalQuestion[] = [];
  while (questions.length < count) {
    const direction: IntervalDirection =
      directions === 'both' ? (random() < 0.5 ? 'up' : 'down') : directions;
    const referenceMidi = (direction === 'up' ? 55 : 67) + Math.floor(random() * 13);
    let pick = Math.floor(random() * INTERVALS.length);
    const previous = questions.at(-1);
    // Never the same question twice in a row: take the next interval instead (no retry loop, so
    // even a constant `random` terminates).
    if (
      previous?.referenceMidi === referenceMidi &&
      previous.direction === direction &&
      previous.semitones === INTERVALS[pick].semitones
    ) {
      pick = (pick + 1) % INTERVALS.length;
    }
    questions.push(makeQuestion(referenceMidi, INTERVALS[pick], direction, options.spelling));
  }
  return questions;
}

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

/** "Play a major 3rd above C4", "Play a minor 2nd below C♭5". */
export function questionText(q: IntervalQuestion): string {
  const where = q.direction === 'up' ? 'above' : 'below';
  return `Play ${withArticle(q.intervalName)} ${where} ${spelledNoteName(q.reference)}`;
}

/** The question with the reference hidden (true ear training): the player hears it, never sees it. */
export function hiddenQuestionText(q: IntervalQuestion): string {
  const where = q.direction === 'up' ? 'above' : 'below';
  return `Play ${withArticle(q.intervalName)} ${where} the note you hear`;
}
