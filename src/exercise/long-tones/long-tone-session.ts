import type { NoteEvent, PitchReading } from '../../audio/stream/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../../lib/observable';
import {
  type HornLookup,
  centsBetween,
  type ScaleNote,
  overallScore,
  type PitchSample,
  type Spelling,
  nearestWrittenNote,
  writtenMidiToHz,
  type InstrumentId,
  type PerformanceEvent,
  type PerformanceReading,
} from '../../music';
import { holdOutcome, sessionAdvice, type NoteOutcome } from './long-tone-outcome';

export type { NoteOutcome } from './long-tone-outcome';

/** Hold length a player can choose, seconds. */
export const HOLD_SECONDS_RANGE = { min: 1, max: 60 } as const;
/**
 * A hold starts on a note-on of the pitch stream (its onset gate already ignores stray pitched
 * frames) within this of the target; any other note is reported as heard, not held.
 */
export const NEAR_TARGET_CENTS = 100;

export interface LongToneOptions {
  notes: readonly ScaleNote[];
  holdSeconds: number;
  instrument: InstrumentId;
  a4Hz: number;
  inTuneCents: number;
  /**
   * Median offsets of earlier attempts per written MIDI (oldest first), for the coach: only
   * attempts on this instrument with the note's primary fingering (see history/intonation-map).
   */
  pastCentsByMidi?: ReadonlyMap<number, readonly number[]>;
  /** The player's own intonation map, so the coach knows how alternates sit on their horn. */
  horn?: HornLookup;
  /** How the heard note is named when the player held another note. */
  spelling?: Spelling;
  /**
   * Rest after each hold before the next may start, seconds (0..60, default 0). trumpet.md: rest
   * as long as you play.
   */
  restSeconds?: number;
}

export type LongTonePhase = 'waiting' | 'holding' | 'resting' | 'done';

export interface LongToneState {
  phase: LongTonePhase;
  index: number;
  /** Onset of the current hold on the pitch service's clock, ms (null while waiting). */
  onsetMs: number | null;
  /** While resting: when the rest ends, ms on the stream's clock. */
  restUntilMs: number | null;
  /** While waiting: the written note last heard instead of the target (a wrong note), or null. */
  heardInsteadMidi: number | null;
  outcomes: readonly NoteOutcome[];
  score: number;
  sessionAdvice: string | null;
}

export interface LongToneSession {
  /** Changes only at note boundaries: safe to render with React. */
  readonly state: ReadonlyObservable<LongToneState>;
  /** Feed every reading of the pitch service (the page subscribes and forwards). */
  onReading(reading: PitchReading): void;
  /** Feed every note event of the pitch service: a hold starts on a note-on near the target. */
  onNote(event: NoteEvent): void;
  /** Score the current note with what was heard so far (or nothing) and move on. */
  skip(nowMs: number): void;
  /** End the exercise now; unplayed notes are left out of the results. */
  finish(): void;
  targetHz(index: number): number;
}

/**
 * The long-tone exercise as a state machine, independent of React and of the microphone:
 * for each note, wait for the player to start it (a note-on near the target), record
 * `holdSeconds` of readings, score the hold and ask the coach, then go to the next note.
 */
