/**
 * Takes as the account syncs them: each finished take's details (name, when, how long, its notes,
 * what it was recorded on, the player's choice for its audio) as one document. Its audio and trace
 * stay on the device that recorded it unless the player keeps them in the account
 * (take-audio-sync.ts); another device lists the take as recorded elsewhere until they arrive. The
 * later edit (rename, choice) wins; a take whose audio is only on one device is deleted only there
 * (elsewhere a deletion comes back), one whose audio is in the account from every device.
 */
import type { Resolution, SyncRecord, SyncSource } from '../storage/sync';
import type { TakeMeta } from './take-format';
import type { TakeStore } from './take-store';

const STATES = new Set(['recording', 'complete', 'interrupted']);

/** What the account holds of a take: its details, the same from every device. */
function shared(meta: TakeMeta): Omit<TakeMeta, 'elsewhere'> {
  const { elsewhere: _elsewhere, ...rest } = meta;
  return rest;
}

const recordOf = (meta: TakeMeta): SyncRecord => ({
  key: meta.id,
  updatedAtMs: Math.max(
    meta.startedAtMs + meta.durationMs,
    meta.renamedAtMs ?? 0,
    meta.editedAtMs ?? 0,
  ),
  data: shared(meta),
});

/** A take's details from another device, or null when they are not one's. */
export function syncedTakeMeta(raw: unknown, id: string): TakeMeta | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  const numbers = ['startedAtMs', 'durationMs', 'bytes', 'noteCount'] as const;
  if (
    m.id !== id ||
    typeof m.name !== 'string' ||
    typeof m.source !== 'string' ||
    typeof m.mimeType !== 'string' ||
    !numbers.every((field) => typeof m[field] === 'number' && Number.isFinite(m[field])) ||
    !Array.isArray(m.notesMidi) ||
    !m.notesMidi.every((n) => typeof n === 'number') ||
    typeof m.state !== 'string' ||
    !STATES.has(m.state) ||
    !(['keepAudio', 'audioInAccount'] as const).every(
      (field) => m[field] === undefined || typeof m[field] === 'boolean',
    ) ||
    !(['renamedAtMs', 'editedAtMs'] as const).every(
      (field) =>
        m[field] === undefined || (typeof m[field] === 'number' && Number.isFinite(m[field])),
    )
  ) {
    return null;
  }
  return raw as TakeMeta;
}

export const resolveTakes = (local: SyncRecord, remote: SyncRecord): Resolution => ({
  keep: remote.updatedAtMs > local.updatedAtMs ? remote : local,
});

export function takesSyncSource(store: TakeStore): SyncSource {
  const finished = (metas: TakeMeta[]): SyncRecord[] =>
    metas.filter((m) => m.state !== 'recording').map(recordOf);
  return {
    kind: 'take',
    list: async () => finished(await store.list()),
    get: async (keys) => finished(await store.metasByIds(keys)),
    async put(records) {
      await store.putSyncedMetas(
        records.flatMap((r) => {
          const meta = syncedTakeMeta(r.data, r.key);
          return meta ? [meta] : [];
        }),
      );
    },
    remove: (keys) => store.removeSynced(keys),
    resolve: resolveTakes,
    subscribe: (listener) => store.changes.subscribe(listener),
  };
}
