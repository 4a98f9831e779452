import Dexie, { type EntityTable } from 'dexie';
import { track } from '../analytics/track';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { attemptKey, type AttemptRecord } from './records';

/** Whether history can be saved: practice goes on either way, the UI shows `message`. */
export type HistoryStatus =
  | { state: 'ready' }
  | { state: 'unavailable'; message: string }
  | { state: 'full'; message: string };

export interface HistoryStore {
  readonly status: ReadonlyObservable<HistoryStatus>;
  /** Bumped after every change, so views reload. */
  readonly version: ReadonlyObservable<number>;
  /** Saves a completed attempt; resolves false (and sets `status`) when storage refused it. */
  add(attempt: AttemptRecord): Promise<boolean>;
  /** All attempts, oldest first ([] when storage is unavailable). */
  all(): Promise<AttemptRecord[]>;
  /** Adds attempts not already stored (same start time and exercise); returns how many were new. */
  importAttempts(attempts: readonly AttemptRecord[]): Promise<number>;
}

class HistoryDb extends Dexie {
  attempts!: EntityTable<AttemptRecord, 'id'>;
  constructor(name: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    super(name, indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : undefined);
    this.version(1).stores({ attempts: '++id, startedAt, exercise' });
  }
}

/** The message the UI shows for a storage failure: full (quota) or unavailable (anything else). */
export function describeStorageError(error: unknown): HistoryStatus {
  const name =
    error instanceof Error
      ? ((error as Error & { inner?: Error }).inner?.name ?? error.name)
      : 'Error';
  if (name === 'QuotaExceededError') {
    return {
      state: 'full',
      message:
        'Storage is full: this attempt was not saved to your history. Practice still works; free some space or export and clear old data.',
    };
  }
  return {
    state: 'unavailable',
    message:
      'History is unavailable in this browser (private mode or storage blocked): attempts are not saved, but practice still works.',
  };
}

export interface HistoryStoreOptions {
  name?: string;
  /** For tests: a fake IndexedDB. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

export function createHistoryStore(options: HistoryStoreOptions = {}): HistoryStore {
  const status = createObservable<HistoryStatus>({ state: 'ready' });
  const version = createObservable(0);
  let db: HistoryDb | null = null;
  try {
    const factory = options.indexedDB ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB);
    if (!factory) throw new Error('no IndexedDB');
    db = new HistoryDb(options.name ?? 'embouchure-history', factory, options.IDBKeyRange);
  } catch (error) {
    status.set(describeStorageError(error));
  }
  const fail = (error: unknown): void => status.set(describeStorageError(error));
  return {
    status,
    version,
    async add(attempt) {
      // Every exercise kind completes through here (analytics: consent-only, kind + score).
      track({ name: 'exercise_completed', exerciseType: attempt.exercise, score: attempt.score });
      if (!db) return false;
      try {
        const { id: _id, ...record } = attempt;
        await db.attempts.add(record);
        status.set({ state: 'ready' });
        version.set(version.get() + 1);
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async all() {
      if (!db) return [];
      try {
        return await db.attempts.orderBy('startedAt').toArray();
      } catch (error) {
        fail(error);
        return [];
      }
    },
    async importAttempts(attempts) {
      if (!db)
        throw new Error(
          status.get().state === 'ready' ? 'History unavailable' : messageOf(status.get()),
        );
      const store = db;
      // One transaction: either every new attempt is added or none is.
      const added = await store.transaction('rw', store.attempts, async () => {
        const existing = new Set((await store.attempts.toArray()).map(attemptKey));
        const fresh = attempts.filter((a) => !existing.has(attemptKey(a)));
        await store.attempts.bulkAdd(fresh.map(({ id: _id, ...rest }) => rest));
        return fresh.length;
      });
      version.set(version.get() + 1);
      return added;
    },
  };
}

function messageOf(status: HistoryStatus): string {
  return status.state === 'ready' ? '' : status.message;
}

let shared: HistoryStore | undefined;
/** The app's history (IndexedDB database "embouchure-history"). */
export function getHistoryStore(): HistoryStore {
  shared ??= createHistoryStore();
  return shared;
}
