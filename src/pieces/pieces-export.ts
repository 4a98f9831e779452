/**
 * The pieces library in the history's export file (history-file.ts, key `pieces`): each piece as
 * one-part MusicXML (read back by the same reader as any import) with its practice settings, and
 * the attempts. On import a piece that cannot be read is skipped and counted; pieces already
 * here (same id) are kept as they are.
 */
import { parseMusicXml, scoreToMusicXml } from '../music';
import { practiceFrom } from './assignment';
import { getPieceStore, type PieceStore } from './piece-store';
import type { PieceAttempt, StoredPiece } from './piece-types';

export const PIECES_EXPORT_KEY = 'pieces';

interface ExportedPiece extends Omit<StoredPiece, 'score'> {
  readonly musicxml: string;
}

export async function exportPieces(store: PieceStore = getPieceStore()): Promise<unknown> {
  const { pieces, attempts } = await store.exportAll();
  return {
    pieces: pieces.map(({ score, ...rest }): ExportedPiece => ({
      ...rest,
      musicxml: scoreToMusicXml(score),
    })),
    attempts,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the export carries of the library, in words, or null when it is empty. */
export async function piecesContents(store: PieceStore = getPieceStore()): Promise<string | null> {
  const { pieces, attempts } = await store.exportAll();
  if (pieces.length === 0) return null;
  return `the pieces library: ${plural(pieces.length, 'piece')} (as MusicXML) with ${plural(attempts.length, 'attempt')}`;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function pieceFrom(raw: unknown): StoredPiece | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.musicxml !== 'string') return null;
  try {
    const score = parseMusicXml(raw.musicxml);
    return {
      id: raw.id,
      title: typeof raw.title === 'string' ? raw.title : score.title,
      fileName: typeof raw.fileName === 'string' ? raw.fileName : '',
      partId: typeof raw.partId === 'string' ? raw.partId : null,
      importedAtMs: typeof raw.importedAtMs === 'number' ? raw.importedAtMs : Date.now(),
      score,
      practice: practiceFrom(raw.practice),
      origin: raw.origin === 'study' || raw.origin === 'assignment' ? raw.origin : 'file',
    };
  } catch {
    return null;
  }
}

export function attemptFrom(raw: unknown): PieceAttempt | null {
  if (!isRecord(raw) || typeof raw.pieceId !== 'string' || typeof raw.atMs !== 'number') {
    return null;
  }
  const a = raw.assessment;
  if (!isRecord(a) || !Array.isArray(a.notes) || !isRecord(a.scores)) return null;
  return {
    pieceId: raw.pieceId,
    atMs: raw.atMs,
    source: raw.source === 'recording' ? 'recording' : 'live',
    mode: raw.mode === 'click' ? 'click' : 'follow',
    tempoPercent: typeof raw.tempoPercent === 'number' ? raw.tempoPercent : 100,
    assessment: a as unknown as PieceAttempt['assessment'],
  };
}

export async function importPieces(
  data: unknown,
  store: PieceStore = getPieceStore(),
): Promise<string> {
  if (!isRecord(data) || !Array.isArray(data.pieces)) return 'The file has no readable pieces.';
  const pieces = data.pieces.map(pieceFrom);
  const good = pieces.filter((p): p is StoredPiece => p !== null);
  const ids = new Set(good.map((p) => p.id));
  const attempts = (Array.isArray(data.attempts) ? data.attempts : [])
    .map(attemptFrom)
    .filter((a): a is PieceAttempt => a !== null && ids.has(a.pieceId));
  const added = await store.importAll({ pieces: good, attempts });
  const skipped = pieces.length - good.length;
  return `Imported ${added} new piece${added === 1 ? '' : 's'}${skipped ? ` (${skipped} could not be read)` : ''}.`;
}
