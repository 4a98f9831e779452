/* eslint-disable max-lines -- Over 300 lines: the audio thread's hot path, one closure over buffers allocated once, so no chunk allocates. */
/**
 * The audio-accumulator's logic, free of AudioWorklet globals so Node tests, the latency bench and
 * the soak run exactly the code the worklet runs (`accumulator.worklet.ts` is a thin shell).
 *
 * Product specification §4: each 128-sample chunk is normalised by its max |x| (the divisor is
 * kept and handed to the engine, which multiplies it back); after 32 chunks (4096 samples) the
 * engine computes the pitch series (frame 4096, hop 512, the context's rate, 140 Hz) and the
 * latest value is emitted, then the buffer is cleared ("block" mode). "Fast" mode (beyond the
 * specification) keeps the newest FAST_FRAME_SAMPLES and analyses them every FAST_HOP_SAMPLES:
 * issue 4 suggested 4096 every 512, but that measured 68 ms median to the right note on the
 * phrase file (`npm run bench:latency -- --fast-frame=4096 --fast-hop=512`), over the 40 ms target;
 * 1024 every 256 measured 36 ms with the same accuracy on steady notes (README "Live tuner").
 *
 * Every chunk's energy also feeds the level-dip finder (`accumulator-dips.ts`): each result carries
 * the tongue strokes (short level dips and the re-attack after them) found since the previous one,
 * at chunk resolution whatever the window, so block mode tells tongued notes from slurred ones too.
 *
 * Everything is allocated in the constructor: `push()` runs on the audio thread every 128 samples
 * and allocates nothing (no closures, no arrays, one reused result object).
 */
import { CHUNK_SAMPLES } from './engine/pitch-engine.ts';
import { LevelDipFinder, type DipList } from './accumulator-dips.ts';
import { DroneCanceller } from './drone-canceller.ts';
import { OnsetLocator } from './onset-locator.ts';
import { sameNote } from './same-note.ts';
import { LEVEL_FLOOR_DB } from './messages.ts';

/** What the accumulator needs of the pitch engine (`PitchEngine` satisfies it structurally). */
export interface AnalysisEngine {
  readonly options: {
    readonly sampleRate: number;
    readonly frameSize: number;
    readonly hop?: number;
  };
  readonly input: Float32Array;
  readonly divisors: Float32Array;
  readonly hz: Float32Array;
  readonly clarity: Float32Array;
  pitches(length?: number, restore?: boolean): number;
  memoryBytes(): number;
}

/** Fast mode: analyse every this many samples. */
export const FAST_HOP_SAMPLES = 256;
/** Fast mode: analysis frame, samples. */
export const FAST_FRAME_SAMPLES = 1024;

export interface AccumulatorOptions {
  fastResponse: boolean;
  /**
   * Block mode: a second engine (short frames, hop a quarter frame, capacity ≥ 1½ windows) that
   * finds where inside a window a new note began (`onset-locator.ts`). Without it, or in fast
   * mode, the onset is estimated from the window's position alone.
   */
  onsetEngine?: AnalysisEngine;
  /** Fast mode: cap on results per second handed to `onResult` (display rate), default 60. */
  maxResultsPerSecond?: number;
  /** Fast mode: samples between analyses, a multiple of 128 up to the frame (default FAST_HOP_SAMPLES). */
  fastHopSamples?: number;
}

/** One analysis. The same object is reused for every result: copy what you keep. */
export interface AnalysisResult {
  hz: number;
  clarity: number;
  levelDb: number;
  /** Audio-clock frame (the context's sample count) just after the analysed window's last sample. */
  endFrame: number;
  /**
   * When this analysis names a pitch the previous analysis did not (a new note, or a note after
   * no pitch): the audio-clock frame where that note most likely began. -1 otherwise.
   */
  onsetFrame: number;
  /**
   * Level dips (a tongue stroke's re-attack) found since the previous result, at 128-sample
   * resolution whatever the window (`accumulator-dips.ts`). Reused: copy what you keep.
   */
  dips: DipList;
}

/**
 * Analyses posted at once from a new pitch on, so the stream's confirmation (a pitch held for
 * FAST_CONFIRM_MS, `note-tracker.ts`) is decided at analysis rate, not at the display-rate cap:
 * 8 analyses of 256 samples cover 43–46 ms at 44.1/48 kHz.
 */
const CONFIRMING_ANALYSES = 8;

export class Accumulator {
  /** Level dips at chunk resolution; `result.dips` is its list. */
  private readonly dipFinder: LevelDipFinder;
  readonly frameSamples: number;
  readonly hopSamples: number;
  readonly result: AnalysisResult;

