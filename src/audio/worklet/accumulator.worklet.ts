/**
 * AudioWorklet shell of the audio accumulator (logic in `accumulator.ts`). Loaded with
 * `?worker&url`, so this file and its imports are bundled into one self-contained script.
 *
 * The worklet scope cannot fetch: the engine arrives compiled (a `WebAssembly.Module`, or raw
 * bytes compiled here) in `processorOptions`, and is instantiated synchronously. Until then, or
 * after a failure or teardown, the processor is inert.
 */
import { Accumulator, type AnalysisResult } from './accumulator';
import { MAX_DIPS_PER_RESULT } from './accumulator-dips';
import { analysisWindow } from './analysis-window';
import { onsetHopSamples, onsetSubFrameSamples } from './onset-locator';
import { ENGINE_DEFAULTS, PitchEngine } from './engine/pitch-engine';
import {
  ACCUMULATOR_PROCESSOR_NAME,
  MSG_DRONE,
  MSG_ERROR,
  MSG_PITCH,
  MSG_READY,
  MSG_TEARDOWN,
  MSG_TORN_DOWN,
  type AccumulatorProcessorOptions,
  type PitchMessage,
  type ToWorkletMessage,
} from './messages';

class AccumulatorProcessor extends AudioWorkletProcessor {
  private engine: PitchEngine | undefined;
  /** Block mode: the short-frame engine that locates onsets inside a window. */
  private onsetEngine: PitchEngine | undefined;
  private accumulator: Accumulator | undefined;
  private alive = true;
  /** Reused for every result: nothing is allocated on the audio thread but the message clone. */
  private readonly message: PitchMessage = {
    type: MSG_PITCH,
    hz: 0,
    clarity: 0,
    levelDb: 0,
    endFrame: 0,
    onsetFrame: -1,
    dipCount: 0,
    dipAttackFrames: new Float64Array(MAX_DIPS_PER_RESULT),
    dipDepthsDb: new Float64Array(MAX_DIPS_PER_RESULT),
    memoryBytes: 0,
  };
  private readonly post = (result: AnalysisResult): void => {
    const message = this.message;
    message.hz = result.hz;
    message.clarity = result.clarity;
    message.levelDb = result.levelDb;
    message.endFrame = result.endFrame;
    message.onsetFrame = result.onsetFrame;
    message.dipCount = result.dips.count;
    message.dipAttackFrames.set(result.dips.attackFrames);
    message.dipDepthsDb.set(result.dips.depthsDb);
    message.memoryBytes = this.engine ? this.engine.memoryBytes() : 0;
    this.port.postMessage(message);
  };

  constructor(options: { processorOptions?: unknown }) {
    super();
    this.port.onmessage = (event: MessageEvent<ToWorkletMessage>) => {
      const data = event.data;
      if (data.type === MSG_DRONE) {
        // Kept until the engine exists (the main thread may send it before ready).
        this.droneHz = data.hz;
        this.applyDrone();
        return;
      }
      if (data.type !== MSG_TEARDOWN) return;
      if (this.alive) this.teardownRequested = true;
      else this.teardown(); // never started (engine failed): nothing runs, answer at once
    };
    const processorOptions = options.processorOptions as AccumulatorProcessorOptions | undefined;
    try {
      if (!processorOptions?.engine) throw new Error('no engine in processorOptions');
      const source = processorOptions.engine;
      const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
      const { fastResponse } = processorOptions;
      const minHz = processorOptions.minHz ?? ENGINE_DEFAULTS.minHz;
      // Frame and hop from the context's rate and the floor (every rate 8–192 kHz, both modes).
      const window = analysisWindow({ sampleRate, fastResponse, minHz });
      const frameSize = fastResponse
        ? (processorOptions.fastFrameSize ?? window.frameSamples)
        : window.frameSamples;
      // The accumulator hands the engine one window per call, so the engine's own hop is the
      // frame (its default 512 would exceed a 256-sample frame at 8 kHz).
      const engine = PitchEngine.instantiateSync(module, {
        sampleRate,
        minHz,
        frameSize,
        hop: frameSize,
      });
      this.engine = engine;
      if (!fastResponse) this.onsetEngine = createOnsetEngine(module, engine);
      this.accumulator = new Accumulator(
        engine,
        {
          fastResponse,
          onsetEngine: this.onsetEngine,
          maxResultsPerSecond: processorOptions.maxMessagesPerSecond,
          fastHopSamples: processorOptions.fastHopSamples ?? window.hopSamples,
        },
        this.post,
      );
      this.applyDrone();
      this.port.postMessage({
        type: MSG_READY,
        sampleRate,
        memoryBytes: engine.memoryBytes(),
        windowSamples: this.accumulator.frameSamples,
        hopSamples: this.accumulator.hopSamples,
      });
    } catch (error) {
      this.alive = false;
      this.port.postMessage({
        type: MSG_ERROR,
        message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  }

  /** The drone the main thread says is playing (`MSG_DRONE`), Hz. */
  private droneHz: number[] = [];

  private applyDrone(): void {
    try {
      this.accumulator?.setDrone(this.droneHz);
    } catch {
      // The pitch service validates the list before sending it (`setDrone`); anything else
      // analyses without subtraction rather than stopping the tuner.
      this.accumulator?.setDrone([]);
    }
  }

  /** Asked by the main thread; done at the next quantum, which also ends processing. */
  private teardownRequested = false;

  private teardown(): void {
    this.alive = false;
    this.accumulator = undefined;
    if (this.engine) {
      this.engine.teardown();
      this.engine = undefined;
    }
    if (this.onsetEngine) {
      this.onsetEngine.teardown();
      this.onsetEngine = undefined;
    }
    // Posted from process() as it returns false, so the main thread closes the context only after
    // the processor stopped: Chromium keeps a node whose processor never reported that (and its
    // closed context) alive for good.
    this.port.postMessage({ type: MSG_TORN_DOWN });
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.teardownRequested) {
      this.teardownRequested = false;
      this.teardown();
      return false;
    }
    if (!this.alive) return false;
    const channel = inputs[0]?.[0];
    // No input connected yet (or any more): nothing to accumulate this quantum.
    if (channel !== undefined && this.accumulator !== undefined)
      this.accumulator.push(channel, currentFrame);
    return true;
  }
}

/**
 * The onset locator's engine: short sub-frames every quarter sub-frame over 1½ analysis windows,
 * with the main engine's floor (or the lowest a sub-frame can hold: a pedal note below it is then
 * stamped from the window's position instead).
 */
function createOnsetEngine(module: WebAssembly.Module, main: PitchEngine): PitchEngine | undefined {
  const { frameSize, minHz } = main.options;
  const subFrame = onsetSubFrameSamples(sampleRate);
  if (subFrame >= frameSize) return undefined;
  return PitchEngine.instantiateSync(module, {
    sampleRate,
    frameSize: subFrame,
    hop: onsetHopSamples(subFrame),
    minHz: Math.max(minHz, (2 * sampleRate) / subFrame),
    maxSamples: frameSize + frameSize / 2,
  });
}

registerProcessor(ACCUMULATOR_PROCESSOR_NAME, AccumulatorProcessor);
