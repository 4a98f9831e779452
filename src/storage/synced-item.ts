/**
 * A small JSON value in the device's key-value storage that the account syncs as a whole (the
 * routine's order, the drone's sound): written with the time of its edit beside it
 * (`<key>.editedAtMs`, as the persisted stores do) and observable, so the sync sends an edit and a
 * screen showing the value follows another device's edit when it arrives.
 */
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { defaultStorage, editedAtMsOf, type KeyValueStorage } from './key-value';

export interface SyncedItem<T> extends ReadonlyObservable<{ readonly value: T }> {
  /** Stores `value` as an edit made now; false when storage refused (it still applies now). */
  set(value: T): boolean;
  /** Epoch ms of the last edit (here or synced), 0 if never edited. */
  editedAtMs(): number;
  /** Another device's edit at `editedAtMs` (parsed like a stored value). */
  applySynced(raw: unknown, editedAtMs: number): void;
}

export function createSyncedItem<T>(options: {
  key: string;
  /** A value from untrusted storage (never throws; the default where it is invalid). */
  parse: (raw: unknown) => T;
  storage?: KeyValueStorage | null;
}): SyncedItem<T> {
  const { key, parse } = options;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const stampKey = key + '.editedAtMs';
  const load = (): T => {
    try {
      const text = storage?.getItem(key);
      return parse(text ? JSON.parse(text) : undefined);
    } catch {
      return parse(undefined);
    }
  };
  const observable = createObservable<{ readonly value: T }>({ value: load() });
  const commit = (value: T, atMs: number): boolean => {
    observable.set({ value });
    try {
      storage?.setItem(stampKey, String(atMs));
      storage?.setItem(key, JSON.stringify(value));
      return storage !== null;
    } catch {
      return false;
    }
  };
  return {
    get: observable.get,
    subscribe: observable.subscribe,
    set: (value) => commit(value, Date.now()),
    editedAtMs: () => editedAtMsOf(key, storage),
    applySynced(raw, editedAtMs) {
      const value = parse(raw);
      if (JSON.stringify(value) !== JSON.stringify(observable.get().value))
        commit(value, editedAtMs);
    },
  };
}
