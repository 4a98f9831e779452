/// <reference lib="webworker" />
/**
 * Grades a recording in the browser exactly as `npm run assess` does (cli/assess-pipeline.ts):
 * the compiled engine inside the real accumulator worklet fed 128-sample quanta, the stream
 * decoder and note tracker (`offlineStream`), then the follower and the assessor. In a worker, so
 * a five-minute recording never freezes the screen. The worklet runs under a minimal shim of the
 * AudioWorklet global scope (as src/audio/testing/worklet-harness.ts does for Node).
 */
import engineUrl from '../../engine/build/pitch-engine.wasm?url';
import workletUrl from '../audio/worklet/accumulator.worklet.ts?worker&url';
import { PEDAL_FLOOR_HZ } from '../audio/worklet/analysis-window';
import { compileEngine } from '../audio/stream/engine-loader';
import { ENGINE_DEFAULTS } from '../audio/worklet/engine/pitch-engine';
import { ACCUMULATOR_PROCESSOR_NAME, type FromWorkletMessage } from '../audio/worklet/messages';
import { offlineStream } from '../audio/testing/offline-stream';
import { assessPerformance, concertMidiOf, midiToHz, type Score } from '../music';
import type { GradeAnswer, GradeRequest } from './grade-messages';

interface Port {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown): void;
}
interface Processor {
  port: Port;
  process(inputs: Float32Array[][]): boolean;
}
type ProcessorClass = new (options: { processorOptions?: unknown }) => Processor;

const scope = globalThis as unknown as {
  sampleRate: number;
  currentFrame: number;
  AudioWorkletProcessor: new () => { port: Port };
  registerProcessor: (name: string, ctor: ProcessorClass) => void;
};
let sink: ((message: FromWorkletMessage) => void) | null = null;
let processorClass: ProcessorClass | null = null;

async function loadProcessor(): Promise<ProcessorClass> {
  if (processorClass) return processorClass;
  scope.sampleRate = 44_100;
  scope.currentFrame = 0;
  scope.AudioWorkletProcessor = class {
    readonly port: Port = {
      onmessage: null,
      postMessage: (message) => sink?.(structuredClone(message) as FromWorkletMessage),
    };
  };
  scope.registerProcessor = (name, ctor) => {
    if (name === ACCUMULATOR_PROCESSOR_NAME) processorClass = ctor;
  };
  await import(/* @vite-ignore */ workletUrl);
  if (!processorClass) throw new Error('the pitch worklet did not register');
  return processorClass;
}

/** The engine's floor: the app's 140 Hz, or the pedal floor when the music goes below it (as the CLI). */
function floorHzFor(score: Score, a4Hz: number): number {
  const lowest = Math.min(...score.notes.map((n) => midiToHz(concertMidiOf(score, n), a4Hz)));
  return lowest < ENGINE_DEFAULTS.minHz * 1.06 ? PEDAL_FLOOR_HZ : ENGINE_DEFAULTS.minHz;
}

export async function grade(request: GradeRequest): Promise<GradeAnswer> {
  const Processor = await loadProcessor();
  const engine = await compileEngine(engineUrl);
  const messages: FromWorkletMessage[] = [];
  let failure: string | null = null;
  sink = (m) => {
    if (m.type === 'error') failure = m.message;
    messages.push(m);
  };
  scope.sampleRate = request.sampleRate;
  scope.currentFrame = 0;
  const processor = new Processor({
    processorOptions: {
      engine,
      fastResponse: request.response === 'fast',
      minHz: floorHzFor(request.score, request.options.a4Hz ?? 440),
    },
  });
  const channel: Float32Array[] = [new Float32Array(0)];
  const samples = request.samples;
  for (let at = 0; at < samples.length; at += 128) {
    channel[0] = samples.subarray(at, Math.min(samples.length, at + 128));
    processor.process([channel]);
    scope.currentFrame += 128;
  }
  processor.port.onmessage?.({ data: { type: 'teardown' } });
  sink = null;
  if (failure !== null) return { kind: 'failed', reason: `The pitch engine failed: ${failure}` };
  const stream = offlineStream(messages);
  const assessment = assessPerformance(
    request.score,
    { readings: stream.readings, events: stream.events.map((e) => e.event) },
    request.options,
  );
  return { kind: 'graded', assessment };
}

if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  self.onmessage = (event: MessageEvent<GradeRequest>) => {
    grade(event.data).then(
      (answer) => self.postMessage(answer),
      (error: unknown) => self.postMessage({ kind: 'failed', reason: String(error) }),
    );
  };
}
