/**
 * The pieces library on the device: its own IndexedDB database (`embouchure-pieces`), so adding
 * it needs no upgrade of the history database other tabs may hold open. Exported and imported
 * with the history file (history-file.ts). Every failure is an Error whose message a player can
 * read; nothing is partly written (each change is one transaction).
 */
import { manageDatabase } from '../storage';
import { PiecesDatabase } from '../storage/databases';
import { localDay } from '../history/stats';
import {
  createEmitter,
  createObservable,
  type EventSource,
  type ReadonlyObservable,
} from '../lib/observable';
import type { PieceAttempt, StoredPiece } from './piece-types';

type StoredAttempt = PieceAttempt & { id?: number };

/**
 * One piece's overall scores on one local day, kept as attempts are added (issue 24: the Progress
 * tab's per-piece trends read these few rows, never every attempt with its notes).
 */
export interface PieceScoreDay {
  readonly pieceId: string;
  /** Local day "YYYY-MM-DD" the attempts were played. */
  readonly day: string;
  /** Sum of the attempts' overall scores, and how many. */
  readonly sum: number;
  readonly n: number;
  readonly best: number;
}

/** The pieces database (declared in src/storage) with the per-day sums' rule for its upgrade. */
class PiecesDb extends PiecesDatabase<StoredPiece, StoredAttempt, PieceScoreDay> {
  constructor(name: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    super(
      name,
      {
        scoreDays: (attempts) => {
          const days = new Map<string, PieceScoreDay>();
          for (const a of attempts) days.set(keyOf(a), withAttempt(days.get(keyOf(a)), a));
          return [...days.values()];
        },
      },
      indexedDB,
      keyRange,
    );
  }
}

const dayOfAttempt = (attempt: PieceAttempt): string =>
  localDay(new Date(attempt.atMs).toISOString());
const keyOf = (attempt: PieceAttempt): string => `${attempt.pieceId}|${dayOfAttempt(attempt)}`;

/** The day's row with `attempt` added (`row`: the day's row so far, if any). */
function withAttempt(row: PieceScoreDay | undefined, attempt: PieceAttempt): PieceScoreDay {
  const score = attempt.assessment.scores.overall;
  return {
    pieceId: attempt.pieceId,
    day: dayOfAttempt(attempt),
    sum: (row?.sum ?? 0) + score,
    n: (row?.n ?? 0) + 1,
    best: Math.max(row?.best ?? 0, score),
  };
}

export interface PieceStore {
  list(): Promise<StoredPiece[]>;
  get(id: string): Promise<StoredPiece | undefined>;
  put(piece: StoredPiece): Promise<void>;
  remove(id: string): Promise<void>;
  addAttempt(attempt: PieceAttempt): Promise<void>;
  /** A piece's attempts, oldest first. */
  attempts(pieceId: string): Promise<PieceAttempt[]>;
  /** Everything, for the export file. */
  exportAll(): Promise<{ pieces: StoredPiece[]; attempts: PieceAttempt[] }>;
  /** Adds pieces and attempts not already here; returns how many pieces were new. */
  importAll(data: { pieces: StoredPiece[]; attempts: PieceAttempt[] }): Promise<number>;
  /** Every piece's scores per day, with the piece's title (Progress, the teacher's report). */
  scoreDays(): Promise<(PieceScoreDay & { title: string })[]>;
  /** Changes on every attempt added, piece removed or import (views reload). */
  readonly version: ReadonlyObservable<number>;
  /** For the account's sync (pieces-sync.ts): what changed here, and the bulk reads and writes. */
  readonly changes: EventSource<PieceChange>;
  piecesByIds(ids: readonly string[]): Promise<StoredPiece[]>;
  putSynced(pieces: readonly StoredPiece[]): Promise<void>;
  removeSynced(ids: readonly string[]): Promise<void>;
  attemptsByKeys(keys: readonly string[]): Promise<PieceAttempt[]>;
  addSyncedAttempts(attempts: readonly PieceAttempt[]): Promise<void>;
  removeSyncedAttempts(keys: readonly string[]): Promise<void>;
}

