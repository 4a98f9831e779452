/**
 * The pieces library on the device: its own IndexedDB database (`embouchure-pieces`), so adding
 * it needs no upgrade of the history database other tabs may hold open. Exported and imported
 * with the history file (history-file.ts). Every failure is an Error whose message a player can
 * read; nothing is partly written (each change is one transaction).
 */
import { PiecesDatabase } from '../storage/databases';
import { localDay } from '../history/stats';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
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
}

export function createPieceStore(
  options: { name?: string; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {},
): PieceStore {
  const db = new PiecesDb(
    options.name ?? 'embouchure-pieces',
    options.indexedDB,
    options.IDBKeyRange,
  );
  const strip = ({ id: _id, ...attempt }: StoredAttempt): PieceAttempt => attempt;
  const version = createObservable(0);
  const changed = <T>(result: T): T => {
    version.set(version.get() + 1);
    return result;
  };
  /** Adds the attempt and its score to its day's row, in the caller's transaction. */
  const addScored = async (attempt: PieceAttempt): Promise<void> => {
    await db.attempts.add({ ...attempt });
    const day = dayOfAttempt(attempt);
    await db.scoreDays.put(withAttempt(await db.scoreDays.get([attempt.pieceId, day]), attempt));
  };
  return {
    version,
    list: () => db.pieces.orderBy('importedAtMs').reverse().toArray(),
    get: (id) => db.pieces.get(id),
    put: async (piece) => {
      await db.pieces.put(piece);
    },
    remove: (id) =>
      db
        .transaction('rw', db.pieces, db.attempts, db.scoreDays, async () => {
          await db.pieces.delete(id);
          await db.attempts.where('pieceId').equals(id).delete();
          await db.scoreDays.where('pieceId').equals(id).delete();
        })
        .then(changed),
    addAttempt: (attempt) =>
      db.transaction('rw', db.attempts, db.scoreDays, () => addScored(attempt)).then(changed),
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
        .then(changed),
    scoreDays: () =>
      db.transaction('r', db.pieces, db.scoreDays, async () => {
        const rows = await db.scoreDays.toArray();
        const ids = [...new Set(rows.map((r) => r.pieceId))];
        const pieces = await db.pieces.bulkGet(ids);
        const titles = new Map(ids.map((id, i) => [id, pieces[i]?.title ?? id]));
        return rows.map((r) => ({ ...r, title: titles.get(r.pieceId) ?? r.pieceId }));
      }),
  };
}

let shared: PieceStore | null = null;
/** The app's one library (opened on first use). */
export function getPieceStore(): PieceStore {
  shared ??= createPieceStore();
  return shared;
}
