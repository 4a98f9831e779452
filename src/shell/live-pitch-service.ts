import { createWebPitchService } from '../audio/web-pitch-service';
import type { SettingsStore } from '../settings';
import { wireAnalysisMode } from './analysis-mode';
import { wireLatencyCalibration } from './latency-calibration';

/**
 * The real pitch service (microphone → AudioWorklet → WASM engine), its analysis mode wired to
 * the settings. Loaded by `src/main.tsx` behind a dynamic import, beside the first render: it is
 * not initial JS (README, Bundle size).
 */
export function createLivePitchService(settings: SettingsStore) {
  const service = createWebPitchService();
  wireAnalysisMode(settings, service); // the settings' one way into the stream's mode
  wireLatencyCalibration(settings); // and into the audio clock's latency
  return service;
}
