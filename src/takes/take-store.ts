/* eslint-disable max-lines -- Over 300 lines: one store of takes and their chunks over the app's one database. */
/**
 * Takes in the app's one database (`embouchure-history`, tables added by version 3 in
 * `src/storage/history-database.ts`): a row per take and its chunks (about a second of encoded audio
 * with the readings and notes of that second each), written while recording so a crash, a lost
 * microphone or full storage keeps everything up to the last chunk.
 */
import { manageDatabase } from '../storage';
import type { Table } from '../storage/databases';
import {
  createEmitter,
  createObservable,
  type EventSource,
  type ReadonlyObservable,
} from '../lib/observable';
import { HistoryDb } from '../history/history-schema';
import { READING_STRIDE, type Take, type TakeMeta, type TakeNote } from './take-format';

export interface TakeChunk {
  takeId: string;
  seq: number;
  /** Encoded audio; stored as an ArrayBuffer where IndexedDB refuses Blobs (see `storedAudio`). */
  audio: Blob;
  /** Flat packed readings (READING_STRIDE numbers each) of this chunk. */
  readings: number[];
  notes: TakeNote[];
}

/** A chunk as stored: its audio a Blob, or an ArrayBuffer where IndexedDB refuses Blobs. */
type StoredChunk = Omit<TakeChunk, 'audio'> & { audio: Blob | ArrayBuffer };

/** A write to a take the player deleted while it was recording (it must not come back). */
export class TakeDeletedError extends Error {
  constructor() {
    super('This take was deleted while it was recording.');
    this.name = 'TakeDeletedError';
  }
}

export interface StorageUse {
  usageBytes: number;
  quotaBytes: number;
}

export interface TakeStore {
  /** Bumped after every change, so lists reload. */
  readonly version: ReadonlyObservable<number>;
  /**
   * Writes the take's row (the storage probe before recording: throws if storage refuses). A name
   * the player gave the stored row meanwhile (Rename while it records) is kept.
   */
  put(meta: TakeMeta): Promise<void>;
  /**
   * Adds a chunk and updates the row (keeping a stored name, as `put`). Throws TakeDeletedError
   * once the take was deleted (Delete while it records), so it is not brought back in pieces.
   */
  appendChunk(chunk: TakeChunk, meta: TakeMeta): Promise<void>;
  /** Replaces the audio of one stored chunk (the exact WAV header of a PCM take). */
  replaceAudio(takeId: string, seq: number, audio: Blob): Promise<void>;
  list(): Promise<TakeMeta[]>;
  /** The whole take assembled from its chunks (playback, export). */
  load(id: string): Promise<Take>;
  /** Trimmed, at most 200 characters; throws if empty or if the take no longer exists. */
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  removeAll(): Promise<void>;
  /** Adds an imported take in one transaction. */
  add(take: Take): Promise<void>;
  /** Storage used and the quota, or null when the browser does not say. */
  estimate(): Promise<StorageUse | null>;
  /**
   * For the account's sync (takes-sync.ts): ids of takes whose details changed here (a take still
   * recording is not told until it ends), the rows by id, and what arrives from other devices.
   */
  readonly changes: EventSource<readonly string[] | 'all'>;
  metasByIds(ids: readonly string[]): Promise<TakeMeta[]>;
  /** Takes from other devices: new ones are kept as details only (`elsewhere`); ours get their name. */
  putSyncedMetas(metas: readonly TakeMeta[]): Promise<void>;
  /**
   * Removes takes deleted on another device, except those whose audio is only here (kept, sent
   * again); a take whose audio is in the account goes from every device.
   */
  removeSynced(ids: readonly string[]): Promise<void>;
  /** The player's choice for a take's audio (true: keep it in the account); told to the sync. */
  setKeepAudio(id: string, keep: boolean): Promise<void>;
  /** Whether the take's audio is now in the account (the audio transfer, take-audio-sync.ts). */
  markAudioInAccount(id: string, inAccount: boolean): Promise<void>;
  /** A take recorded elsewhere gets its audio and trace from the account: playable here now. */
  putSyncedAudio(
    id: string,
    audio: Blob,
    trace: { readings: number[]; notes: TakeNote[] },
  ): Promise<void>;
}

export interface TakeStoreOptions {
  name?: string;
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  storage?: Pick<StorageManager, 'estimate'> | null;
}

/** The details another device may change on a take recorded here. */
const SYNCED_EDITS = [
  'name',
  'renamedAtMs',
  'keepAudio',
  'audioInAccount',
  'editedAtMs',
] as const satisfies readonly (keyof TakeMeta)[];

/** How long a take's write waits for the database to open (a busy phone, another tab). */
const TAKES_DEADLINE_MS = 30_000;

