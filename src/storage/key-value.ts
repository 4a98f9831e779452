/**
 * The device's small key-value storage (the browser's localStorage): the one place that touches it.
 * Settings, preferences, setups, the routine and the companion's records go through
 * `defaultStorage()`; tests pass a Map-backed `KeyValueStorage` instead.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or null where it is missing or blocked for the origin. */
export function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Accessing localStorage throws when storage is blocked for the origin.
    return null;
  }
}

/**
 * When a stored value was last edited (`<key>.editedAtMs`, epoch ms), 0 when never or unreadable:
 * the stamp the persisted stores and synced items write beside their values for the sync.
 */
export function editedAtMsOf(key: string, storage: KeyValueStorage | null): number {
  try {
    return Number(storage?.getItem(key + '.editedAtMs')) || 0;
  } catch {
    return 0;
  }
}

/** Removes a key (the account's record on sign-out); false where storage is missing or blocked. */
export function removeKey(
  key: string,
  storage: Pick<Storage, 'removeItem'> | null = defaultStorage() as Storage | null,
): boolean {
  try {
    storage?.removeItem(key);
    return storage !== null;
  } catch {
    return false;
  }
}

/** Where the signed-in account (name and server, never a password) is kept on this device. */
export const ACCOUNT_STORAGE_KEY = 'embouchure.account.v1';

/** Whether an account is stored here (start-up loads the sync's code only then). */
export function hasStoredAccount(storage: KeyValueStorage | null = defaultStorage()): boolean {
  try {
    const raw = storage?.getItem(ACCOUNT_STORAGE_KEY);
    return typeof raw === 'string' && raw !== 'null';
  } catch {
    return false;
  }
}
