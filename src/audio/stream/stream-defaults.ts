/**
 * The stream's defaults: its mode before the settings set one, and its value while nothing is
 * analysed. Apart from pitch-stream.ts so the deferred service (`deferred-pitch-service.ts`) can
 * show them in the initial chunk without loading the decoder.
 */
import { ENGINE_DEFAULTS } from '../worklet/engine/pitch-engine';
import {
  LEVEL_FLOOR_DB,
  type AnalysisMode,
  type LevelDip,
  type PitchReading,
} from './pitch-service-types';
import { NO_NOTE, streamReading } from './reading';

export const NO_DIPS: readonly LevelDip[] = Object.freeze([]);

/** Default ceiling: written C7 on the piccolo in B♭ (sounding B♭7, 3729 Hz) plus a whole tone. */
export const DEFAULT_CEILING_HZ = 4186;
export const DEFAULT_MODE: AnalysisMode = Object.freeze({
  response: 'block',
  floorHz: ENGINE_DEFAULTS.minHz,
  ceilingHz: DEFAULT_CEILING_HZ,
});

/** The stream's value while nothing is analysed: no pitch, no note, not live, stamped `atMs`. */
export function idleReading(atMs: number, mode: AnalysisMode): PitchReading {
  return streamReading(
    {
      hz: 0,
      clarity: 0,
      levelDb: LEVEL_FLOOR_DB,
      windowStartMs: atMs,
      windowEndMs: atMs,
      endFrame: Number.NaN,
      response: mode.response,
      windowSamples: 0,
      sampleRate: 0,
      live: false,
      dips: NO_DIPS,
    },
    NO_NOTE,
  );
}
