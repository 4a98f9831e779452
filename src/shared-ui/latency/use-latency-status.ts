import { canTap } from '../../audio/stream/microphone-tap';
import { inputLatencySource, type InputLatencySource } from '../../audio/clock/input-latency';
import type { PitchService } from '../../audio/stream/pitch-service-types';
import { useObservable } from '../../lib/use-observable';
import { getSettingsStore, useSettings } from '../../settings';

/** What the timings can say of the input latency now; 'not-listening' until the microphone is. */
export type LatencyStatus = InputLatencySource | 'not-listening';

export function latencyStatusOf(
  service: PitchService,
  calibrationMs: number | null,
): LatencyStatus {
  if (calibrationMs !== null) return 'calibrated';
  const tap = canTap(service) ? service.microphoneTap() : null;
  return tap ? inputLatencySource(tap.context, tap.stream, false) : 'not-listening';
}

/** The status, kept current as the microphone starts and the calibration changes. */
export function useLatencyStatus(service: PitchService): LatencyStatus {
  useObservable(service.status);
  const settings = useSettings(getSettingsStore());
  return latencyStatusOf(service, settings.inputLatencyCalibrationMs);
}
