/**
 * Messages between the pitch service (main thread) and the audio-accumulator worklet. Names and
 * shapes are defined only here; both sides import them. Kept free of DOM and Web Audio types so the
 * worklet bundle and Node tests can import it.
 */

/** Levels below this, and digital silence, read as this, dBFS (one floor for the whole stream). */
export const LEVEL_FLOOR_DB = -120;

/** `registerProcessor` name of the accumulator. */
export const ACCUMULATOR_PROCESSOR_NAME = 'audio-accumulator';

/** `processorOptions` of the accumulator node. */
export interface AccumulatorProcessorOptions {
  /** The compiled engine; raw bytes are accepted too (the safest path on WebKit). */
  engine: WebAssembly.Module | ArrayBuffer;
  /**
   * Analyse a short sliding window often (1024 samples every 256 at 44.1/48 kHz) instead of every
   * 4096-sample block; the window scales with the rate (`analysisWindow`).
   */
  fastResponse: boolean;
  /**
   * Lowest frequency the engine looks for, Hz (default ENGINE_DEFAULTS.minHz, the specification's
   * 140 Hz; PEDAL_FLOOR_HZ for pedal tones). The analysis window grows to fit two periods of it.
   */
  minHz?: number;
  /** Fast mode only: at most this many result messages per second (display rate), default 60. */
  maxMessagesPerSecond?: number;
  /** Fast mode only: analysis frame in samples (power of two), default from `analysisWindow`. */
  fastFrameSize?: number;
  /** Fast mode only: samples between analyses (multiple of 128), default from `analysisWindow`. */
  fastHopSamples?: number;
}

export const MSG_READY = 'ready';
export const MSG_PITCH = 'pitch';
export const MSG_ERROR = 'error';
export const MSG_TEARDOWN = 'teardown';
export const MSG_TORN_DOWN = 'torn-down';
export const MSG_DRONE = 'drone';

/** Worklet → main: the engine is instantiated; analysis runs from now on. */
export interface ReadyMessage {
  type: typeof MSG_READY;
  sampleRate: number;
  memoryBytes: number;
  /** Samples in each analysed window, and between the starts of two analyses. */
  windowSamples: number;
  hopSamples: number;
}

/** Worklet → main: one analysis result (at most at display rate). */
export interface PitchMessage {
  type: typeof MSG_PITCH;
  /** 0 = no pitch; never NaN. */
  hz: number;
  clarity: number;
  /** RMS level of the analysed window, dBFS, clamped to −120. */
  levelDb: number;
  /** Audio-clock frame (`currentFrame`) just after the analysed window's last sample. */
  endFrame: number;
  /** Where the note this analysis newly names began (audio-clock frame), or -1 (see accumulator). */
  onsetFrame: number;
  /**
   * Level dips found since the previous pitch message (`accumulator-dips.ts`): the first
   * `dipCount` entries of each array (fixed length MAX_DIPS_PER_RESULT, reused by the sender):
   * the re-attack's audio-clock frame and the dip's depth, dB.
   */
  dipCount: number;
  dipAttackFrames: Float64Array;
  dipDepthsDb: Float64Array;
  /** WASM linear memory, bytes (flat over time = no leak). */
  memoryBytes: number;
}

/** Worklet → main: the engine could not be instantiated. */
export interface ErrorMessage {
  type: typeof MSG_ERROR;
  message: string;
}

/** Worklet → main: answer to a teardown request; the engine memory is freed. */
export interface TornDownMessage {
  type: typeof MSG_TORN_DOWN;
}

export type FromWorkletMessage = ReadyMessage | PitchMessage | ErrorMessage | TornDownMessage;

/** Main → worklet: free the engine and stop processing (the node can then be dropped). */
export interface TeardownMessage {
  type: typeof MSG_TEARDOWN;
}

/**
 * Main → worklet: the frequencies the app's drone is playing now (empty: none), so each window
 * has them subtracted before analysis (`drone-canceller.ts`): the microphone hears the phone's
 * own speaker.
 */
export interface DroneMessage {
  type: typeof MSG_DRONE;
  hz: number[];
}

export type ToWorkletMessage = TeardownMessage | DroneMessage;
