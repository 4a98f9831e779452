/**
 * The pieces library as the account syncs it: each piece one document (its part as read, its
 * practice settings), each judged attempt another ("<piece id>@<played at ms>"). Pieces are not
 * edited after they are read, so two versions of one piece differ only if something went wrong:
 * the later is kept under its id and the other beside it as a copy, never dropped. Attempts are
 * facts: the same key is the same attempt. Whatever arrives is checked first; a document that is
 * not a piece or an attempt is left out, never stored half-read.
 */
import type { Resolution, SyncRecord, SyncSource } from '../storage/sync';
import { contentsEqual } from './pieces-sync-rules';
import { pieceAttemptKey, type PieceStore } from './piece-store';
import type { PieceAttempt, StoredPiece } from './piece-types';
import { attemptFrom, isRecord } from './pieces-export';

/** A piece from another device, or null when it is not one. */
export function syncedPiece(raw: unknown, id: string): StoredPiece | null {
  if (!isRecord(raw) || raw.id !== id || typeof raw.title !== 'string') return null;
  const score = raw.score;
  if (
    !isRecord(score) ||
    !Array.isArray(score.notes) ||
    !Array.isArray(score.measures) ||
    !Array.isArray(score.tempos) ||
    score.tempos.length === 0 ||
    typeof raw.importedAtMs !== 'number' ||
    !isRecord(raw.practice)
  ) {
    return null;
  }
  return raw as unknown as StoredPiece;
}

const pieceRecord = (piece: StoredPiece): SyncRecord => ({
  key: piece.id,
  updatedAtMs: piece.importedAtMs,
  data: piece,
});

export function resolvePieces(local: SyncRecord, remote: SyncRecord): Resolution {
  const [later, earlier] =
    remote.updatedAtMs > local.updatedAtMs ? [remote, local] : [local, remote];
  if (contentsEqual(later.data, earlier.data)) return { keep: later };
  const copy = earlier.data as StoredPiece;
  const key = `${copy.id}~${earlier.updatedAtMs}`;
  return {
    keep: later,
    copies: [
      {
        key,
        updatedAtMs: earlier.updatedAtMs,
        data: { ...copy, id: key, title: `${copy.title} (other version)` },
      },
    ],
  };
}

export function piecesSyncSources(store: PieceStore): SyncSource[] {
  const pieces: SyncSource = {
    kind: 'piece',
    list: async () => (await store.list()).map(pieceRecord),
    get: async (keys) => (await store.piecesByIds(keys)).map(pieceRecord),
    async put(records) {
      const valid = records.flatMap((r) => {
        const piece = syncedPiece(r.data, r.key);
        return piece ? [piece] : [];
      });
      await store.putSynced(valid);
    },
    remove: (keys) => store.removeSynced(keys),
    resolve: resolvePieces,
    subscribe: (listener) =>
      store.changes.subscribe((c) => {
        if (c.pieces === 'all' || c.pieces.length > 0) listener(c.pieces);
      }),
  };
  const attemptRecord = (attempt: PieceAttempt): SyncRecord => ({
    key: pieceAttemptKey(attempt),
    updatedAtMs: attempt.atMs,
    data: attempt,
  });
  const attempts: SyncSource = {
    kind: 'pieceAttempt',
    list: async () => (await store.exportAll()).attempts.map(attemptRecord),
    get: async (keys) => (await store.attemptsByKeys(keys)).map(attemptRecord),
    async put(records) {
      const valid = records.flatMap((r) => {
        const attempt = attemptFrom(r.data);
        return attempt && pieceAttemptKey(attempt) === r.key ? [attempt] : [];
      });
      await store.addSyncedAttempts(valid);
    },
    remove: (keys) => store.removeSyncedAttempts(keys),
    subscribe: (listener) =>
      store.changes.subscribe((c) => {
        if (c.attempts === 'all' || c.attempts.length > 0) listener(c.attempts);
      }),
  };
  return [pieces, attempts];
}
