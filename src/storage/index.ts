/**
 * The storage layer's front door: the only code that opens IndexedDB or touches localStorage
 * (lint-enforced), one open policy for every database, one vocabulary for what went wrong, and
 * the account's sync (src/storage/sync). Features keep their own records' shapes and rules; they
 * reach the device's storage only through here.
 */
export { defaultStorage, removeKey, type KeyValueStorage } from './key-value';
export { storageErrorName, storageProblemOf, type StorageProblem } from './storage-errors';
export {
  indexedDbFactory,
  manageDatabase,
  type ManagedDatabase,
  type OpenPolicyEvents,
  type OpenPolicyOptions,
} from './open-policy';
export {
  HistoryDatabase,
  type HistorySchemaRules,
  type Table,
  type Transaction,
} from './history-database';
export { PiecesDatabase, type PiecesSchemaRules } from './pieces-database';
