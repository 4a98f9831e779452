/**
 * Persisted records (the practice settings, the theme, the companion's choices, the exercise
 * setups, the routine, the drone's sound) as the account syncs them: one document each ("record:<name>"), the whole record, the
 * later edit winning. A record never changed on this device is not sent (a new phone's defaults
 * must not overwrite what the player set elsewhere). Fields left out stay on this device: the
 * analytics consent is asked on each device, never synced.
 */
import type { SyncRecord, SyncSource } from '../storage/sync';
import type { SyncedItem } from '../storage';

/** What the sync needs of a record: a persisted store, or a synced item as one (`itemRecord`). */
export interface SyncableRecord {
  get(): object;
  subscribe(listener: () => void): () => void;
  editedAtMs(): number;
  applySynced(raw: unknown, editedAtMs: number): void;
}

/** A synced item as a record: `{ value }` whole (an array stays an array). */
export function itemRecord<T>(item: SyncedItem<T>): SyncableRecord {
  return {
    get: () => item.get(),
    subscribe: (listener) => item.subscribe(listener),
    editedAtMs: () => item.editedAtMs(),
    applySynced: (raw, editedAtMs) =>
      item.applySynced(
        typeof raw === 'object' && raw !== null ? (raw as { value?: unknown }).value : undefined,
        editedAtMs,
      ),
  };
}

export interface SyncedRecord {
  /** The document's key, e.g. "settings". */
  readonly name: string;
  // The stores are of different record types; only their common, untyped surface is used here.
  readonly store: SyncableRecord;
  /** Fields kept on this device only. */
  readonly localOnly?: readonly string[];
}

/** The record without its device-only fields. */
function shared(entry: SyncedRecord, record: object): Record<string, unknown> {
  const local = new Set(entry.localOnly ?? []);
  return Object.fromEntries(Object.entries(record).filter(([field]) => !local.has(field)));
}

export function persistedSyncSource(records: readonly SyncedRecord[]): SyncSource {
  const byName = new Map(records.map((r) => [r.name, r]));
  const recordOf = (entry: SyncedRecord): SyncRecord | null => {
    const editedAtMs = entry.store.editedAtMs();
    if (editedAtMs === 0) return null;
    return { key: entry.name, updatedAtMs: editedAtMs, data: shared(entry, entry.store.get()) };
  };
  const recordsOf = (names: readonly string[]): SyncRecord[] =>
    names.flatMap((name) => {
      const entry = byName.get(name);
      const record = entry ? recordOf(entry) : null;
      return record ? [record] : [];
    });
  return {
    kind: 'record',
    list: async () => recordsOf([...byName.keys()]),
    get: async (keys) => recordsOf(keys),
    async put(incoming) {
      for (const record of incoming) {
        const entry = byName.get(record.key);
        if (!entry || typeof record.data !== 'object' || record.data === null) continue;
        entry.store.applySynced(shared(entry, record.data), record.updatedAtMs);
      }
    },
    // A record deleted elsewhere (never done by the app): this device keeps its own.
    remove: async () => undefined,
    subscribe(listener) {
      const unsubscribes = records.map((entry) =>
        entry.store.subscribe(() => listener([entry.name])),
      );
      return () => unsubscribes.forEach((u) => u());
    },
  };
}
