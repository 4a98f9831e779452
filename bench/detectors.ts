// The detectors compared by the benchmark: the engine (through its typed wrapper) and the
// installed peers, each behind one tiny interface so they can be interleaved frame by frame.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import aubio from 'aubiojs';
import type { Pitch as AubioPitch } from 'aubiojs';
import { Macleod, YIN } from 'pitchfinder';
import { PitchDetector } from 'pitchy';
import { PitchEngine } from '../src/audio/worklet/engine/pitch-engine.ts';

export const FRAME = 4096;
export const HOP = 512;

/** What a detector is handed for one frame. */
export interface FrameInput {
  /** The frame as this normalisation mode presents it (normalised chunks, or restored, ...). */
  samples: Float32Array;
  /** Per-chunk maxima when the engine should restore them (product path), else null. */
  divisors: Float32Array | null;
}

export interface Detector {
  readonly name: string;
  /** Only run in block mode unless the full run is asked for (O(n^2) peers are slow). */
  readonly slow: boolean;
  /** Called before each file. */
  prepare(sampleRate: number): Promise<void> | void;
  /** Hz, 0 = no pitch. */
  detect(frame: FrameInput): number;
  /** Called after each file. */
  finish(): void;
}

const here = dirname(fileURLToPath(import.meta.url));
export const ENGINE_WASM = join(here, '..', 'engine', 'build', 'pitch-engine.wasm');

export function engineDetector(minHz: number): Detector {
  const module = new WebAssembly.Module(readFileSync(ENGINE_WASM));
  let engine: PitchEngine | null = null;
  return {
    name: 'engine',
    slow: false,
    prepare(sampleRate) {
      engine = PitchEngine.instantiateSync(module, { sampleRate, minHz });
    },
    detect({ samples, divisors }) {
      const e = engine;
      if (e === null) throw new Error('engine detector used before prepare()');
      e.input.set(samples);
      if (divisors) e.divisors.set(divisors);
      e.pitches(FRAME, divisors !== null);
      return e.hz[0];
    },
    finish() {
      engine?.teardown();
      engine = null;
    },
  };
}

/** pitchy's MPM; voiced when its clarity is >= 0.9 (the value its README suggests). */
export function pitchyDetector(): Detector {
  const detector = PitchDetector.forFloat32Array(FRAME);
  let rate = 0;
  return {
    name: 'pitchy',
    slow: false,
    prepare(sampleRate) {
      rate = sampleRate;
    },
    detect({ samples }) {
      const [hz, clarity] = detector.findPitch(samples, rate);
      return clarity >= 0.9 && Number.isFinite(hz) ? hz : 0;
    },
    finish() {},
  };
}

export function pitchfinderYinDetector(): Detector {
  let yin: ((x: Float32Array) => number | null) | null = null;
  return {
    name: 'pitchfinder YIN',
    slow: true,
    prepare(sampleRate) {
      yin = YIN({ sampleRate });
    },
    detect({ samples }) {
      const hz = yin?.(samples) ?? null;
      return hz !== null && Number.isFinite(hz) && hz > 0 ? hz : 0;
    },
    finish() {},
  };
}

export function pitchfinderMacleodDetector(): Detector {
  let mpm: ReturnType<typeof Macleod> | null = null;
  return {
    name: 'pitchfinder Macleod',
    slow: true,
    prepare(sampleRate) {
      mpm = Macleod({ sampleRate, bufferSize: FRAME });
    },
    detect({ samples }) {
      const result = mpm?.(samples);
      const hz = result?.freq ?? 0;
      return Number.isFinite(hz) && hz > 0 ? hz : 0;
    },
    finish() {},
  };
}

type AubioModule = Awaited<ReturnType<typeof aubio>>;
let aubioModule: Promise<AubioModule> | null = null;

/** aubio's yin / yinfft (emscripten build), buffer = hop = 4096 so one call analyses one frame. */
export function aubioDetector(method: 'yin' | 'yinfft'): Detector {
  // aubio objects are never freed by the binding: keep one per sample rate.
  const bySampleRate = new Map<number, AubioPitch>();
  let current: AubioPitch | null = null;
  return {
    name: `aubio ${method}`,
    slow: false,
    async prepare(sampleRate) {
      aubioModule ??= aubio();
      const { Pitch } = await aubioModule;
      let p = bySampleRate.get(sampleRate);
      if (!p) {
        p = new Pitch(method, FRAME, FRAME, sampleRate);
        bySampleRate.set(sampleRate, p);
      }
      current = p;
    },
    detect({ samples }) {
      const hz = current?.do(samples) ?? 0;
      return Number.isFinite(hz) && hz > 0 ? hz : 0;
    },
    finish() {},
  };
}

export function allDetectors(minHz: number): Detector[] {
  return [
    engineDetector(minHz),
    pitchyDetector(),
    pitchfinderYinDetector(),
    pitchfinderMacleodDetector(),
    aubioDetector('yin'),
    aubioDetector('yinfft'),
  ];
}
