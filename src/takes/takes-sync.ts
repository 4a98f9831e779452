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

/**
 * Two devices changed one take's details apart: each edit is kept where it was the later one, the
 * name by its rename time, the audio's choice by its edit time (a rename on one device must not be
 * lost to the other marking the audio as sent).
 */
export function resolveTakes(local: SyncRecord, remote: SyncRecord): Resolution {
  const mine = local.data as Partial<TakeMeta>;
  const theirs = remote.data as Partial<TakeMeta>;
  const later = <K extends keyof TakeMeta>(
    stamp: 'renamedAtMs' | 'editedAtMs',
    fields: readonly K[],
  ): Pick<Partial<TakeMeta>, K> => {
    const from = (theirs[stamp] ?? 0) > (mine[stamp] ?? 0) ? theirs : mine;
    return Object.fromEntries(fields.map((f) => [f, from[f]])) as Pick<Partial<TakeMeta>, K>;
  };
  const base = remote.updatedAtMs > local.updatedAtMs ? theirs : mine;
  const data = Object.fromEntries(
    Object.entries({
      ...base,
      ...later('renamedAtMs', ['name', 'renamedAtMs']),
      ...later('editedAtMs', ['keepAudio', 'audioInAccount', 'editedAtMs']),
    }).filter(([, value]) => value !== undefined),
  );
  return {
    keep: {
      key: local.key,
      updatedAtMs: Math.max(local.updatedAtMs, remote.updatedAtMs),
      data,
    },
  };
}

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
