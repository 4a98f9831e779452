// Typed wrapper around engine/build/pitch-engine.wasm (AssemblyScript source in engine/assembly).
// No DOM or Web Audio: it runs in Node, a page and an AudioWorkletGlobalScope (which has
// `WebAssembly` but no `fetch`, `performance` or `TextDecoder`). Raw ABI: README "Pitch engine".

/** Samples per render quantum, and per normalised chunk (the one home of this number). */
export const CHUNK_SAMPLES = 128;
export const ENGINE_DEFAULTS = { frameSize: 4096, hop: 512, minHz: 140 } as const;

export const SAMPLE_RATE_RANGE_HZ = { min: 8000, max: 192000 } as const;
export const FRAME_SIZE_RANGE = { min: 256, max: 16384 } as const;
export const MAX_SAMPLES_LIMIT = 1 << 22;
export const MIN_HZ_CEILING = 2000;

export interface PitchEngineOptions {
  /** Hz, 8000..192000. */
  sampleRate: number;
  /** Samples per analysis frame, a power of two in 256..16384 (default 4096). */
  frameSize?: number;
  /** Samples between frame starts, 1..frameSize (default 512). */
  hop?: number;
  /** Lowest frequency looked for, Hz (default 140); a note below it reads 0. */
  minHz?: number;
  /** Input capacity in samples (default frameSize): >= frameSize, a multiple of 128. */
  maxSamples?: number;
}

/** Bytes for instantiation: an ArrayBuffer or a view of one. */
export type EngineBytes = BufferSource;

interface EngineExports {
  memory: WebAssembly.Memory;
  init(
    sampleRate: number,
    frameSize: number,
    hop: number,
    minHz: number,
    maxSamples: number,
  ): number;
  inputPtr(): number;
  divisorsPtr(): number;
  hzPtr(): number;
  clarityPtr(): number;
  maxFrameCount(): number;
  pitches(length: number, restore: number): number;
  teardown(): void;
}

const EXPORT_FUNCTIONS = [
  'init',
  'inputPtr',
  'divisorsPtr',
  'hzPtr',
  'clarityPtr',
  'maxFrameCount',
  'pitches',
  'teardown',
] as const;

/** Check the options and fill in defaults; throws a RangeError naming the allowed range. */
export function resolveEngineOptions(options: PitchEngineOptions): Required<PitchEngineOptions> {
  const { sampleRate } = options;
  const frameSize = options.frameSize ?? ENGINE_DEFAULTS.frameSize;
  const hop = options.hop ?? ENGINE_DEFAULTS.hop;
  const minHz = options.minHz ?? ENGINE_DEFAULTS.minHz;
  const maxSamples = options.maxSamples ?? frameSize;
  if (
    !Number.isFinite(sampleRate) ||
    sampleRate < SAMPLE_RATE_RANGE_HZ.min ||
    sampleRate > SAMPLE_RATE_RANGE_HZ.max
  ) {
    throw new RangeError(
      `PitchEngine: sampleRate must be ${SAMPLE_RATE_RANGE_HZ.min}..${SAMPLE_RATE_RANGE_HZ.max} Hz, got ${sampleRate}`,
    );
  }
  if (
    !Number.isInteger(frameSize) ||
    frameSize < FRAME_SIZE_RANGE.min ||
    frameSize > FRAME_SIZE_RANGE.max ||
    (frameSize & (frameSize - 1)) !== 0
  ) {
    throw new RangeError(
      `PitchEngine: frameSize must be a power of two in ${FRAME_SIZE_RANGE.min}..${FRAME_SIZE_RANGE.max}, got ${frameSize}`,
    );
  }
  if (!Number.isInteger(hop) || hop < 1 || hop > frameSize) {
    throw new RangeError(`PitchEngine: hop must be an integer in 1..${frameSize}, got ${hop}`);
  }
  // The engine needs two periods of the lowest note inside one frame.
  const lowestMinHz = (2 * sampleRate) / frameSize;
  if (!Number.isFinite(minHz) || minHz < lowestMinHz || minHz > MIN_HZ_CEILING) {
    throw new RangeError(
      `PitchEngine: minHz must be ${lowestMinHz.toFixed(2)}..${MIN_HZ_CEILING} Hz at ${sampleRate} Hz with frameSize ${frameSize}, got ${minHz}`,
    );
  }
  if (
    !Number.isInteger(maxSamples) ||
    maxSamples < frameSize ||
    maxSamples > MAX_SAMPLES_LIMIT ||
    maxSamples % CHUNK_SAMPLES !== 0
  ) {
    throw new RangeError(
      `PitchEngine: maxSamples must be a multiple of ${CHUNK_SAMPLES} in ${frameSize}..${MAX_SAMPLES_LIMIT}, got ${maxSamples}`,
    );
  }
  return { sampleRate, frameSize, hop, minHz, maxSamples };
}

