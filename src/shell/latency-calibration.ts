import { setLatencyCalibrationMs } from '../audio/clock/input-latency';
import type { Settings, SettingsStore } from '../settings';

/**
 * The one wire from the stored latency calibration (Settings → Audio) to the audio clock, which
 * subtracts it from every reading's time (`src/audio/clock/input-latency.ts`). Made once at
 * start-up; returns the unsubscribe function.
 */
export function wireLatencyCalibration(store: SettingsStore): () => void {
  const apply = (settings: Readonly<Settings>): void =>
    setLatencyCalibrationMs(settings.inputLatencyCalibrationMs ?? 0);
  apply(store.get());
  return store.subscribe(apply);
}
