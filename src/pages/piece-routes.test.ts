import { describe, expect, it } from 'vitest';
import {
  PIECES_PATH,
  isPiecesTabPath,
  parsePieceRoute,
  piecePath,
  piecePracticePath,
} from './piece-routes';

describe('the Pieces tab’s routes', () => {
  it('the library, with or without a trailing slash', () => {
    expect(parsePieceRoute(PIECES_PATH)).toEqual({ view: 'library' });
    expect(parsePieceRoute(`${PIECES_PATH}/`)).toEqual({ view: 'library' });
  });

  it.each(['p-m1x2-abc123', 'p-1~1700000000000', 'a piece/with ? odd # characters'])(
    '%s: its path and its practice path name the piece',
    (id) => {
      expect(parsePieceRoute(piecePath(id))).toEqual({ view: 'piece', id });
      expect(parsePieceRoute(piecePracticePath(id))).toEqual({ view: 'piece', id });
      expect(parsePieceRoute(`${piecePath(id)}/`)).toEqual({ view: 'piece', id });
      expect(isPiecesTabPath(piecePath(id))).toBe(true);
    },
  );

  it.each([
    '/home/pieces/p-1/play',
    '/home/pieces/p-1/practice/more',
    '/home/pieces/%E0%A4%A',
    '/home/piecesx',
    '/home/tuner',
  ])('%s: not a route of the tab', (path) => {
    expect(parsePieceRoute(path)).toBeNull();
  });

  it('knows the tab’s paths from the others', () => {
    expect(isPiecesTabPath('/home/pieces')).toBe(true);
    expect(isPiecesTabPath('/home/piecesx')).toBe(false);
    expect(isPiecesTabPath('/home/exercise')).toBe(false);
  });
});