function asExports(instance: WebAssembly.Instance): EngineExports {
  const e = instance.exports as Record<string, unknown>;
  if (!(e.memory instanceof WebAssembly.Memory)) {
    throw new Error('PitchEngine: the module exports no memory; is this pitch-engine.wasm?');
  }
  for (const name of EXPORT_FUNCTIONS) {
    if (typeof e[name] !== 'function') {
      throw new Error(
        `PitchEngine: the module lacks the export "${name}"; is this pitch-engine.wasm?`,
      );
    }
  }
  return e as unknown as EngineExports;
}

export class PitchEngine {
  readonly options: Required<PitchEngineOptions>;
  readonly input: Float32Array;
  readonly divisors: Float32Array;
  readonly hz: Float32Array;
  readonly clarity: Float32Array;
  #exports: EngineExports | null;

  private constructor(instance: WebAssembly.Instance, options: Required<PitchEngineOptions>) {
    const e = asExports(instance);
    const status = e.init(
      options.sampleRate,
      options.frameSize,
      options.hop,
      options.minHz,
      options.maxSamples,
    );
    if (status !== 0) {
      throw new Error(`PitchEngine: init rejected the options (code ${status})`);
    }
    this.options = options;
    this.#exports = e;
    const { buffer } = e.memory;
    // The result buffers hold as many frames as the engine reserved for this configuration.
    const frames = e.maxFrameCount();
    this.input = new Float32Array(buffer, e.inputPtr(), options.maxSamples);
    this.divisors = new Float32Array(buffer, e.divisorsPtr(), options.maxSamples / CHUNK_SAMPLES);
    this.hz = new Float32Array(buffer, e.hzPtr(), frames);
    this.clarity = new Float32Array(buffer, e.clarityPtr(), frames);
  }

  /** Instantiate from bytes (Node, page) or a compiled module (page, worklet). */
  static async instantiate(
    source: EngineBytes | WebAssembly.Module,
    options: PitchEngineOptions,
  ): Promise<PitchEngine> {
    const resolved = resolveEngineOptions(options);
    if (source instanceof WebAssembly.Module) {
      const instance = await WebAssembly.instantiate(source, {});
      return new PitchEngine(instance, resolved);
    }
    const { instance } = await WebAssembly.instantiate(source, {});
    return new PitchEngine(instance, resolved);
  }

  /** Synchronous, for an AudioWorklet given a compiled WebAssembly.Module. */
  static instantiateSync(module: WebAssembly.Module, options: PitchEngineOptions): PitchEngine {
    const resolved = resolveEngineOptions(options);
    return new PitchEngine(new WebAssembly.Instance(module, {}), resolved);
  }

  #live(): EngineExports {
    if (this.#exports === null) {
      throw new Error('PitchEngine: used after teardown(); create a new engine');
    }
    return this.#exports;
  }

  /**
   * Analyse input[0..length). restore=true: chunks were normalised by their max |x| and
   * divisors[] holds those maxima, so the engine multiplies them back before analysing.
   * Returns the number of frames written to hz/clarity: floor((length-frameSize)/hop)+1, or 0.
   */
  pitches(length: number = this.options.frameSize, restore = true): number {
    const e = this.#live();
    if (!Number.isInteger(length) || length < 0 || length > this.options.maxSamples) {
      throw new RangeError(
        `PitchEngine.pitches: length must be an integer in 0..${this.options.maxSamples}, got ${length}`,
      );
    }
    return e.pitches(length, restore ? 1 : 0);
  }

  /** Bytes of WASM linear memory (for leak checks). */
  memoryBytes(): number {
    return this.#live().memory.buffer.byteLength;
  }

  /** Free everything; the instance is unusable afterwards. */
  teardown(): void {
    const e = this.#exports;
    if (e === null) return;
    e.teardown();
    // Dropping the instance lets the host reclaim its memory.
    this.#exports = null;
  }
}
