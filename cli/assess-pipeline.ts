/**
 * A recording assessed exactly as the app does it: the compiled engine (`.wasm`) inside the real
 * accumulator worklet, fed 128-sample quanta; the stream decoder and note tracker (`offlineStream`,
 * the same decoding as the pitch service); then the score follower and the assessor of
 * src/music/assessment. Shared by `npm run assess`, `npm run bench:assess` and their tests.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ACCUMULATOR_PROCESSOR_NAME } from '../src/audio/worklet/messages';
import {
  offlineEngineStream,
  offlineFloorHz,
  type OfflineResponse,
} from '../src/audio/offline/offline-engine';
import type { OfflineStream } from '../src/audio/offline/offline-stream';
import { loadProcessorClass } from '../src/audio/offline/worklet-harness';
import { assessPerformance, type AssessOptions } from '../src/music/assessment/assessor';
import type { AttemptAssessment } from '../src/music/assessment/assessment-types';
import type { Score } from '../src/music/score/score-model';

export const projectRoot = resolve(import.meta.dirname, '..');
export const wasmPath = join(projectRoot, 'engine', 'build', 'pitch-engine.wasm');

/** Loaded while this module loads: the module runner closes once its import resolves. */
const processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
let engine: WebAssembly.Module | null = null;

function engineModule(): WebAssembly.Module {
  if (engine) return engine;
  try {
    engine = new WebAssembly.Module(readFileSync(wasmPath));
    return engine;
  } catch (error) {
    throw new Error(`cannot load the pitch engine ${wasmPath}: run npm run build:engine first`, {
      cause: error,
    });
  }
}

export type Response = OfflineResponse;

/** The engine's floor for a score (src/audio/offline, the grading worker's rule too). */
export const floorHzFor = offlineFloorHz;

/** The stream for a whole recording, times in ms from its first sample. */
export function streamOf(
  samples: Float32Array,
  sampleRate: number,
  options: { response: Response; floorHz: number },
): OfflineStream {
  return offlineEngineStream(processorClass, engineModule(), samples, sampleRate, options);
}

export interface AssessRecordingOptions extends AssessOptions {
  readonly response?: Response;
}

export function assessRecording(
  score: Score,
  samples: Float32Array,
  sampleRate: number,
  options: AssessRecordingOptions = {},
): { assessment: AttemptAssessment; stream: OfflineStream } {
  const stream = streamOf(samples, sampleRate, {
    response: options.response ?? 'fast',
    floorHz: floorHzFor(score, options.a4Hz ?? 440),
  });
  const assessment = assessPerformance(
    score,
    { readings: stream.readings, events: stream.events.map((e) => e.event) },
    options,
  );
  return { assessment, stream };
}
