import type { NoteEvent, PitchReading } from '../audio/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import {
  centsBetween,
  spelledName,
  type ValveCombo,
  type ScaleNote,
  overallScore,
  scoreTimedNotes,
  type PitchSample,
  type TimedNoteResult,
  writtenMidiToHz,
  type InstrumentId,
} from '../music';

/**
 * How long after the last note's window the session waits for the stream's last readings before
 * it scores anyway (a stopped stream sends none): the stream's own timestamps decide, not a guess.
 */
const LAST_READING_GRACE_MS = 1000;

export interface TimedNote extends ScaleNote {
  /** Written MIDI numbers a crack would land on (lip slurs: the neighbouring partials). */
  neighbours?: readonly number[];
  /** The valves the exercise asks for (lip slurs keep one combination for a whole series). */
  combo?: ValveCombo;
}

export interface TimedOutcome extends TimedNoteResult {
  writtenMidi: number;
  name: string;
  trace: readonly (readonly [number, number | null])[];
}

export type TimedPhase = 'ready' | 'count-in' | 'playing' | 'done';

export interface TimedState {
  phase: TimedPhase;
  /** Index of the note due now (by the clock). */
  index: number;
  outcomes: readonly TimedOutcome[];
  score: number;
}

export interface TimedSession {
  readonly state: ReadonlyObservable<TimedState>;
  /** Beat 0 of the count-in is heard at `startMs` (performance.now() clock). */
  begin(startMs: number): void;
  onReading(reading: PitchReading): void;
  /** Note events of the pitch stream: note-on onsets are what timing is judged against. */
  onNote(event: NoteEvent): void;
  /** Advance the clock (call a few times per beat); scores when the last note is over. */
  tick(nowMs: number): void;
  finish(): void;
  targetHz(index: number): number;
  readonly beatMs: number;
  readonly countInBeats: number;
}

export interface TimedOptions {
  notes: readonly TimedNote[];
  tempoBpm: number;
  instrument: InstrumentId;
  a4Hz: number;
  /** Beats of metronome before the first note (default 4). */
  countInBeats?: number;
}

/** Notes played one per beat to the metronome (scales, lip slurs), scored per note at the end. */
export function createTimedSession(options: TimedOptions): TimedSession {
  const { notes, instrument, a4Hz } = options;
  if (notes.length === 0) throw new Error('A timed exercise needs at least one note.');
  const beatMs = 60_000 / options.tempoBpm;
  const countInBeats = options.countInBeats ?? 4;
  const targets = notes.map((n) => writtenMidiToHz(n.midi, instrument, a4Hz));
  const state = createObservable<TimedState>({ phase: 'ready', index: 0, outcomes: [], score: 0 });
  const samples: PitchSample[] = [];
  const onsetsMs: number[] = [];
  let firstNoteMs = 0;
  /** End of the newest analysed window heard (the stream's clock, not the wall clock). */
  let heardUntilMs = Number.NEGATIVE_INFINITY;

  const score = (): void => {
    const results = scoreTimedNotes(
      samples,
      targets,
      firstNoteMs,
      beatMs,
      notes.map((n) => (n.neighbours ?? []).map((m) => writtenMidiToHz(m, instrument, a4Hz))),
      onsetsMs,
    );
    const outcomes = results.map((result, i): TimedOutcome => {
      const dueMs = firstNoteMs + i * beatMs;
      return {
        ...result,
        writtenMidi: notes[i].midi,
        name: spelledName(notes[i]),
        trace: samples
          .filter((s) => s.timeMs >= dueMs - beatMs / 2 && s.timeMs < dueMs + beatMs / 2)
          .map((s) => [
            Math.round(s.timeMs - dueMs + beatMs / 2),
            s.hz > 0 ? Math.round(centsBetween(targets[i], s.hz) * 10) / 10 : null,
          ]),
      };
    });
    state.set({
      phase: 'done',
      index: notes.length - 1,
      outcomes,
      score: overallScore(outcomes),
    });
  };

  return {
    state,
    beatMs,
    countInBeats,
    targetHz: (i) => targets[Math.min(i, targets.length - 1)],
    begin(startMs) {
      firstNoteMs = startMs + countInBeats * beatMs;
      state.set({ ...state.get(), phase: 'count-in', index: 0 });
    },
    onReading(reading) {
      const phase = state.get().phase;
      if (!reading.live || (phase !== 'count-in' && phase !== 'playing')) return;
      // A reading describes its whole window: its pitch belongs to the window's middle.
      samples.push({ timeMs: (reading.windowStartMs + reading.windowEndMs) / 2, hz: reading.hz });
      heardUntilMs = Math.max(heardUntilMs, reading.windowEndMs);
    },
    onNote(event) {
      const phase = state.get().phase;
      if (event.type === 'note-on' && (phase === 'count-in' || phase === 'playing')) {
        onsetsMs.push(event.onsetMs);
      }
    },
    tick(nowMs) {
      const current = state.get();
      if (current.phase !== 'count-in' && current.phase !== 'playing') return;
      const lastNoteEndMs = firstNoteMs + (notes.length - 0.5) * beatMs;
      if (heardUntilMs >= lastNoteEndMs || nowMs >= lastNoteEndMs + LAST_READING_GRACE_MS) {
        score();
        return;
      }
      if (nowMs < firstNoteMs - beatMs / 2) return;
      const index = Math.min(notes.length - 1, Math.round((nowMs - firstNoteMs) / beatMs));
      if (current.phase !== 'playing' || index !== current.index) {
        state.set({ ...current, phase: 'playing', index });
      }
    },
    finish() {
      const phase = state.get().phase;
      if (phase === 'done') return;
      if (phase === 'ready') {
        state.set({ ...state.get(), phase: 'done' });
        return;
      }
      score();
    },
  };
}
