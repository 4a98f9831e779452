/**
 * Deleting a piece from the library (issue 36, W7): the piece and its attempts go together
 * (`PieceStore.remove`, one transaction), and the account's sync sends both as deletions (the
 * store's change event names the piece and its attempts; the sync engine finds them gone). What
 * was deleted is kept in hand so the player can undo it: the piece comes back with every attempt.
 */
import type { PieceStore } from './piece-store';
import type { PieceAttempt, StoredPiece } from './piece-types';

export interface DeletedPiece {
  readonly piece: StoredPiece;
  readonly attempts: readonly PieceAttempt[];
}

/** Deletes the piece and its attempts; resolves to what undoing needs. */
export async function deletePiece(store: PieceStore, piece: StoredPiece): Promise<DeletedPiece> {
  const attempts = await store.attempts(piece.id);
  await store.remove(piece.id);
  return { piece, attempts };
}

/** Puts a deleted piece back with its attempts (synced again as new versions). */
export async function undoDelete(store: PieceStore, deleted: DeletedPiece): Promise<void> {
  await store.importAll({ pieces: [deleted.piece], attempts: [...deleted.attempts] });
}

const attemptsText = (n: number): string =>
  n === 0 ? '' : n === 1 ? ' and its 1 attempt' : ` and its ${n} attempts`;

/** The question before deleting. */
export const confirmDeleteText = (piece: StoredPiece): string =>
  `Delete “${piece.title}” and its attempts from this device and, when you are signed in, from your account?`;

/** What the library says once a piece is deleted (with Undo beside it). */
export const deletedText = (deleted: DeletedPiece): string =>
  `Deleted “${deleted.piece.title}”${attemptsText(deleted.attempts.length)}.`;