export function createTakeStore(options: TakeStoreOptions = {}): TakeStore {
  const version = createObservable(0);
  const changes = createEmitter<readonly string[] | 'all'>();
  const changed = (): void => version.set(version.get() + 1);
  /** Tells the sync, once a take's details are final (not every second while it records). */
  const told = (meta: Pick<TakeMeta, 'id' | 'state'>): void => {
    if (meta.state !== 'recording') changes.emit([meta.id]);
  };
  const storage =
    options.storage === undefined
      ? typeof navigator === 'undefined'
        ? null
        : (navigator.storage ?? null)
      : options.storage;

  // WebKit refuses Blob values in IndexedDB in a private (ephemeral) session: Safari's Private
  // Browsing, and the WebKit that tests drive (issue 26; the write aborts with no error name). A
  // write that fails with a Blob is tried once more with the same bytes as an ArrayBuffer; if that
  // succeeds, this store keeps audio as ArrayBuffers from then on (`new Blob(parts)` reads both).
  let blobsRefused = false;
  const withStoredAudio = async <T>(
    audio: Blob,
    write: (stored: Blob | ArrayBuffer) => Promise<T>,
  ): Promise<T> => {
    if (blobsRefused) return write(await audio.arrayBuffer());
    try {
      return await write(audio);
    } catch (error) {
      if (error instanceof TakeDeletedError) throw error;
      let result: T;
      try {
        result = await write(await audio.arrayBuffer());
      } catch {
        throw error; // not the Blob: the first failure says why (e.g. QuotaExceededError)
      }
      blobsRefused = true;
      return result;
    }
  };

  // The history database's open policy (src/storage): a connection closed for another tab's
  // upgrade is opened again on the next call. Takes wait longer than a history screen: a write
  // while recording must not be given up while a busy phone is still opening the database.
  const database = manageDatabase(
    (factory, keyRange) =>
      new HistoryDb(options.name ?? 'embouchure-history', factory, keyRange ?? options.IDBKeyRange),
    {
      what: 'Takes',
      deadlineMs: TAKES_DEADLINE_MS,
      indexedDB: options.indexedDB,
      IDBKeyRange: options.IDBKeyRange,
    },
  );
  let db: HistoryDb | null = null;
  const open = async (): Promise<{
    takes: Table<TakeMeta, string>;
    chunks: Table<StoredChunk>;
  }> => {
    db = await database.open();
    return {
      takes: db.table<TakeMeta, string>('takes'),
      chunks: db.table<StoredChunk>('takeChunks'),
    };
  };
  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    const { takes, chunks } = await open();
    if (!db) throw new Error('database closed');
    return db.transaction('rw', takes, chunks, work);
  };

  // The recorder writes the row from its own copy of the meta every second: a rename made while
  // it records must survive those writes (found by src/takes/take-store.test.ts).
  // Takes deleted through this store: the recorder's later writes must not re-create them.
  const deleted = new Set<string>();
  const putKeepingName = async (takes: Table<TakeMeta, string>, meta: TakeMeta): Promise<void> => {
    // Checked again inside the transaction: a Delete all that began first has run by now.
    if (deleted.has(meta.id)) throw new TakeDeletedError();
    const stored = await takes.get(meta.id);
    await takes.put(stored ? { ...meta, name: stored.name } : meta);
  };

  return {
    version,
    async put(meta) {
      if (deleted.has(meta.id)) throw new TakeDeletedError();
      const { takes } = await open();
      await transaction(() => putKeepingName(takes, meta));
      changed();
      told(meta);
    },
    async appendChunk(chunk, meta) {
      if (deleted.has(meta.id)) throw new TakeDeletedError();
      const { takes, chunks } = await open();
      await withStoredAudio(chunk.audio, (audio) =>
        transaction(async () => {
          await chunks.put({ ...chunk, audio });
          await putKeepingName(takes, meta);
        }),
      );
      changed();
      told(meta);
    },
    async replaceAudio(takeId, seq, audio) {
      if (deleted.has(takeId)) throw new TakeDeletedError();
      const { chunks } = await open();
      await withStoredAudio(audio, (stored) => chunks.update([takeId, seq], { audio: stored }));
    },
    async list() {
      const { takes } = await open();
      return (await takes.orderBy('startedAtMs').reverse().toArray()).map((meta) => ({ ...meta }));
    },
    async load(id) {
      const { takes, chunks } = await open();
      const meta = await takes.get(id);
      if (!meta) throw new Error('This take no longer exists.');
      const parts = await chunks.where('takeId').equals(id).sortBy('seq');
      const readings: number[] = [];
      const notes: TakeNote[] = [];
      for (const part of parts) {
        // Whole readings only (a chunk is written whole; this guards against a foreign row).
        const whole = part.readings.length - (part.readings.length % READING_STRIDE);
        for (let i = 0; i < whole; i++) readings.push(part.readings[i]);
        notes.push(...part.notes);
      }
      const audio = new Blob(
        parts.map((part) => part.audio),
        { type: meta.mimeType },
      );
      return { meta, readings, notes, audio };
    },
    async rename(id, name) {
      const { takes } = await open();
      const trimmed = name.trim().slice(0, 200);
      if (!trimmed) throw new Error('A take needs a name.');
      if ((await takes.update(id, { name: trimmed, renamedAtMs: Date.now() })) === 0) {
        throw new Error('This take no longer exists.');
      }
      changed();
      changes.emit([id]);
    },
    async remove(id) {
      deleted.add(id);
      const { takes, chunks } = await open();
      await transaction(async () => {
        await chunks.where('takeId').equals(id).delete();
        await takes.delete(id);
      });
      changed();
      changes.emit([id]);
    },
    async removeAll() {
      const { takes, chunks } = await open();
      await transaction(async () => {
        for (const id of await takes.toCollection().primaryKeys()) deleted.add(id);
        await chunks.clear();
        await takes.clear();
      });
      changed();
      changes.emit('all');
    },
    async add(take) {
      const { takes, chunks } = await open();
      await withStoredAudio(take.audio, (audio) =>
        transaction(async () => {
          await chunks.put({
            takeId: take.meta.id,
            seq: 0,
            audio,
            readings: take.readings,
            notes: take.notes,
          });
          await takes.put(take.meta);
        }),
      );
      changed();
      told(take.meta);
    },
    changes,
    async metasByIds(ids) {
      const { takes } = await open();
      return (await takes.bulkGet([...ids])).filter((m): m is TakeMeta => m !== undefined);
    },
    async putSyncedMetas(metas) {
      if (metas.length === 0) return;
      const { takes } = await open();
      await transaction(async () => {
        for (const meta of metas) {
          if (deleted.has(meta.id)) continue;
          const stored = await takes.get(meta.id);
          if (stored && !stored.elsewhere) {
            // Ours: only what another device can change (its name, the audio's choice) comes in.
            const edits: Partial<TakeMeta> = {};
            for (const field of SYNCED_EDITS) {
              if (stored[field] !== meta[field]) Object.assign(edits, { [field]: meta[field] });
            }
            if (Object.keys(edits).length > 0) await takes.update(meta.id, edits);
          } else {
            await takes.put({ ...meta, elsewhere: true });
          }
        }
      });
      changed();
      changes.emit(metas.map((m) => m.id));
    },
    async removeSynced(ids) {
      const { takes, chunks } = await open();
      await transaction(async () => {
        for (const id of ids) {
          const stored = await takes.get(id);
          // A take whose audio is only here is deleted only there: the sync sends it back.
          if (!stored || (!stored.elsewhere && !stored.audioInAccount)) continue;
          await chunks.where('takeId').equals(id).delete();
          await takes.delete(id);
        }
      });
      changed();
      changes.emit([...ids]);
    },
    async setKeepAudio(id, keep) {
      const { takes } = await open();
      if ((await takes.update(id, { keepAudio: keep, editedAtMs: Date.now() })) === 0) {
        throw new Error('This take no longer exists.');
      }
      changed();
      changes.emit([id]);
    },
    async markAudioInAccount(id, inAccount) {
      const { takes } = await open();
      if ((await takes.update(id, { audioInAccount: inAccount, editedAtMs: Date.now() })) === 0) {
        return; // deleted meanwhile: nothing to tell
      }
      changed();
      changes.emit([id]);
    },
    async putSyncedAudio(id, audio, trace) {
      const { takes, chunks } = await open();
      await withStoredAudio(audio, (stored) =>
        transaction(async () => {
          const meta = await takes.get(id);
          if (!meta?.elsewhere || deleted.has(id)) return;
          await chunks.where('takeId').equals(id).delete();
          await chunks.put({ takeId: id, seq: 0, audio: stored, ...trace });
          await takes.update(id, { elsewhere: false });
        }),
      );
      changed();
    },
    async estimate() {
      if (!storage) return null;
      try {
        const { usage, quota } = await storage.estimate();
        if (quota === undefined || usage === undefined) return null;
        return { usageBytes: usage, quotaBytes: quota };
      } catch {
        return null;
      }
    },
  };
}

let shared: TakeStore | undefined;
export function getTakeStore(): TakeStore {
  shared ??= createTakeStore();
  return shared;
}