/** Which records changed: piece ids, attempt keys (`pieceAttemptKey`), or 'all' of them. */
export interface PieceChange {
  readonly pieces: readonly string[] | 'all';
  readonly attempts: readonly string[] | 'all';
}

/** An attempt's stable key: its piece and when it was played. */
export const pieceAttemptKey = (attempt: Pick<PieceAttempt, 'pieceId' | 'atMs'>): string =>
  `${attempt.pieceId}@${attempt.atMs}`;

export function createPieceStore(
  options: { name?: string; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {},
): PieceStore {
  // The app's one open policy (src/storage): opened on first use within a deadline, closed for
  // another tab's upgrade and opened again on the next call. Every call below waits for it.
  let made: PiecesDb | null = null;
  const database = manageDatabase(
    (factory, keyRange) =>
      (made = new PiecesDb(options.name ?? 'embouchure-pieces', factory, keyRange)),
    {
      what: 'Pieces',
      deadlineMs: PIECES_DEADLINE_MS,
      indexedDB: options.indexedDB,
      IDBKeyRange: options.IDBKeyRange,
    },
  );
  // Used only after `database.open()` resolved (see `guarded`), so never null there.
  const db = made as unknown as PiecesDb;
  const strip = ({ id: _id, ...attempt }: StoredAttempt): PieceAttempt => attempt;
  const version = createObservable(0);
  const changes = createEmitter<PieceChange>();
  const changed = <T>(result: T): T => {
    version.set(version.get() + 1);
    return result;
  };
  const told =
    (change: PieceChange) =>
    <T>(result: T): T => {
      changes.emit(change);
      return changed(result);
    };
  /** Recomputes the day rows of these (piece, day) pairs from the attempts left. */
  const recountDays = async (rows: readonly PieceAttempt[]): Promise<void> => {
    for (const key of new Set(rows.map(keyOf))) {
      const [pieceId, day] = key.split('|');
      const left = (await db.attempts.where('pieceId').equals(pieceId).toArray()).filter(
        (a) => dayOfAttempt(a) === day,
      );
      if (left.length === 0) await db.scoreDays.delete([pieceId, day]);
      else
        await db.scoreDays.put(
          left.reduce<PieceScoreDay | undefined>(withAttempt, undefined) as PieceScoreDay,
        );
    }
  };
  const attemptRows = async (keys: readonly string[]): Promise<StoredAttempt[]> => {
    const wanted = new Set(keys);
    const pieceIds = [...new Set(keys.map((k) => k.slice(0, k.lastIndexOf('@'))))];
    const rows = await db.attempts.where('pieceId').anyOf(pieceIds).toArray();
    return rows.filter((a) => wanted.has(pieceAttemptKey(a)));
  };
  /** Adds the attempt and its score to its day's row, in the caller's transaction. */
  const addScored = async (attempt: PieceAttempt): Promise<void> => {
    await db.attempts.add({ ...attempt });
    const day = dayOfAttempt(attempt);
    await db.scoreDays.put(withAttempt(await db.scoreDays.get([attempt.pieceId, day]), attempt));
  };
  return guarded(() => database.open(), {
    version,
    list: () => db.pieces.orderBy('importedAtMs').reverse().toArray(),
    get: (id) => db.pieces.get(id),
    put: async (piece) => {
      await db.pieces.put(piece);
      changes.emit({ pieces: [piece.id], attempts: [] });
    },
    remove: (id) =>
      db
        .transaction('rw', db.pieces, db.attempts, db.scoreDays, async () => {
          await db.pieces.delete(id);
          await db.attempts.where('pieceId').equals(id).delete();
          await db.scoreDays.where('pieceId').equals(id).delete();
        })
        .then(told({ pieces: [id], attempts: 'all' })),
    addAttempt: (attempt) =>
      db
        .transaction('rw', db.attempts, db.scoreDays, () => addScored(attempt))
        .then(told({ pieces: [], attempts: [pieceAttemptKey(attempt)] })),
    attempts: async (pieceId) =>
      (await db.attempts.where('pieceId').equals(pieceId).sortBy('atMs')).map(strip),
    exportAll: async () => ({
      pieces: await db.pieces.toArray(),
      attempts: (await db.attempts.toArray()).map(strip),
    }),
    importAll: (data) =>
      db
        .transaction('rw', db.pieces, db.attempts, db.scoreDays, async () => {
          let added = 0;
          for (const piece of data.pieces) {
            if (await db.pieces.get(piece.id)) continue;
            await db.pieces.put(piece);
            added++;
          }
          const seen = new Set((await db.attempts.toArray()).map((a) => `${a.pieceId}@${a.atMs}`));
          for (const attempt of data.attempts) {
            const key = `${attempt.pieceId}@${attempt.atMs}`;
            if (seen.has(key)) continue;
            seen.add(key);
            await addScored(attempt);
          }
          return added;
        })
        .then(told({ pieces: 'all', attempts: 'all' })),
    changes,
    piecesByIds: async (ids) =>
      (await db.pieces.bulkGet([...ids])).filter((p): p is StoredPiece => p !== undefined),
    putSynced: async (pieces) => {
      if (pieces.length === 0) return;
      await db.pieces.bulkPut([...pieces]);
      changed(undefined);
      changes.emit({ pieces: pieces.map((p) => p.id), attempts: [] });
    },
    removeSynced: async (ids) => {
      if (ids.length === 0) return;
      // The piece only: its attempts are documents of their own, deleted (or kept) by the sync.
      await db.pieces.bulkDelete([...ids]);
      changed(undefined);
      changes.emit({ pieces: ids, attempts: [] });
    },
    attemptsByKeys: async (keys) => (await attemptRows(keys)).map(strip),
    addSyncedAttempts: (attempts) =>
      db
        .transaction('rw', db.attempts, db.scoreDays, async () => {
          const present = new Set(
            (await attemptRows(attempts.map(pieceAttemptKey))).map(pieceAttemptKey),
          );
          for (const attempt of attempts) {
            if (present.has(pieceAttemptKey(attempt))) continue;
            present.add(pieceAttemptKey(attempt));
            await addScored(attempt);
          }
        })
        .then(told({ pieces: [], attempts: attempts.map(pieceAttemptKey) })),
    removeSyncedAttempts: (keys) =>
      db
        .transaction('rw', db.attempts, db.scoreDays, async () => {
          const rows = await attemptRows(keys);
          await db.attempts.bulkDelete(rows.map((r) => r.id as number));
          await recountDays(rows);
        })
        .then(told({ pieces: [], attempts: keys })),
    scoreDays: () =>
      db.transaction('r', db.pieces, db.scoreDays, async () => {
        const rows = await db.scoreDays.toArray();
        const ids = [...new Set(rows.map((r) => r.pieceId))];
        const pieces = await db.pieces.bulkGet(ids);
        const titles = new Map(ids.map((id, i) => [id, pieces[i]?.title ?? id]));
        return rows.map((r) => ({ ...r, title: titles.get(r.pieceId) ?? r.pieceId }));
      }),
  });
}

/** How long a pieces screen waits for the database (a busy phone, another tab's old version). */
const PIECES_DEADLINE_MS = 10_000;

/** The store with each of its calls made once the database is open (a clear error if it cannot). */
function guarded(ready: () => Promise<unknown>, store: PieceStore): PieceStore {
  const calls: Record<string, unknown> = { ...store };
  for (const [name, member] of Object.entries(store)) {
    if (typeof member !== 'function') continue;
    const call = member as (...args: unknown[]) => Promise<unknown>;
    calls[name] = (...args: unknown[]) => ready().then(() => call(...args));
  }
  return calls as unknown as PieceStore;
}

let shared: PieceStore | null = null;
/** The app's one library (opened on first use). */
export function getPieceStore(): PieceStore {
  shared ??= createPieceStore();
  return shared;
}
