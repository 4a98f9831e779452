import type { PitchServiceError } from './pitch-service-types';

/**
 * The one failure the entry itself can meet: the pitch service's own code could not be loaded
 * (offline before it was cached, an update that replaced it). Kept apart from errors.ts so the
 * initial JS carries this sentence only, not every failure's (the 141 kB budget).
 */
export const ENGINE_ERROR_MESSAGE =
  'The pitch engine could not be loaded. Check your connection, then tap Retry.';

export function engineError(detail?: string): PitchServiceError {
  return { kind: 'engine', message: ENGINE_ERROR_MESSAGE, detail };
}
