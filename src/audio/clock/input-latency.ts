/**
 * What is known of the microphone's input latency (issue 20): whether the browser reports it, and
 * the player's calibration where it does not. The calibration is applied in one place, the audio
 * clock's conversion (`streamTimeMs` in `audio-clock.ts`), to every reading and take origin.
 */

/**
 * Whether the browser reports every latency between the player and a reading: the microphone
 * track's `latency`, the context's `baseLatency` and `outputLatency` (Chromium reports all three;
 * Firefox and Safari leave the track's out). A missing one counts as 0, so the timings say "input
 * latency unknown" and offer the calibration. The track is asked first: Gecko, which has no
 * track latency, must not have `outputLatency` read (a deadlock, see `audio-clock.ts`).
 */
export function latencyReported(
  context: Partial<Pick<AudioContext, 'baseLatency' | 'outputLatency'>>,
  stream: Pick<MediaStream, 'getAudioTracks'>,
): boolean {
  const settings = stream.getAudioTracks()[0]?.getSettings() as { latency?: unknown } | undefined;
  return (
    typeof settings?.latency === 'number' &&
    typeof context.baseLatency === 'number' &&
    typeof context.outputLatency === 'number'
  );
}

/** Where the input latency behind a reading's time comes from (what the timings say of it). */
export type InputLatencySource = 'reported' | 'calibrated' | 'unknown';

/** The player's calibration first (it corrects whatever is reported), then the browser's report. */
export function inputLatencySource(
  context: Partial<Pick<AudioContext, 'baseLatency' | 'outputLatency'>>,
  stream: Pick<MediaStream, 'getAudioTracks'>,
  calibrated: boolean,
): InputLatencySource {
  if (calibrated) return 'calibrated';
  return latencyReported(context, stream) ? 'reported' : 'unknown';
}

/** The player's calibration, ms: every stream time is that much earlier (0: none). */
let calibrationMs = 0;

/**
 * Sets the calibration measured by playing on the click (`calibrateLatency` in src/music; kept in
 * the settings, wired at start-up): readings from now on are stamped that much earlier.
 */
export function setLatencyCalibrationMs(ms: number): void {
  if (!Number.isFinite(ms)) {
    throw new RangeError(`the latency calibration must be a finite number of ms, got ${ms}`);
  }
  calibrationMs = ms;
}

/** The calibration applied now, ms. */
export function latencyCalibrationMs(): number {
  return calibrationMs;
}
