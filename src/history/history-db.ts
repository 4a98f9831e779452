/* eslint-disable max-lines -- Over 300 lines: one store of attempts over the app's one database (queries, import, limits); the storage layer (issue 41 step 2) takes its database part. */
import { track } from '../analytics/track';
import {
  createEmitter,
  createObservable,
  type EventSource,
  type ReadonlyObservable,
} from '../lib/observable';
import { manageDatabase } from '../storage';
import { bulkDeadlineMs, DEFAULT_DEADLINE_MS } from './deadlines';
import { HistoryDb, type StoredAttempt } from './history-schema';
import { attemptKey, type AttemptRecord } from './records';
import { BUSY_MESSAGE, describeStorageError, OUTDATED_MESSAGE } from './storage-errors';
import { applyAttempt, emptySummary, summarise, type HistorySummary } from './summary';

/** Whether history can be saved: practice goes on either way, the UI shows `message`. */
export type HistoryStatus =
  | { state: 'ready' }
  | { state: 'unavailable'; message: string }
  | { state: 'full'; message: string }
  /** Another tab holds the database (an upgrade waiting, a long import): it may come back. */
  | { state: 'busy'; message: string };

export { BUSY_MESSAGE, describeStorageError } from './storage-errors';

export interface HistoryStore {
  readonly status: ReadonlyObservable<HistoryStatus>;
  /** Bumped after every change, so views reload. */
  readonly version: ReadonlyObservable<number>;
  /**
   * Saves an attempt, replacing the stored one with the same start time and exercise (an attempt
   * saved as it happens is written several times). Resolves false (and sets `status`) when
   * storage refused it or did not answer in time.
   */
  add(attempt: AttemptRecord): Promise<boolean>;
  /** Removes the attempt with this start time and exercise (discarding a partial attempt). */
  remove(attempt: Pick<AttemptRecord, 'startedAt' | 'exercise'>): Promise<boolean>;
  /** Removes every attempt and resets the aggregates (History › Clear all, which offers Undo). */
  clear(): Promise<boolean>;
  /** Aggregates for the charts (kept up to date on every change); throws on failure. */
  summary(): Promise<HistorySummary>;
  /** `limit` attempts from `offset`, newest first (the attempt list's visible window). */
  page(offset: number, limit: number): Promise<AttemptRecord[]>;
  /** The latest `limit` attempts, oldest first ([] when storage fails: the coach does without). */
  recent(limit: number): Promise<AttemptRecord[]>;
  /** All attempts, oldest first (export); throws on failure. */
  all(): Promise<AttemptRecord[]>;
  /** Adds attempts not already stored (same start time and exercise); returns how many were new. */
  importAttempts(attempts: readonly AttemptRecord[]): Promise<number>;
  /** The stored attempts with these keys (`attemptKey`), for the sync; throws on failure. */
  byKeys(keys: readonly string[]): Promise<AttemptRecord[]>;
  /** Stores attempts from the account (new or replacing the same key) in one transaction. */
  putSynced(attempts: readonly AttemptRecord[]): Promise<void>;
  /** Removes the attempts with these keys (deleted on another device). */
  removeKeys(keys: readonly string[]): Promise<void>;
  /** The keys of attempts written here, after each change ('all' after Clear all or an import). */
  readonly changes: EventSource<readonly string[] | 'all'>;
}

export interface HistoryStoreOptions {
  name?: string;
  /** For tests: a fake IndexedDB. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** How long the UI waits for opening the database and for each small operation, ms. */
  deadlineMs?: number;
}

const strip = ({ key: _key, ...attempt }: StoredAttempt): AttemptRecord => attempt;

