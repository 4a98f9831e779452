/**
 * Microphone constraints: the processing meant for speech calls would fight a tuner (AGC pumps the
 * level, noise suppression eats sustained tones). Plain booleans, never `exact`, so a device that
 * cannot turn one off still opens. Asked with by the page's first script
 * (`src/early-microphone.ts`), the early start and the pitch service alike.
 */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  video: false,
};

declare global {
  /**
   * Between the page's first script (`src/early-microphone.ts`, loaded `async`) and the entry's
   * early start (`early-start.ts`), which may run in either order: the first script's microphone
   * request until the early start takes it, or 'taken' once the early start has run (the first
   * script, if it runs only then, must not open a second microphone).
   */
  var __embouchureEarlyMicrophone: Promise<MediaStream> | 'taken' | undefined;
}

/** The page's first script's microphone request, if it made one; once. */
export function takeEarlyMicrophone(): Promise<MediaStream> | undefined {
  const request = globalThis.__embouchureEarlyMicrophone;
  globalThis.__embouchureEarlyMicrophone = 'taken';
  return request === 'taken' ? undefined : request;
}

/** Forgets the hand-over (tests only). */
export function resetEarlyMicrophone(): void {
  globalThis.__embouchureEarlyMicrophone = undefined;
}
