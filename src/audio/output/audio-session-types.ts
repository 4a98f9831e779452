// The audio session's API (docs/audio-session.md): what views ask of the one audio owner.
import type { EventSource, ReadonlyObservable } from '../../lib/observable';
import type { Click, ClickSource } from './click-source';
import type { DroneTimbre } from './drone-voices';

export interface DroneOptions {
  /** Peak gain 0..1 of all voices together, default 0.2 (the player's own sound stays louder). */
  volume?: number;
  /** Default 'sine'. Every timbre is cancelled from the microphone. */
  timbre?: DroneTimbre;
}

export interface DroneHandle {
  /** The voices sounding now, Hz (empty once released). */
  readonly hz: readonly number[];
  /** Resolves once the context runs; rejects if it cannot start (the drone is then released). */
  readonly started: Promise<void>;
  /** Glide to new voices (1..4) without retriggering; no-op once released. */
  retune(hz: readonly number[]): void;
  setVolume(volume: number): void;
  /** Fade out (DRONE_RELEASE_S); cancellation follows the fade. Idempotent. */
  release(): void;
}

export interface ClickTrackOptions {
  /** Seconds from now to the track's time zero, 0..5, default 0.2. */
  leadInS?: number;
  /** Peak gain 0..1 of an accent, default 0.5 (beats 0.8 of it, subdivisions 0.5 of it). */
  volume?: number;
}

/** A click as scheduled: its audio-clock time and when it is heard (performance.now() ms). */
export interface ScheduledClick extends Click {
  atS: number;
  atMs: number;
  /** False for a click the scheduler reached too late to sound (the page was throttled). */
  sounded: boolean;
}

export interface ClickTrackStart {
  /** Audio-clock time of the track's time zero, s. */
  startS: number;
  /** When time zero is heard, performance.now() ms (readings are on this timeline). */
  startMs: number;
}

export interface ClickTrack {
  readonly started: Promise<ClickTrackStart>;
  /** Each click as it is scheduled, about LOOK_AHEAD_S before it is heard. */
  readonly clicks: EventSource<ScheduledClick>;
  /** True from `play` until `stop` or the source's end. */
  readonly running: boolean;
  /** Stop scheduling; clicks already scheduled (≤ LOOK_AHEAD_S ahead) are cancelled. */
  stop(): void;
}

export interface AudioSessionDiagnostics {
  contextsCreated: number;
  contextsClosed: number;
  /** Holders of the context now (pitch service, drones, click tracks). */
  users: number;
  contextState: AudioContextState | 'none';
  drones: number;
  clickTracks: number;
}

export interface AudioSession {
  /** The shared context (created if none), held until `release(context)`. */
  acquire(): AudioContext;
  /** Let go of a context from `acquire`; the last user closes it. Stale contexts are ignored. */
  release(context: AudioContext): Promise<void>;
  readonly drone: { play(hz: readonly number[], options?: DroneOptions): DroneHandle };
  readonly clicks: { play(source: ClickSource, options?: ClickTrackOptions): ClickTrack };
  /** What the drone canceller must subtract now, Hz (at most MAX_DRONE_VOICES). */
  readonly cancellationHz: ReadonlyObservable<readonly number[]>;
  diagnostics(): AudioSessionDiagnostics;
}

export interface AudioSessionDeps {
  createContext?: () => AudioContext;
  nowMs?: () => number;
  setTimeout?: (callback: () => void, ms: number) => number;
  clearTimeout?: (id: number) => void;
  setInterval?: (callback: () => void, ms: number) => number;
  clearInterval?: (id: number) => void;
}
