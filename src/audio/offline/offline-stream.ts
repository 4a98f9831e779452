/**
 * The pitch stream offline: the worklet's messages for a whole file decoded exactly as the pitch
 * service does (`pitch-stream.ts`: same clock conversion, note tracker and ceiling), with the
 * audio clock in ms from the file's first sample. For the Node tests and the benchmarks, so they
 * measure what the app's consumers get.
 */
import type { FromWorkletMessage } from '../worklet/messages';
import type { NoteEvent } from '../stream/note-tracker';
import type { PitchReading } from '../stream/pitch-service-types';
import { createStreamDecoder, DEFAULT_CEILING_HZ } from '../stream/pitch-stream';

export interface OfflineStream {
  readings: PitchReading[];
  /** Note events in order, each with the index of the reading that caused it. */
  events: { event: NoteEvent; reading: number }[];
}

export function offlineStream(
  messages: readonly FromWorkletMessage[],
  ceilingHz = DEFAULT_CEILING_HZ,
): OfflineStream {
  const ready = messages.find((m) => m.type === 'ready');
  if (!ready || ready.type !== 'ready')
    throw new Error('no ready message: the engine did not start');
  const response = ready.hopSamples < ready.windowSamples ? 'fast' : 'block';
  // A context at audio time 0 "now" = 0 ms: frame f maps to f / rate seconds, no latency.
  const decoder = createStreamDecoder(
    { sampleRate: ready.sampleRate, currentTime: 0 },
    ready,
    response,
    0,
  );
  const out: OfflineStream = { readings: [], events: [] };
  for (const m of messages) {
    if (m.type !== 'pitch') continue;
    const { reading, events } = decoder.decode(m, ceilingHz, 0);
    for (const event of events) out.events.push({ event, reading: out.readings.length });
    out.readings.push(reading);
  }
  for (const event of decoder.flush(Number.POSITIVE_INFINITY)) {
    out.events.push({ event, reading: out.readings.length });
  }
  return out;
}
