/**
 * A recording assessed exactly as the app does it: the compiled engine (`.wasm`) inside the real
 * accumulator worklet, fed 128-sample quanta; the stream decoder and note tracker (`offlineStream`,
 * the same decoding as the pitch service); then the score follower and the assessor of
 * src/music/assessment. Shared by `npm run assess`, `npm run bench:assess` and their tests.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PEDAL_FLOOR_HZ } from '../src/audio/worklet/analysis-window';
import { ENGINE_DEFAULTS } from '../src/audio/worklet/engine/pitch-engine';
import { ACCUMULATOR_PROCESSOR_NAME, type FromWorkletMessage } from '../src/audio/worklet/messages';
import { offlineStream, type OfflineStream } from '../src/audio/testing/offline-stream';
import { loadProcessorClass, startProcessor } from '../src/audio/testing/worklet-harness';
import { assessPerformance, type AssessOptions } from '../src/music/assessment/assessor';
import type { AttemptAssessment } from '../src/music/assessment/assessment-types';
import { concertMidiOf } from '../src/music/assessment/assessor';
import { midiToHz } from '../src/music/theory/notes';
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

export type Response = 'block' | 'fast';

/**
 * The engine's floor for a score: the app's default (140 Hz), or the pedal floor when the music
 * goes below it (as the pedal exercises switch it on).
 */
export function floorHzFor(score: Score, a4Hz: number): number {
  const lowest = Math.min(...score.notes.map((n) => midiToHz(concertMidiOf(score, n), a4Hz)));
  return lowest < ENGINE_DEFAULTS.minHz * 1.06 ? PEDAL_FLOOR_HZ : ENGINE_DEFAULTS.minHz;
}

/** The stream for a whole recording, times in ms from its first sample. */
export function streamOf(
  samples: Float32Array,
  sampleRate: number,
  options: { response: Response; floorHz: number },
): OfflineStream {
  const messages: FromWorkletMessage[] = [];
  let failure: string | null = null;
  const running = startProcessor(
    processorClass,
    sampleRate,
    { engine: engineModule(), fastResponse: options.response === 'fast', minHz: options.floorHz },
    (m: FromWorkletMessage) => {
      if (m.type === 'error') failure = m.message;
    },
  );
  for (let at = 0; at < samples.length; at += 128) {
    running.quantum(samples.subarray(at, Math.min(samples.length, at + 128)));
  }
  running.send({ type: 'teardown' });
  if (failure !== null) throw new Error(`the pitch engine failed: ${String(failure)}`);
  messages.push(...running.messages);
  return offlineStream(messages);
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
