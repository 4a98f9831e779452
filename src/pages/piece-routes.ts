/**
 * The routes of the Pieces tab, so a link or a reminder opens a piece and Back walks them:
 * `/home/pieces` (the library) · `/home/pieces/<id>` (a piece: its practice screen, above the
 * library) · `/home/pieces/<id>/practice` (the same screen, the name a link or a reminder may use).
 */
export const PIECES_PATH = '/home/pieces';
const PRACTICE_SEGMENT = 'practice';

export type PieceRoute = { view: 'library' } | { view: 'piece'; id: string };

/** The path is in the Pieces tab (one of its routes or not). */
export const isPiecesTabPath = (pathname: string): boolean =>
  pathname === PIECES_PATH || pathname.startsWith(`${PIECES_PATH}/`);

/** The route a pathname names, or null for a path the tab does not have. */
export function parsePieceRoute(pathname: string): PieceRoute | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === PIECES_PATH) return { view: 'library' };
  if (!trimmed.startsWith(`${PIECES_PATH}/`)) return null;
  const [encoded, step, ...rest] = trimmed.slice(PIECES_PATH.length + 1).split('/');
  if (rest.length > 0 || (step !== undefined && step !== PRACTICE_SEGMENT)) return null;
  try {
    const id = decodeURIComponent(encoded);
    return id === '' ? null : { view: 'piece', id };
  } catch {
    return null; // a malformed escape: not a piece this app made
  }
}

/** A piece's path (its practice screen). */
export const piecePath = (id: string): string => `${PIECES_PATH}/${encodeURIComponent(id)}`;

/** The path a link or a reminder gives to practise a piece (opens the same screen). */
export const piecePracticePath = (id: string): string => `${piecePath(id)}/${PRACTICE_SEGMENT}`;
