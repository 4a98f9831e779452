/** The account's sync: what src/storage/index.ts lets the app see of it. */
export {
  AccountError,
  checkName,
  checkPassword,
  MIN_PASSWORD_CHARS,
  type AccountErrorKind,
} from './couch-client';
export { SYNC_KINDS, type SyncKind } from './sync-doc';
export type { Resolution, SyncAdapter, SyncRecord } from './sync-engine';
export {
  createSyncService,
  type Account,
  type Refusal,
  type SyncService,
  type SyncSource,
  type SyncStatus,
} from './sync-service';
export { getSyncService, DEFAULT_SYNC_URL } from './shared-sync';
