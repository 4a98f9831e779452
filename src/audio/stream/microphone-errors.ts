import { serviceError } from './errors';
import type { PitchServiceError } from './pitch-service-types';

/** getUserMedia rejections → what the user can do about them. */
export function mapMediaError(error: unknown): PitchServiceError {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError': // pre-standard Chromium name
      return serviceError('denied', detail);
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return serviceError('no-device', detail);
    case 'NotReadableError':
    case 'AbortError':
    case 'TrackStartError':
      return serviceError('in-use', detail);
    default:
      return serviceError('unknown', detail);
  }
}

/** Said when the browser's microphone permission was turned off while listening. */
export const REVOKED_MESSAGE =
  'Microphone access was turned off while you were playing. Allow the microphone for this site again (the lock or microphone icon next to the address, or Settings › Apps on a phone), then tap Retry.';

/**
 * A microphone track ended: unplugged, or the permission was revoked (browsers end the track in
 * both cases). Asks the Permissions API which one, so the player is not told to plug in a
 * microphone that is still there. Without the API, it is a disconnection.
 */
export async function trackEndedError(
  permissions: Pick<Permissions, 'query'> | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.permissions,
): Promise<PitchServiceError> {
  try {
    const state = permissions ? (await permissions.query({ name: 'microphone' })).state : 'unknown';
    if (state === 'denied' || state === 'prompt') {
      return {
        kind: 'denied',
        message: REVOKED_MESSAGE,
        detail: `permission ${state} after the track ended`,
      };
    }
  } catch {
    // Firefox (older) has no "microphone" permission name: fall through.
  }
  return serviceError('track-ended', 'the microphone track ended');
}
