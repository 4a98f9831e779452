import { ENGINE_ERROR_MESSAGE } from './engine-error';
import type { PitchServiceError, PitchServiceErrorKind } from './pitch-service-types';

// The microphone's own failures (getUserMedia, a track that ended) are mapped in
// microphone-errors.ts: the pitch service's lazy chunk needs them, the entry only these.

/** One sentence per failure: what happened and the way out (the UI adds the button). */
export const ERROR_MESSAGES: Readonly<Record<PitchServiceErrorKind, string>> = {
  denied:
    'Microphone access is blocked. Allow the microphone for this site (the lock or microphone icon next to the address, or Settings › Apps on a phone), then tap Retry.',
  'no-device': 'No microphone was found. Connect a microphone or headset, then tap Retry.',
  'in-use':
    'The microphone could not be opened: another app or tab may be using it. Close that, then tap Retry.',
  insecure:
    'This page cannot use the microphone because it is not served securely. Open the app over https (or from localhost).',
  engine: ENGINE_ERROR_MESSAGE,
  worklet: 'The audio processor could not be loaded. Check your connection, then tap Retry.',
  'track-ended': 'The microphone was disconnected. Plug it back in, then tap Reconnect.',
  unknown: 'The tuner could not start listening. Tap Retry.',
};

export function serviceError(kind: PitchServiceErrorKind, detail?: string): PitchServiceError {
  return { kind, message: ERROR_MESSAGES[kind], detail };
}
