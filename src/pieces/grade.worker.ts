/// <reference lib="webworker" />
/**
 * Grades a recording in the browser exactly as `npm run assess` does (cli/assess-pipeline.ts):
 * the compiled engine inside the real accumulator worklet fed 128-sample quanta, the stream
 * decoder and note tracker, then the follower and the assessor; the offline engine and its floor
 * rule are src/audio/offline's, the CLI's own. In a worker, so a five-minute recording never
 * freezes the screen.
 */
import engineUrl from '../../engine/build/pitch-engine.wasm?url';
import workletUrl from '../audio/worklet/accumulator.worklet.ts?worker&url';
import { compileEngine } from '../audio/stream/engine-loader';
import { ACCUMULATOR_PROCESSOR_NAME } from '../audio/worklet/messages';
import {
  OfflineEngineFailure,
  offlineEngineStream,
  offlineFloorHz,
} from '../audio/offline/offline-engine';
import type { OfflineStream } from '../audio/offline/offline-stream';
import { loadProcessorClass } from '../audio/offline/worklet-harness';
import { assessPerformance } from '../music';
import type { GradeAnswer, GradeRequest } from './grade-messages';

export async function grade(request: GradeRequest): Promise<GradeAnswer> {
  const Processor = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME, workletUrl);
  const engine = await compileEngine(engineUrl);
  let stream: OfflineStream;
  try {
    stream = offlineEngineStream(Processor, engine, request.samples, request.sampleRate, {
      response: request.response,
      floorHz: offlineFloorHz(request.score, request.options.a4Hz ?? 440),
    });
  } catch (error) {
    if (!(error instanceof OfflineEngineFailure)) throw error;
    return { kind: 'failed', reason: `The pitch engine failed: ${error.engineMessage}` };
  }
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
