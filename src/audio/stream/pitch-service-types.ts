import type { EventSource, ReadonlyObservable } from '../../lib/observable';
import type { NoteEvent } from './note-tracker';

/** Why the pitch service is not listening; each kind has its own message and way out in the UI. */
export type PitchServiceErrorKind =
  | 'denied' // the user or the browser refused the microphone
  | 'no-device' // no microphone at all
  | 'in-use' // the microphone exists but cannot be opened (another app holds it)
  | 'insecure' // no navigator.mediaDevices (http on a non-localhost origin)
  | 'engine' // the .wasm failed to load or compile (404, corrupt bytes, wrong MIME type)
  | 'worklet' // the AudioWorklet module failed to load
  | 'track-ended' // the microphone went away while listening (unplugged)
  | 'unknown';

export interface PitchServiceError {
  kind: PitchServiceErrorKind;
  /** One sentence for the user: what happened and what to do. */
  message: string;
  /** Technical detail for logs (e.g. the DOMException name). */
  detail?: string;
}

export type PitchServiceStatus =
  | { state: 'stopped' }
  | { state: 'connecting' }
  /** The audio context exists but the browser waits for a user gesture: show "Tap to start listening". */
  | { state: 'suspended' }
  | { state: 'connected' }
  | { state: 'error'; error: PitchServiceError };

// One floor for the whole stream, defined where the worklet measures levels.
export { LEVEL_FLOOR_DB } from '../worklet/messages';

/** How the audio thread analyses: spec blocks (4096 samples each) or short sliding windows. */
export type ResponseMode = 'block' | 'fast';

/** What the running analysis does; owned by the pitch service, changed only through `setMode`. */
export interface AnalysisMode {
  response: ResponseMode;
  /**
   * The engine's floor, Hz: the specification's 140 by default, PEDAL_FLOOR_HZ to read pedal
   * tones. Changing it restarts the audio thread (a new engine).
   */
  floorHz: number;
  /**
   * Readings above this are no pitch (Hz): above the instrument's range plus a margin, where only
   * whistles, electronics and aliasing live. Changing it does not restart the audio.
   */
  ceilingHz: number;
}

/**
 * One analysis, self-describing: every consumer (tuner, trace, level meter, exercises, history,
 * recordings) uses these fields and re-derives nothing. Times are the audio clock of the analysed
 * window (its sample count), converted once to the `performance.now()` timeline of the moment the
 * microphone captured it.
 */
export interface PitchReading {
  /** 0 = no pitch (silence, noise, above the ceiling): data, not an error. */
  hz: number;
  /** 0..1, the engine's confidence in `hz`. */
  clarity: number;
  /** Input level of the analysed window, dBFS (clamped to LEVEL_FLOOR_DB). */
  levelDb: number;
  /** First and just-after-last sample of the analysed window, ms (performance.now() timeline). */
  windowStartMs: number;
  windowEndMs: number;
  /**
   * The audio-clock frame just after the analysed window (the context's sample count, as
   * `currentTime × sampleRate`); NaN without audio. The ms times above follow the context's
   * output timestamps, which move by a few ms under load (`audio-clock.ts`); frames never move,
   * so a take's trace is kept on them against its audio (`src/takes/take-recorder.ts`).
   */
  endFrame: number;
  /** The reading's time: `windowEndMs` (the newest audio it describes). */
  timeMs: number;
  /**
   * Where the reading describes the audio: its window's centre, ms. A window's pitch belongs to
   * its middle; sessions that place a reading in time use this, never their own average.
   */
  windowCentreMs: number;
  /** The mode and window that produced it. */
  response: ResponseMode;
  windowSamples: number;
  sampleRate: number;
  /** False for the placeholder the stream shows while stopped: no audio behind it. */
  live: boolean;
  /** The note the stream says is sounding (confirmed by its onset gate), 0 = none. */
  noteHz: number;
  /** Where that note began, ms; NaN when none. */
  noteOnsetMs: number;
  /**
   * Which note that is: 1, 2, 3 … in the order the stream confirmed them, 0 when none sounds. A
   * new note-on (another pitch, or the same pitch re-attacked after the note ended) takes the
   * next number, so "is this still the note I was showing?" is `noteId === shownNoteId`.
   */
  noteId: number;
  /**
   * This reading's own pitch is the sounding note's (`hz` within a quarter tone of `noteHz`,
   * `src/audio/worklet/same-note.ts`): what the tuner shows and the trace draws. False with no
   * note, no pitch, or a pitch the stream has not (yet) confirmed as a note.
   */
  onNote: boolean;
  /**
   * Level dips since the previous reading, found at ~3 ms resolution whatever the window (a block
   * window averages a tongue stroke away): a tongued note re-attacks after one, a slur has none.
   * Empty when none (and in readings without audio).
   */
  dips: readonly LevelDip[];
}

/** A short dip in the input level and the re-attack after it (`accumulator-dips.ts`). */
export interface LevelDip {
  /** When the level came back (above half the depth): the re-attack, ms (same timeline as `timeMs`). */
  attackMs: number;
  /** How far the level fell below the lower of the levels around it, dB (≥ 2). */
  depthDb: number;
}

export type { NoteEvent } from './note-tracker';

export interface PitchService {
  /** Latest pitch in Hz; starts at 0; 0 = no pitch (product specification §3). */
  readonly pitchHz: ReadonlyObservable<number>;
  readonly reading: ReadonlyObservable<PitchReading>;
  /** Note on/off events, derived once from the readings (`note-tracker.ts`), on the same clock. */
  readonly notes: EventSource<NoteEvent>;
  readonly status: ReadonlyObservable<PitchServiceStatus>;
  /** The running analysis mode (views read it here, never from the settings). */
  readonly mode: ReadonlyObservable<AnalysisMode>;
  /** Change the mode; a running session restarts its audio thread if the response changes. */
  setMode(mode: Partial<AnalysisMode>): Promise<void>;
  connect(): Promise<void>;
  /** Resume a suspended audio context; call it from a user gesture (tap/click). */
  resume(): Promise<void>;
  /** Stop: disconnect nodes, stop every microphone track, free engine memory, close the context. */
  disconnect(): Promise<void>;
}
