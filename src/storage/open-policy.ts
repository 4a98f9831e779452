/**
 * The one way the app opens a database (history, takes, pieces, the sync's shadows): opened on
 * first use, within a deadline (a tab that holds an old version open must not hang the screen),
 * and told when another tab upgrades it (this tab closes its connection so the upgrade can run,
 * and says so) or blocks our upgrade. A late open still recovers: the status is set back.
 */
import type Dexie from 'dexie';
import { withDeadline } from '../lib/deadline';

export interface OpenPolicyEvents {
  /** Another tab upgraded the database (this one closed its connection): reload to use it. */
  onOutdated?(): void;
  /** Our upgrade waits for another tab that keeps an older version open. */
  onBlocked?(): void;
  /** The open, or work, failed (after its deadline too): the store words the problem. */
  onFailed?(error: unknown): void;
  /** Work that missed its deadline finished after all (the other tab closed). */
  onLate?(): void;
}

export interface ManagedDatabase<D extends Dexie> {
  /** The open database, within the deadline. */
  open(): Promise<D>;
  /** Runs `work` on the open database within a deadline (`ms`, default the policy's). */
  run<T>(work: (db: D) => Promise<T>, ms?: number): Promise<T>;
  /** False where IndexedDB is missing (the store is unavailable, practice goes on). */
  readonly available: boolean;
}

export interface OpenPolicyOptions {
  /** Named in the deadline's message ("History did not answer within 6 s"). */
  what: string;
  deadlineMs: number;
  /** For tests: a fake IndexedDB (fake-indexeddb); default the browser's. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

/** The browser's IndexedDB (or the test's), or undefined where there is none. */
export function indexedDbFactory(given?: IDBFactory): IDBFactory | undefined {
  if (given) return given;
  try {
    return typeof indexedDB === 'undefined' ? undefined : indexedDB;
  } catch {
    return undefined; // access refused for this origin
  }
}

export function manageDatabase<D extends Dexie>(
  make: (factory: IDBFactory, keyRange?: typeof IDBKeyRange) => D,
  options: OpenPolicyOptions,
  events: OpenPolicyEvents = {},
): ManagedDatabase<D> {
  const factory = indexedDbFactory(options.indexedDB);
  let db: D | null = null;
  let makeError: unknown = null;
  try {
    if (!factory) throw new Error('no IndexedDB');
    db = make(factory, options.IDBKeyRange);
  } catch (error) {
    makeError = error;
  }
  if (db) {
    const current = db;
    // Another tab wants to upgrade the database: let it (close ours) and say so.
    current.on('versionchange', () => {
      current.close();
      events.onOutdated?.();
      return false;
    });
    current.on('blocked', () => events.onBlocked?.());
  }
  let opening: Promise<D> | null = null;
  const open = (): Promise<D> => {
    if (!db)
      return Promise.reject(makeError instanceof Error ? makeError : new Error('no IndexedDB'));
    if (db.isOpen()) return Promise.resolve(db);
    const current = db;
    if (!opening) {
      const attempt = current.open().then(
        () => current,
        (error: unknown) => {
          opening = null;
          events.onFailed?.(error);
          throw error;
        },
      );
      attempt.catch(() => undefined); // handled by whoever waits, or above
      // A closed connection (after an upgrade elsewhere) is opened again on the next call.
      void attempt.then(
        () => {
          opening = null;
        },
        () => undefined,
      );
      opening = attempt;
    }
    return withDeadline(opening, options.deadlineMs, options.what, () => events.onLate?.());
  };
  return {
    available: db !== null,
    open,
    async run(work, ms = options.deadlineMs) {
      const current = await open();
      return withDeadline(work(current), ms, options.what, () => events.onLate?.());
    },
  };
}
