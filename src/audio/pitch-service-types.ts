import type { ReadonlyObservable } from '../lib/observable';

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

/** The latest analysis result. `hz` 0 means no pitch (silence, noise): data, not an error. */
export interface PitchReading {
  hz: number;
  /** 0..1, the engine's confidence in `hz`. */
  clarity: number;
  /** Input level of the analysed block, dBFS (−Infinity for digital silence is clamped to −120). */
  levelDb: number;
  /** `performance.now()` on the main thread when the reading arrived. */
  timeMs: number;
}

export interface ConnectOptions {
  /** Analyse the newest 4096 samples every 512 (≈10× more updates) instead of once per 4096-sample block. */
  fastResponse?: boolean;
}

export interface PitchService {
  /** Latest pitch in Hz; starts at 0; 0 = no pitch (product specification §3). */
  readonly pitchHz: ReadonlyObservable<number>;
  readonly reading: ReadonlyObservable<PitchReading>;
  readonly status: ReadonlyObservable<PitchServiceStatus>;
  connect(options?: ConnectOptions): Promise<void>;
  /** Resume a suspended audio context; call it from a user gesture (tap/click). */
  resume(): Promise<void>;
  /** Stop: disconnect nodes, stop every microphone track, free engine memory, close the context. */
  disconnect(): Promise<void>;
}
