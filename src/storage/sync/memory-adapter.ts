/**
 * A kind of records kept in memory, as a `SyncAdapter`: for the engine's tests and the sync bench
 * (the app's adapters sit on its stores). `edit` and `delete` stand for the player's actions.
 */
import type { SyncKind } from './sync-doc';
import type { Resolution, SyncAdapter, SyncRecord } from './sync-engine';

export interface MemoryAdapter extends SyncAdapter {
  readonly records: Map<string, SyncRecord>;
  edit(key: string, data: unknown, updatedAtMs?: number): void;
  delete(key: string): void;
}

export function memoryAdapter(
  kind: SyncKind,
  resolve?: (local: SyncRecord, remote: SyncRecord) => Resolution,
): MemoryAdapter {
  const records = new Map<string, SyncRecord>();
  return {
    kind,
    records,
    resolve,
    list: async () => [...records.values()],
    get: async (keys) =>
      keys.flatMap((k) => (records.has(k) ? [records.get(k) as SyncRecord] : [])),
    put: async (rows) => {
      for (const row of rows) records.set(row.key, row);
    },
    remove: async (keys) => {
      for (const key of keys) records.delete(key);
    },
    edit(key, data, updatedAtMs = Date.now()) {
      records.set(key, { key, data, updatedAtMs });
    },
    delete(key) {
      records.delete(key);
    },
  };
}
