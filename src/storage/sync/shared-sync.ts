import { createSyncService, type SyncService } from './sync-service';

/**
 * The server this build syncs with: `VITE_SYNC_URL` at build time (its origin is also the one
 * the CSP lets the app connect to, build/csp.ts), else the embedded server `npm start` runs.
 */
export const DEFAULT_SYNC_URL: string =
  (import.meta.env.VITE_SYNC_URL as string | undefined) || 'http://127.0.0.1:5984';

let shared: SyncService | undefined;
/** The app's account and sync (created on first use; nothing is sent until the player signs in). */
export function getSyncService(): SyncService {
  shared ??= createSyncService({ defaultServerUrl: DEFAULT_SYNC_URL });
  return shared;
}