  private readonly engine: AnalysisEngine;
  private readonly onResult: (result: AnalysisResult) => void;
  /** Normalised samples of the current window (the engine's input is only a copy target). */
  private readonly samples: Float32Array;
  private readonly divisors: Float32Array;
  /** Sum of squares of each chunk before normalisation, for the level. */
  private readonly chunkEnergy: Float64Array;
  /** Fast mode: results allowed per analysis (< 1 caps the rate), 1 in block mode. */
  private readonly resultCreditPerAnalysis: number;
  private resultCredit = 1;
  /**
   * Analyses still posted at once after a new pitch: the stream confirms a note on a few agreeing
   * readings (`note-tracker.ts`), which should not wait for the display-rate cap.
   */
  private burst = 0;
  private writePos = 0;
  private chunkMax = 0;
  private chunkSq = 0;
  private totalSamples = 0;
  /** Audio-clock frame of sample 0 (the caller passes each quantum's frame to `push`). */
  private frameOffset = 0;
  private lastResultHz = 0;
  /** Pitch of the previous analysis, posted or not (for onsets). */
  private lastAnalysisHz = 0;
  private readonly locator: OnsetLocator | undefined;
  private readonly onsetEngine: AnalysisEngine | undefined;
  /** Block mode with a locator: the previous window's normalised samples and divisors. */
  private readonly previous: Float32Array | undefined;
  private readonly previousDivisors: Float32Array | undefined;
  /** Subtracts the app's own drone from each window before analysis (`drone-canceller.ts`). */
  private readonly drone: DroneCanceller;

  constructor(
    engine: AnalysisEngine,
    options: AccumulatorOptions,
    onResult: (result: AnalysisResult) => void,
  ) {
    const frame = engine.options.frameSize;
    if (frame % CHUNK_SAMPLES !== 0 || frame < CHUNK_SAMPLES) {
      throw new RangeError(`engine frameSize must be a multiple of ${CHUNK_SAMPLES}, got ${frame}`);
    }
    if (engine.input.length < frame || engine.divisors.length < frame / CHUNK_SAMPLES) {
      throw new RangeError('engine input capacity is smaller than its frame');
    }
    const maxPerSecond = options.maxResultsPerSecond ?? 60;
    if (!(maxPerSecond > 0)) {
      throw new RangeError(`maxResultsPerSecond must be > 0, got ${maxPerSecond}`);
    }
    this.engine = engine;
    this.onResult = onResult;
    this.dipFinder = new LevelDipFinder(engine.options.sampleRate, CHUNK_SAMPLES);
    this.result = {
      hz: 0,
      clarity: 0,
      levelDb: LEVEL_FLOOR_DB,
      endFrame: 0,
      onsetFrame: -1,
      dips: this.dipFinder.found,
    };
    this.frameSamples = frame;
    const fastHop = options.fastHopSamples ?? FAST_HOP_SAMPLES;
    if (fastHop % CHUNK_SAMPLES !== 0 || fastHop < CHUNK_SAMPLES || fastHop > frame) {
      throw new RangeError(
        `fastHopSamples must be a multiple of ${CHUNK_SAMPLES} in ${CHUNK_SAMPLES}..${frame}, got ${fastHop}`,
      );
    }
    this.hopSamples = options.fastResponse ? fastHop : frame;
    this.samples = new Float32Array(frame);
    this.divisors = new Float32Array(frame / CHUNK_SAMPLES);
    this.chunkEnergy = new Float64Array(frame / CHUNK_SAMPLES);
    this.resultCreditPerAnalysis = Math.min(
      1,
      (this.hopSamples * maxPerSecond) / engine.options.sampleRate,
    );
    this.drone = new DroneCanceller(engine.options.sampleRate, frame);
    const onsetEngine = options.onsetEngine;
    if (onsetEngine && !options.fastResponse) {
      this.locator = new OnsetLocator(onsetEngine, frame + frame / 2);
      this.onsetEngine = onsetEngine;
      this.previous = new Float32Array(frame);
      this.previousDivisors = new Float32Array(frame / CHUNK_SAMPLES);
    }
  }

  /**
   * Feed microphone samples (any length; a render quantum is 128). `atFrame` is the audio-clock
   * frame of `input[0]` (the worklet's `currentFrame`); without it, frames count from 0.
   */
  push(input: Float32Array, atFrame: number = this.totalSamples + this.frameOffset): void {
    this.frameOffset = atFrame - this.totalSamples;
    const samples = this.samples;
    const n = input.length;
    for (let i = 0; i < n; i++) {
      const x = input[i];
      samples[this.writePos] = x;
      const a = x < 0 ? -x : x;
      if (a > this.chunkMax) this.chunkMax = a;
      this.chunkSq += x * x;
      this.writePos++;
      this.totalSamples++;
      if (this.writePos % CHUNK_SAMPLES === 0) this.finishChunk();
    }
  }

  /**
   * The frequencies the app's drone is playing now, Hz (empty: none). Each window then has them
   * subtracted before the engine sees it; the level still reports what the microphone heard.
   * Call from the worklet's message handler, not per quantum (it factors a small matrix).
   */
  setDrone(hz: ArrayLike<number>): void {
    this.drone.setFrequencies(hz);
  }

  /** Forget buffered audio (e.g. after the input was interrupted). */
  clear(): void {
    this.writePos = 0;
    this.chunkMax = 0;
    this.chunkSq = 0;
    this.dipFinder.clear();
  }

