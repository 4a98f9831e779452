import { MICROPHONE_CONSTRAINTS } from './microphone-constraints';

/**
 * Asks for the microphone now and leaves the request for the entry's early start
 * (`takeEarlyMicrophone`, in `early-start.ts`). Called by the page's first script
 * (`src/early-microphone.ts`) on the web. Does nothing when the entry's early start has already
 * run (it asked itself: the first script came late), or where there is no getUserMedia (an
 * insecure origin: the pitch service says so itself).
 */
export function requestMicrophoneEarly(): void {
  if (globalThis.__embouchureEarlyMicrophone !== undefined) return;
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return;
  const request = navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
  request.catch(() => undefined); // whoever takes it over reports a failure
  globalThis.__embouchureEarlyMicrophone = request;
}
