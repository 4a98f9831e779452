/**
 * The storage layer's front door: the only code that opens IndexedDB or touches localStorage
 * (lint-enforced), one open policy for every database, one vocabulary for what went wrong, and
 * the account's sync (src/storage/sync). Features keep their own records' shapes and rules; they
 * reach the device's storage only through here, `./databases` (the Dexie declarations, kept out
 * of this entry so the first page's code does not carry Dexie) and `./sync`.
 */
export {
  ACCOUNT_STORAGE_KEY,
  defaultStorage,
  editedAtMsOf,
  hasStoredAccount,
  removeKey,
  type KeyValueStorage,
} from './key-value';
export { createSyncedItem, type SyncedItem } from './synced-item';
export { storageErrorName, storageProblemOf, type StorageProblem } from './storage-errors';
export {
  indexedDbFactory,
  manageDatabase,
  type ManagedDatabase,
  type OpenPolicyEvents,
  type OpenPolicyOptions,
} from './open-policy';
