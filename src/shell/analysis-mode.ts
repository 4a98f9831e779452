import { PEDAL_FLOOR_HZ } from '../audio/worklet/analysis-window';
import { ENGINE_DEFAULTS } from '../audio/worklet/engine/pitch-engine';
import type { AnalysisMode, PitchService } from '../audio/stream/pitch-service-types';
import { instrumentCeilingHz } from '../music';
import type { Settings, SettingsStore } from '../settings';

/** The analysis mode the settings ask for: response speed, floor (pedal tones), ceiling. */
export function analysisModeFor(settings: Readonly<Settings>): AnalysisMode {
  return {
    response: settings.fastResponse ? 'fast' : 'block',
    floorHz: settings.pedalTones ? PEDAL_FLOOR_HZ : ENGINE_DEFAULTS.minHz,
    ceilingHz: instrumentCeilingHz(settings.transposition, settings.a4Hz),
  };
}

/**
 * The one wire from the settings to the running pitch stream, made once at start-up: the service
 * owns its mode, the settings screen only edits the stored settings, and views read the mode from
 * the stream. Returns the unsubscribe function.
 */
export function wireAnalysisMode(store: SettingsStore, service: PitchService): () => void {
  const apply = (settings: Readonly<Settings>): void => {
    service.setMode(analysisModeFor(settings)).catch((error: unknown) => {
      console.error('pitch stream: could not change the analysis mode', error);
    });
  };
  apply(store.get());
  return store.subscribe(apply);
}
