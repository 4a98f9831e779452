import type { PitchReading } from '../audio/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { centsBetween } from '../music/cents';
import type { ValveCombo } from '../music/fingerings';
import type { ScaleNote } from '../music/scales';
import {
  overallScore,
  scoreTimedNotes,
  type PitchSample,
  type TimedNoteResult,
} from '../music/scoring';
import { writtenMidiToHz, type InstrumentId } from '../music/transposition';

/**
 * A reading arrives after its analysis block was filled: in block mode (4096 samples at
 * 44.1 kHz, 93 ms) a note's onset is seen on average about half a block late, plus the message
 * hop. Readings are moved back by this much before timing is scored.
 */
export const DETECTION_LATENCY_MS = 60;

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
  latencyMs?: number;
}

/** Notes played one per beat to the metronome (scales, lip slurs), scored per note at the end. */
export function createTimedSession(options: TimedOptions): TimedSession {
  const { notes, instrument, a4Hz } = options;
  if (notes.length === 0) throw new Error('A timed exercise needs at least one note.');
  const beatMs = 60_000 / options.tempoBpm;
  const countInBeats = options.countInBeats ?? 4;
  const latencyMs = options.latencyMs ?? DETECTION_LATENCY_MS;
  const targets = notes.map((n) => writtenMidiToHz(n.midi, instrument, a4Hz));
  const state = createObservable<TimedState>({ phase: 'ready', index: 0, outcomes: [], score: 0 });
  const samples: PitchSample[] = [];
  let firstNoteMs = 0;

  const score = (): void => {
    const results = scoreTimedNotes(
      samples,
      targets,
      firstNoteMs,
      beatMs,
      notes.map((n) => (n.neighbours ?? []).map((m) => writtenMidiToHz(m, instrument, a4Hz))),
    );
    const outcomes = results.map((result, i): TimedOutcome => {
      const dueMs = firstNoteMs + i * beatMs;
      return {
        ...result,
        writtenMidi: notes[i].midi,
        name: noteLabelOf(notes[i]),
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
      if (phase !== 'count-in' && phase !== 'playing') return;
      samples.push({ timeMs: reading.timeMs - latencyMs, hz: reading.hz });
    },
    tick(nowMs) {
      const current = state.get();
      if (current.phase !== 'count-in' && current.phase !== 'playing') return;
      if (nowMs >= firstNoteMs + (notes.length - 0.5) * beatMs + latencyMs) {
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

function noteLabelOf(note: ScaleNote): string {
  const signs: Record<number, string> = { [-2]: '𝄫', [-1]: '♭', 0: '', 1: '♯', 2: '𝄪' };
  return `${note.letter}${signs[note.accidental] ?? ''}${note.octave}`;
}
