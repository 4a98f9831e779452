/**
 * The pitch stream offline: the worklet's messages for a whole file turned into readings and note
 * events exactly as the pitch service does (same note tracker, same ceiling-free fields), with the
 * audio clock in ms from the file's first sample. For the Node tests and the benchmarks, so they
 * measure what the app's consumers get.
 */
import type { FromWorkletMessage } from '../messages';
import { createNoteTracker, trackerOptionsFor, type NoteEvent } from '../note-tracker';
import type { PitchReading, ResponseMode } from '../pitch-service-types';

export interface OfflineStream {
  readings: PitchReading[];
  /** Note events in order, each with the index of the reading that caused it. */
  events: { event: NoteEvent; reading: number }[];
}

export function offlineStream(messages: readonly FromWorkletMessage[]): OfflineStream {
  const ready = messages.find((m) => m.type === 'ready');
  if (!ready || ready.type !== 'ready')
    throw new Error('no ready message: the engine did not start');
  const { sampleRate, windowSamples, hopSamples } = ready;
  const response: ResponseMode = hopSamples < windowSamples ? 'fast' : 'block';
  const msPerFrame = 1000 / sampleRate;
  const tracker = createNoteTracker(trackerOptionsFor(response, hopSamples * msPerFrame));
  const out: OfflineStream = { readings: [], events: [] };
  for (const m of messages) {
    if (m.type !== 'pitch') continue;
    const windowEndMs = m.endFrame * msPerFrame;
    const windowStartMs = windowEndMs - windowSamples * msPerFrame;
    const onsetMs = m.onsetFrame >= 0 ? m.onsetFrame * msPerFrame : Number.NaN;
    for (const event of tracker.push({
      hz: m.hz,
      windowStartMs,
      windowEndMs,
      onsetMs,
    })) {
      out.events.push({ event, reading: out.readings.length });
    }
    out.readings.push({
      hz: m.hz,
      clarity: m.clarity,
      levelDb: m.levelDb,
      windowStartMs,
      windowEndMs,
      timeMs: windowEndMs,
      response,
      windowSamples,
      sampleRate,
      live: true,
      noteHz: tracker.current.hz,
      noteOnsetMs: tracker.current.onsetMs,
    });
  }
  for (const event of tracker.flush(Number.POSITIVE_INFINITY)) {
    out.events.push({ event, reading: out.readings.length });
  }
  return out;
}
