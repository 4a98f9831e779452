/** The account's sync: what src/storage/index.ts lets the app see of it. */
export {
  AccountError,
  checkName,
  checkPassword,
  MIN_PASSWORD_CHARS,
  type AccountErrorKind,
  type FilePutResult,
  type FileRemote,
} from './couch-client';
export {
  MAX_TAKE_AUDIO_BYTES,
  SYNC_KINDS,
  syncDocId,
  type SyncDoc,
  type SyncKind,
} from './sync-doc';
export type { Resolution, SyncAdapter, SyncRecord } from './sync-engine';
export {
  createSyncService,
  type Account,
  type FileTransfer,
  type Refusal,
  type SyncService,
  type SyncSource,
  type SyncStatus,
} from './sync-service';
export { deviceSyncSource, type DeviceRecord } from './device-source';
export { getSyncService, DEFAULT_SYNC_URL } from './shared-sync';