  private finishChunk(): void {
    const chunk = this.writePos / CHUNK_SAMPLES - 1;
    const start = chunk * CHUNK_SAMPLES;
    const max = this.chunkMax;
    if (max > 0) {
      const samples = this.samples;
      for (let j = start; j < start + CHUNK_SAMPLES; j++) samples[j] = samples[j] / max;
    }
    this.divisors[chunk] = max;
    this.chunkEnergy[chunk] = this.chunkSq;
    this.dipFinder.push(this.chunkSq, CHUNK_SAMPLES, this.totalSamples + this.frameOffset);
    this.chunkMax = 0;
    this.chunkSq = 0;
    if (this.writePos === this.frameSamples) {
      this.analyse();
      if (this.hopSamples === this.frameSamples) {
        this.writePos = 0;
      } else {
        // Slide the window by one hop: cheap (3.5k floats) next to the analysis itself.
        const hopChunks = this.hopSamples / CHUNK_SAMPLES;
        this.samples.copyWithin(0, this.hopSamples);
        this.divisors.copyWithin(0, hopChunks);
        this.chunkEnergy.copyWithin(0, hopChunks);
        this.writePos = this.frameSamples - this.hopSamples;
      }
    }
  }

  private analyse(): void {
    const engine = this.engine;
    const frame = this.frameSamples;
    const blocks = this.hopSamples === frame;
    // Block windows never overlap: cancel in place, so the onset locator's copy is clean too.
    if (blocks) this.drone.apply(this.samples, this.divisors);
    // The engine restores the divisors in its own memory, so it always gets a fresh copy.
    engine.input.set(this.samples);
    engine.divisors.set(this.divisors);
    // Sliding windows overlap: cancel on the engine's copy, leaving the kept samples untouched.
    if (!blocks) this.drone.apply(engine.input, engine.divisors);
    const frames = engine.pitches(frame, true);
    let hz = frames > 0 ? engine.hz[frames - 1] : 0;
    let clarity = frames > 0 ? engine.clarity[frames - 1] : 0;
    if (!(hz > 0 && hz < Infinity)) hz = 0; // "no pitch" is 0, never NaN
    if (!(clarity >= 0)) clarity = 0;

    let energy = 0;
    const chunks = this.chunkEnergy;
    for (let c = 0; c < chunks.length; c++) energy += chunks[c];
    const meanSquare = energy / frame;
    const levelDb = meanSquare > 0 ? 10 * Math.log10(meanSquare) : LEVEL_FLOOR_DB;

    const onsetFrame = this.onsetOf(hz);
    this.lastAnalysisHz = hz;
    if (this.previous && this.previousDivisors) {
      this.previous.set(this.samples);
      this.previousDivisors.set(this.divisors);
    }

    // Token bucket: on average at most maxResultsPerSecond, and a note change goes out at once.
    this.resultCredit = Math.min(2, this.resultCredit + this.resultCreditPerAnalysis);
    // A new note (`same-note.ts`), or voiced ↔ unvoiced, is posted at once, even over the cap.
    const changed = (hz > 0 || this.lastResultHz > 0) && !sameNote(hz, this.lastResultHz);
    if (changed || onsetFrame >= 0) this.burst = CONFIRMING_ANALYSES;
    const inBurst = this.burst > 0;
    if (inBurst) this.burst--;
    if (this.resultCredit < 1 && !inBurst) return;

    const result = this.result;
    result.hz = hz;
    result.clarity = clarity > 1 ? 1 : clarity;
    result.levelDb = levelDb < LEVEL_FLOOR_DB ? LEVEL_FLOOR_DB : levelDb;
    result.endFrame = this.totalSamples + this.frameOffset;
    result.onsetFrame = onsetFrame;
    this.resultCredit = Math.max(0, this.resultCredit - 1);
    this.lastResultHz = hz;
    this.onResult(result);
    this.dipFinder.take();
  }

  /** See `AnalysisResult.onsetFrame`. */
  private onsetOf(hz: number): number {
    if (!(hz > 0) || sameNote(hz, this.lastAnalysisHz)) return -1;
    const frame = this.frameSamples;
    const endFrame = this.totalSamples + this.frameOffset;
    const locator = this.locator;
    const engine = this.onsetEngine;
    if (locator && engine && this.previous && this.previousDivisors) {
      // Span: the second half of the previous window, then this window.
      const half = frame / 2;
      engine.input.set(this.previous.subarray(half), 0);
      engine.input.set(this.samples, half);
      const halfChunks = half / CHUNK_SAMPLES;
      engine.divisors.set(this.previousDivisors.subarray(halfChunks), 0);
      engine.divisors.set(this.divisors, halfChunks);
      const offset = locator.locate(hz);
      if (offset >= 0) return endFrame - locator.spanSamples + offset;
    }
    // The first window the note fills more than half of: the onset lies within the last hop
    // before its middle.
    return endFrame - frame / 2 - this.hopSamples / 2;
  }
}
