/**
 * Where the sync engine keeps what it agreed with the server: one IndexedDB database per account
 * (`embouchure-sync-<user db>`), so signing into another account never mixes their shadows, and
 * deleting an account drops its database here too. `memoryShadowStore` is the same for tests.
 */
import Dexie, { type Table } from 'dexie';
import type { Shadow, ShadowStore } from './sync-engine';

interface MetaRow {
  key: string;
  value: string;
}

class ShadowDb extends Dexie {
  shadows!: Table<Shadow, string>;
  meta!: Table<MetaRow, string>;
  constructor(name: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    super(name, indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {});
    this.version(1).stores({ shadows: 'id', meta: 'key' });
  }
}

export interface ClosableShadowStore extends ShadowStore {
  close(): void;
  /** Deletes the database (the account was deleted, or this device forgets it). */
  destroy(): Promise<void>;
}

export function indexedDbShadowStore(
  name: string,
  options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {},
): ClosableShadowStore {
  const db = new ShadowDb(name, options.indexedDB, options.IDBKeyRange);
  return {
    async shadows(ids) {
      const rows = ids
        ? (await db.shadows.bulkGet([...ids])).filter((r) => r !== undefined)
        : await db.shadows.toArray();
      return new Map(rows.map((r) => [r.id, r]));
    },
    async saveShadows(shadows) {
      if (shadows.length > 0) await db.shadows.bulkPut([...shadows]);
    },
    async checkpoint() {
      return (await db.meta.get('checkpoint'))?.value ?? '0';
    },
    async saveCheckpoint(seq) {
      await db.meta.put({ key: 'checkpoint', value: seq });
    },
    close: () => db.close(),
    destroy: () => db.delete(),
  };
}

export function memoryShadowStore(): ClosableShadowStore {
  const shadows = new Map<string, Shadow>();
  let checkpoint = '0';
  return {
    shadows: async (ids) =>
      new Map(
        ids
          ? ids.flatMap((id) => {
              const s = shadows.get(id);
              return s ? [[id, s] as const] : [];
            })
          : shadows,
      ),
    saveShadows: async (rows) => {
      for (const row of rows) shadows.set(row.id, row);
    },
    checkpoint: async () => checkpoint,
    saveCheckpoint: async (seq) => {
      checkpoint = seq;
    },
    close: () => undefined,
    destroy: async () => {
      shadows.clear();
      checkpoint = '0';
    },
  };
}
