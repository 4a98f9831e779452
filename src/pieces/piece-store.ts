/**
 * The pieces library on the device: its own IndexedDB database (`embouchure-pieces`), so adding
 * it needs no upgrade of the history database other tabs may hold open. Exported and imported
 * with the history file (history-file.ts). Every failure is an Error whose message a player can
 * read; nothing is partly written (each change is one transaction).
 */
import Dexie, { type Table } from 'dexie';
import type { PieceAttempt, StoredPiece } from './piece-types';

type StoredAttempt = PieceAttempt & { id?: number };

class PiecesDb extends Dexie {
  pieces!: Table<StoredPiece, string>;
  attempts!: Table<StoredAttempt, number>;
  constructor(name: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    super(name, indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {});
    this.version(1).stores({ pieces: 'id, importedAtMs', attempts: '++id, pieceId, atMs' });
  }
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
  return {
    list: () => db.pieces.orderBy('importedAtMs').reverse().toArray(),
    get: (id) => db.pieces.get(id),
    put: async (piece) => {
      await db.pieces.put(piece);
    },
    remove: (id) =>
      db.transaction('rw', db.pieces, db.attempts, async () => {
        await db.pieces.delete(id);
        await db.attempts.where('pieceId').equals(id).delete();
      }),
    addAttempt: async (attempt) => {
      await db.attempts.add({ ...attempt });
    },
    attempts: async (pieceId) =>
      (await db.attempts.where('pieceId').equals(pieceId).sortBy('atMs')).map(strip),
    exportAll: async () => ({
      pieces: await db.pieces.toArray(),
      attempts: (await db.attempts.toArray()).map(strip),
    }),
    importAll: (data) =>
      db.transaction('rw', db.pieces, db.attempts, async () => {
        let added = 0;
        for (const piece of data.pieces) {
          if (await db.pieces.get(piece.id)) continue;
          await db.pieces.put(piece);
          added++;
        }
        const seen = new Set((await db.attempts.toArray()).map((a) => `${a.pieceId}@${a.atMs}`));
        for (const attempt of data.attempts) {
          if (!seen.has(`${attempt.pieceId}@${attempt.atMs}`))
            await db.attempts.add({ ...attempt });
        }
        return added;
      }),
  };
}

let shared: PieceStore | null = null;
/** The app's one library (opened on first use). */
export function getPieceStore(): PieceStore {
  shared ??= createPieceStore();
  return shared;
}
