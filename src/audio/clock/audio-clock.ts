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

import { latencyCalibrationMs } from './input-latency';

export type ClockContext = Pick<AudioContext, 'currentTime' | 'sampleRate'> &
  Partial<Pick<AudioContext, 'getOutputTimestamp' | 'outputLatency' | 'baseLatency'>>;

/**
 * Whether this engine's `outputLatency` may be read (and `getOutputTimestamp`, which reads it).
 * Not in Gecko: its getter asks the audio backend for the latency while holding the audio graph's
 * lock, and asks again on every read until the answer is non-zero. Firefox ESR 153 on PulseAudio
 * deadlocked the page's main thread for good in that read (the backend waited for its audio
 * callback, which waited for the graph, which waited for that lock; gdb stacks in
 * docs/testing.md "Other engines", issue 26). Gecko's output timestamp is only `currentTime` and
 * `performance.now()` less that latency, so without it the `currentTime` mapping below loses only
 * the output latency (capture times, which subtract it again, lose nothing).
 */
export function outputLatencyReadable(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  // Gecko says "Gecko/<date>"; Blink and WebKit say "(KHTML, like Gecko)".
  return !/\bGecko\/\d/.test(userAgent);
}

/** The context's base plus output latency, s: what is rendered now is heard that much later. */
export function outputLatencyS(
  context: Partial<Pick<AudioContext, 'outputLatency' | 'baseLatency'>>,
): number {
  const output = outputLatencyReadable() ? context.outputLatency || 0 : 0;
  return (context.baseLatency || 0) + output;
}

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
  const stamp = outputLatencyReadable() ? context.getOutputTimestamp?.() : undefined;
  if (stamp?.contextTime && stamp.performanceTime && stampsKeepTime(context, stamp)) {
    return stamp.performanceTime + (atS - stamp.contextTime) * 1000;
  }
  return nowMs + (atS - context.currentTime + outputLatencyS(context)) * 1000;
}

/**
 * Whether this context's output timestamps advance with its audio clock. WebKitGTK 2.50's
 * `performanceTime` runs at twice the rate of its `contextTime` (1053 → 3085 → 5100 ms while
 * `contextTime` went 0.37 → 1.38 → 2.39 s; issue 26, docs/testing.md): mapped through it, every
 * reading and note was stamped 2× fast. Once two stamps ≥ 0.25 s of audio apart disagree by more
 * than 10 %, that context's stamps are not used again (the `currentTime` fallback is).
 */
const stampHistory = new WeakMap<
  object,
  { contextTime: number; performanceTime: number } | 'untrusted'
>();
function stampsKeepTime(
  context: object,
  stamp: { contextTime?: number; performanceTime?: number },
): boolean {
  const previous = stampHistory.get(context);
  if (previous === 'untrusted') return false;
  const contextTime = stamp.contextTime ?? 0;
  const performanceTime = stamp.performanceTime ?? 0;
  if (!previous || contextTime < previous.contextTime) {
    stampHistory.set(context, { contextTime, performanceTime });
    return true;
  }
  const audioS = contextTime - previous.contextTime;
  if (audioS < 0.25) return true;
  const rate = (performanceTime - previous.performanceTime) / (audioS * 1000);
  if (Math.abs(rate - 1) > 0.1) {
    stampHistory.set(context, 'untrusted');
    return false;
  }
  stampHistory.set(context, { contextTime, performanceTime });
  return true;
}

/**
 * The stream's time of audio-clock time `atS`: when the microphone captured the frame processed
 * then, ms on the performance.now() timeline (heard time less the output, base and input
 * latencies). Readings are stamped through it (`createAudioClock`), and so is a take's origin
 * (`recorder.ts`), so a take's audio and its trace share one clock.
 */
export function streamTimeMs(
  context: Omit<ClockContext, 'sampleRate'>,
  atS: number,
  inputLatencyS = 0,
  nowMs: number = performance.now(),
): number {
  const latencyMs = (outputLatencyS(context) + inputLatencyS) * 1000;
  // Where the browser reports no input latency, the player's calibration (`input-latency.ts`).
  return audioTimeToPerformanceMs(context, atS, nowMs) - latencyMs - latencyCalibrationMs();
}

/** The microphone's input latency as the browser reports it (Chromium does), s; else 0. */
export function trackInputLatencyS(stream: MediaStream): number {
  const settings = stream.getAudioTracks()[0]?.getSettings() as { latency?: number } | undefined;
  return settings?.latency ?? 0;
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
      const next = streamTimeMs(context, 0, inputLatencyS, nowMs);
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
