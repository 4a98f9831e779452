/**
 * The audio clock on the `performance.now()` timeline. The worklet stamps every analysis with
 * audio-clock frames (`currentFrame`); this converts them once, for every consumer, to the time the
 * microphone captured those samples — the timeline on which the metronome's clicks are heard
 * (`audioTimeToPerformanceMs` below), so a note played on a click lands on it.
 *
 * A frame is processed `outputLatency + baseLatency` before it would be heard (the output
 * timestamp's mapping), and the microphone captured it `inputLatency` before it was processed
 * (the track's reported latency where the browser gives one, Chromium does).
 */

export type ClockContext = Pick<AudioContext, 'currentTime' | 'sampleRate'> &
  Partial<Pick<AudioContext, 'getOutputTimestamp' | 'outputLatency' | 'baseLatency'>>;

/**
 * `performance.now()` time at which audio-clock time `atS` is heard. Uses the output timestamp
 * (it accounts for output latency) once the context is actually rendering; before that Chromium
 * reports zeros, so fall back to the current time plus the reported latencies.
 */
export function audioTimeToPerformanceMs(
  context: Omit<ClockContext, 'sampleRate'>,
  atS: number,
  nowMs: number = performance.now(),
): number {
  const stamp = context.getOutputTimestamp?.();
  if (stamp?.contextTime && stamp.performanceTime) {
    return stamp.performanceTime + (atS - stamp.contextTime) * 1000;
  }
  const latencyS = (context.baseLatency || 0) + (context.outputLatency || 0);
  return nowMs + (atS - context.currentTime + latencyS) * 1000;
}

export interface AudioClock {
  /** Re-read the context's clocks (call once per message from the audio thread). */
  sync(nowMs: number): void;
  /** Capture time of audio-clock frame `frame`, ms on the performance.now() timeline. */
  toPerfMs(frame: number): number;
}

/** Offsets that move by more than this are taken at once (a glitch, a resumed context). */
const SNAP_MS = 20;
/** Weight of each new offset in the running estimate: smooths timestamp jitter. */
const SMOOTHING = 0.1;

export function createAudioClock(context: ClockContext, inputLatencyS = 0): AudioClock {
  const msPerFrame = 1000 / context.sampleRate;
  let offsetMs = Number.NaN;
  return {
    sync(nowMs) {
      const heardAtZero = audioTimeToPerformanceMs(context, 0, nowMs);
      const latencyMs =
        ((context.baseLatency || 0) + (context.outputLatency || 0) + inputLatencyS) * 1000;
      const next = heardAtZero - latencyMs;
      offsetMs =
        Number.isNaN(offsetMs) || Math.abs(next - offsetMs) > SNAP_MS
          ? next
          : offsetMs + SMOOTHING * (next - offsetMs);
    },
    toPerfMs(frame) {
      return (Number.isNaN(offsetMs) ? 0 : offsetMs) + frame * msPerFrame;
    },
  };
}
