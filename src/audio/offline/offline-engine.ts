/**
 * The pitch engine run offline over a whole recording, exactly as the app hears it live: the
 * compiled engine inside the real accumulator worklet (`worklet-harness.ts`), fed 128-sample
 * quanta, then the stream decoder and note tracker (`offline-stream.ts`). One copy for the CLI
 * (`npm run assess`), the benches and the pieces' grading worker (`src/pieces/grade.worker.ts`),
 * so a grade in the browser is the grade on the command line.
 */
import { concertMidiOf, midiToHz, type Score } from '../../music';
import { PEDAL_FLOOR_HZ } from '../worklet/analysis-window';
import { ENGINE_DEFAULTS } from '../worklet/engine/pitch-engine';
import type { FromWorkletMessage } from '../worklet/messages';
import { offlineStream, type OfflineStream } from './offline-stream';
import { startProcessor, type loadProcessorClass } from './worklet-harness';

export type OfflineResponse = 'block' | 'fast';

/**
 * The engine's floor for a score: the app's default (140 Hz), or the pedal floor when the music
 * goes below it (as the pedal exercises switch it on).
 */
export function offlineFloorHz(score: Score, a4Hz = 440): number {
  const lowest = Math.min(...score.notes.map((n) => midiToHz(concertMidiOf(score, n), a4Hz)));
  return lowest < ENGINE_DEFAULTS.minHz * 1.06 ? PEDAL_FLOOR_HZ : ENGINE_DEFAULTS.minHz;
}

/** The engine reported an error while running (its own words in `engineMessage`). */
export class OfflineEngineFailure extends Error {
  constructor(readonly engineMessage: string) {
    super(`the pitch engine failed: ${engineMessage}`);
  }
}

/**
 * The stream for a whole recording, times in ms from its first sample; throws
 * OfflineEngineFailure if the engine fails.
 */
export function offlineEngineStream(
  processorClass: Awaited<ReturnType<typeof loadProcessorClass>>,
  engine: WebAssembly.Module,
  samples: Float32Array,
  sampleRate: number,
  options: { response: OfflineResponse; floorHz: number },
): OfflineStream {
  let failure: string | null = null;
  const running = startProcessor(
    processorClass,
    sampleRate,
    { engine, fastResponse: options.response === 'fast', minHz: options.floorHz },
    (m: FromWorkletMessage) => {
      if (m.type === 'error') failure = m.message;
    },
  );
  for (let at = 0; at < samples.length; at += 128) {
    running.quantum(samples.subarray(at, Math.min(samples.length, at + 128)));
  }
  running.send({ type: 'teardown' });
  if (failure !== null) throw new OfflineEngineFailure(failure);
  return offlineStream(running.messages);
}