export function createLongToneSession(options: LongToneOptions): LongToneSession {
  const { notes, instrument, a4Hz } = options;
  if (notes.length === 0) throw new Error('A long-tone exercise needs at least one note.');
  const { min, max } = HOLD_SECONDS_RANGE;
  if (!(options.holdSeconds >= min && options.holdSeconds <= max)) {
    throw new Error(`holdSeconds must be from ${min} to ${max}, got ${options.holdSeconds}.`);
  }
  const holdMs = options.holdSeconds * 1000;
  const restSeconds = options.restSeconds ?? 0;
  if (!(restSeconds >= 0 && restSeconds <= 60)) {
    throw new Error(`restSeconds must be from 0 to 60, got ${restSeconds}.`);
  }
  const restMs = restSeconds * 1000;
  const targets = notes.map((n) => writtenMidiToHz(n.midi, instrument, a4Hz));
  const state = createObservable<LongToneState>({
    phase: 'waiting',
    index: 0,
    onsetMs: null,
    restUntilMs: null,
    heardInsteadMidi: null,
    outcomes: [],
    score: 0,
    sessionAdvice: null,
  });
  let samples: PitchSample[] = [];
  // The hold as the stream gave it, for the assessor: readings and note events from its onset.
  let readings: PerformanceReading[] = [];
  let events: PerformanceEvent[] = [];
  let lastTimeMs = 0;
  /** The stream stopped during the current hold (see `onReading`). */
  let holdInterrupted = false;

  const complete = (): void => {
    const current = state.get();
    const outcome = holdOutcome(
      {
        note: notes[current.index],
        targetHz: targets[current.index],
        onsetMs: current.onsetMs ?? lastTimeMs,
        samples,
        performance: { readings, events },
        heardInsteadMidi: current.heardInsteadMidi,
        earlier: current.outcomes,
      },
      { ...options, holdMs },
    );
    const outcomes = [...current.outcomes, outcome];
    samples = [];
    readings = [];
    events = [];
    const last = current.index + 1 >= notes.length;
    const rest = !last && restMs > 0;
    state.set({
      phase: last ? 'done' : rest ? 'resting' : 'waiting',
      index: last ? current.index : current.index + 1,
      onsetMs: null,
      restUntilMs: rest ? lastTimeMs + restMs : null,
      heardInsteadMidi: null,
      outcomes,
      score: overallScore(outcomes),
      sessionAdvice: last ? sessionAdvice(outcomes) : null,
    });
  };

  return {
    state,
    targetHz: (index) => targets[index],
    onReading(reading) {
      const current = state.get();
      if (current.phase === 'resting') {
        // The rest is timed on the stream's clock: it ends when the audio has moved past it.
        if (current.restUntilMs !== null && reading.windowEndMs >= current.restUntilMs) {
          state.set({ ...current, phase: 'waiting', restUntilMs: null, heardInsteadMidi: null });
        }
        return;
      }
      if (current.phase !== 'holding' || current.onsetMs === null) return;
      if (!reading.live) {
        // The stream stopped mid-hold (page hidden, microphone lost): the time away is not part of
        // the hold. `finish()` still scores what was heard (a microphone lost for good).
        holdInterrupted = true;
        return;
      }
      if (holdInterrupted) {
        // Back after an interruption: this note starts over at its next onset.
        holdInterrupted = false;
        samples = [];
        readings = [];
        events = [];
        state.set({ ...current, phase: 'waiting', onsetMs: null });
        return;
      }
      // A reading describes its whole window: its pitch belongs to the window's middle.
      const timeMs = reading.windowCentreMs;
      lastTimeMs = reading.windowEndMs;
      if (timeMs >= current.onsetMs) samples.push({ timeMs, hz: reading.hz });
      readings.push(reading);
      if (reading.windowEndMs - current.onsetMs >= holdMs) complete();
    },
    onNote(event) {
      const current = state.get();
      if (current.phase === 'holding') events.push(event);
      if (current.phase !== 'waiting' || event.type !== 'note-on') return;
      const targetHz = targets[current.index];
      if (Math.abs(centsBetween(targetHz, event.hz)) > NEAR_TARGET_CENTS) {
        const heard = nearestWrittenNote(event.hz, instrument, a4Hz);
        const heardInsteadMidi = heard.hasPitch ? heard.writtenMidi : null;
        if (heardInsteadMidi !== current.heardInsteadMidi)
          state.set({ ...current, heardInsteadMidi });
        return;
      }
      samples = [];
      readings = [];
      events = [event];
      holdInterrupted = false;
      lastTimeMs = event.confirmedMs;
      state.set({ ...current, phase: 'holding', onsetMs: event.onsetMs, heardInsteadMidi: null });
    },
    skip(nowMs) {
      const current = state.get();
      if (current.phase === 'done') return;
      if (current.phase === 'resting') {
        state.set({ ...current, phase: 'waiting', restUntilMs: null });
        return;
      }
      lastTimeMs = nowMs;
      complete();
    },
    finish() {
      const current = state.get();
      if (current.phase === 'done') return;
      if (current.phase === 'holding' && samples.length > 0) {
        complete();
        if (state.get().phase === 'done') return;
      }
      const outcomes = state.get().outcomes;
      state.set({
        ...state.get(),
        phase: 'done',
        onsetMs: null,
        restUntilMs: null,
        heardInsteadMidi: null,
        sessionAdvice: sessionAdvice(outcomes),
      });
    },
  };
}