export function createHistoryStore(options: HistoryStoreOptions = {}): HistoryStore {
  const status = createObservable<HistoryStatus>({ state: 'ready' });
  const version = createObservable(0);
  const changes = createEmitter<readonly string[] | 'all'>();
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const fail = (error: unknown): void => status.set(describeStorageError(error));
  const changed = (): void => version.set(version.get() + 1);
  // A database that answers after all (the other tab closed): say so and reload the views.
  const recovered = (): void => {
    if (status.get().state === 'busy') {
      status.set({ state: 'ready' });
      changed();
    }
  };
  const database = manageDatabase(
    (factory, keyRange) =>
      new HistoryDb(options.name ?? 'embouchure-history', factory, keyRange ?? options.IDBKeyRange),
    { what: 'History', deadlineMs, indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange },
    {
      onOutdated: () => status.set({ state: 'busy', message: OUTDATED_MESSAGE }),
      onBlocked: () => status.set({ state: 'busy', message: BUSY_MESSAGE }),
      // Also when it fails after the deadline: the status says why, not "busy" forever.
      onFailed: (error) => {
        if (status.get().state === 'busy') fail(error);
      },
      onLate: recovered,
    },
  );
  if (!database.available) status.set(describeStorageError(new Error('no IndexedDB')));
  const db = database.available;
  /** Runs `work` on the open database within a deadline (bulk work: `bulkDeadlineMs`). */
  const run = <T>(work: (store: HistoryDb) => Promise<T>, ms = deadlineMs): Promise<T> =>
    database.run(work, ms);

  const upsert = (store: HistoryDb, attempt: AttemptRecord) =>
    store.transaction('rw', store.attempts, store.summary, async () => {
      const { id: _id, ...record } = attempt;
      const key = attemptKey(record);
      const summary = (await store.summary.get('all')) ?? emptySummary();
      const existing = await store.attempts.where('key').equals(key).first();
      if (existing) {
        applyAttempt(summary, existing, -1);
        await store.attempts.put({ ...record, key, id: existing.id });
      } else {
        await store.attempts.add({ ...record, key });
      }
      applyAttempt(summary, record, 1);
      await store.summary.put(summary);
    });

  return {
    status,
    version,
    async add(attempt) {
      // Every exercise kind completes through here (analytics: consent-only, kind + score).
      if (!attempt.partial) {
        track({ name: 'exercise_completed', exerciseType: attempt.exercise, score: attempt.score });
      }
      if (!db) return false;
      try {
        await run((store) => upsert(store, attempt));
        status.set({ state: 'ready' });
        changed();
        changes.emit([attemptKey(attempt)]);
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async remove(attempt) {
      if (!db) return false;
      try {
        await run((store) =>
          store.transaction('rw', store.attempts, store.summary, async () => {
            const key = attemptKey(attempt);
            const existing = await store.attempts.where('key').equals(key).toArray();
            if (existing.length === 0) return;
            const summary = (await store.summary.get('all')) ?? emptySummary();
            for (const stored of existing) applyAttempt(summary, stored, -1);
            await store.attempts.where('key').equals(key).delete();
            await store.summary.put(summary);
          }),
        );
        changed();
        changes.emit([attemptKey(attempt)]);
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async clear() {
      if (!db) return false;
      try {
        await run((store) =>
          store.transaction('rw', store.attempts, store.summary, async () => {
            await store.attempts.clear();
            await store.summary.put(emptySummary());
          }),
        );
        changed();
        changes.emit('all');
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async summary() {
      try {
        const summary = await run(async (store) => {
          const stored = await store.summary.get('all');
          if (stored) return stored;
          // Written by a build without aggregates (never expected): rebuild once.
          const rebuilt = summarise(await store.attempts.toArray());
          await store.summary.put(rebuilt);
          return rebuilt;
        });
        if (status.get().state === 'busy') status.set({ state: 'ready' });
        return summary;
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    async page(offset, limit) {
      try {
        return (
          await run((store) =>
            store.attempts.orderBy('startedAt').reverse().offset(offset).limit(limit).toArray(),
          )
        ).map(strip);
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    async recent(limit) {
      try {
        const latest = await run((store) =>
          store.attempts.orderBy('startedAt').reverse().limit(limit).toArray(),
        );
        return latest.map(strip).reverse();
      } catch (error) {
        fail(error);
        return [];
      }
    },
    async all() {
      try {
        const count = await run((store) => store.attempts.count());
        return (
          await run(
            (store) => store.attempts.orderBy('startedAt').toArray(),
            bulkDeadlineMs(count, deadlineMs),
          )
        ).map(strip);
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    async importAttempts(attempts) {
      if (!db) throw new Error(messageOf(status.get()) || 'History unavailable');
      // One transaction: either every new attempt is added or none is.
      const added = await run(
        (store) =>
          store.transaction('rw', store.attempts, store.summary, async () => {
            const existing = new Set(
              (await store.attempts.orderBy('key').uniqueKeys()).map(String),
            );
            const fresh: StoredAttempt[] = [];
            for (const { id: _id, ...attempt } of attempts) {
              const key = attemptKey(attempt);
              if (existing.has(key)) continue;
              existing.add(key);
              fresh.push({ ...attempt, key });
            }
            const summary = (await store.summary.get('all')) ?? emptySummary();
            for (const attempt of fresh) applyAttempt(summary, attempt, 1);
            await store.attempts.bulkAdd(fresh);
            await store.summary.put(summary);
            return fresh.length;
          }),
        bulkDeadlineMs(attempts.length, deadlineMs),
      );
      status.set({ state: 'ready' });
      changed();
      if (added > 0) changes.emit('all');
      return added;
    },
    changes,
    async byKeys(keys) {
      try {
        const rows = await run(
          (store) =>
            store.attempts
              .where('key')
              .anyOf([...keys])
              .toArray(),
          bulkDeadlineMs(keys.length, deadlineMs),
        );
        return rows.map(strip);
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    async putSynced(attempts) {
      if (attempts.length === 0) return;
      await run(
        (store) =>
          store.transaction('rw', store.attempts, store.summary, async () => {
            const summary = (await store.summary.get('all')) ?? emptySummary();
            const keyed = attempts.map(({ id: _id, ...attempt }) => ({
              ...attempt,
              key: attemptKey(attempt),
            }));
            const existing = await store.attempts
              .where('key')
              .anyOf(keyed.map((a) => a.key))
              .toArray();
            const idOf = new Map<string, number | undefined>();
            for (const old of existing) {
              applyAttempt(summary, old, -1);
              idOf.set(old.key, old.id);
            }
            for (const attempt of keyed) applyAttempt(summary, attempt, 1);
            await store.attempts.bulkPut(
              keyed.map((a) => (idOf.has(a.key) ? { ...a, id: idOf.get(a.key) } : a)),
            );
            await store.summary.put(summary);
          }),
        bulkDeadlineMs(attempts.length, deadlineMs),
      );
      status.set({ state: 'ready' });
      changed();
      changes.emit(attempts.map((a) => attemptKey(a)));
    },
    async removeKeys(keys) {
      if (keys.length === 0) return;
      await run(
        (store) =>
          store.transaction('rw', store.attempts, store.summary, async () => {
            const existing = await store.attempts
              .where('key')
              .anyOf([...keys])
              .toArray();
            if (existing.length === 0) return;
            const summary = (await store.summary.get('all')) ?? emptySummary();
            for (const stored of existing) applyAttempt(summary, stored, -1);
            await store.attempts.bulkDelete(existing.map((a) => a.id as number));
            await store.summary.put(summary);
          }),
        bulkDeadlineMs(keys.length, deadlineMs),
      );
      changed();
      changes.emit(keys);
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
