/**
 * What the pitch service lends a recorder: its running microphone graph. Here, in the stream that
 * owns the graph, not in src/audio/recording (which uses it): the stream sits below recording in
 * the audio layers (build/eslint-layering.js), so the service names its own tap.
 */
import type { PitchService } from './pitch-service-types';

/**
 * The running microphone graph of the pitch service, for a recorder that must hear exactly what
 * the tuner hears. Valid while the service's status is `connected`.
 */
export interface MicrophoneTap {
  context: AudioContext;
  stream: MediaStream;
  source: MediaStreamAudioSourceNode;
  /**
   * The stream's time of audio-clock frame `frame` (the conversion readings are stamped with,
   * `audio-clock.ts`), ms on the performance.now() timeline: a take's origin goes through it.
   */
  toStreamMs(frame: number): number;
}

/** A pitch service that can lend its microphone (the web one; the placeholder cannot). */
export type TappablePitchService = PitchService & { microphoneTap(): MicrophoneTap | null };

export function canTap(service: PitchService): service is TappablePitchService {
  return typeof (service as Partial<TappablePitchService>).microphoneTap === 'function';
}
