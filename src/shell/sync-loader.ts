/**
 * The one step between the first page's code and the account's sync: the entry imports this small
 * chunk (its own list of files is short), and this chunk imports the sync with everything it
 * registers (src/shell/app-sync.ts). Importing app-sync from the entry directly put that list of
 * files, and the start-up wait, into the initial JS.
 */
import type { PitchService } from '../audio/stream/pitch-service-types';
import { afterFirstPitch } from '../shared-ui/after-first-pitch';
import type { SyncService } from '../storage/sync';

export const loadAppSync = (): Promise<SyncService> =>
  import('./app-sync').then((m) => m.appSync());

/** Resumes the stored account's sync once the app has started (after the first pitch, or 3 s). */
export function resumeSyncAfterFirstPitch(pitchService: Pick<PitchService, 'reading'>): void {
  void afterFirstPitch(pitchService)
    .then(() => import('./app-sync'))
    .then((m) => m.resumeSync())
    .catch((error: unknown) => console.warn('sync: not started', error));
}
