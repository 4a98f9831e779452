import { notePathBelow } from '../shared-ui/app-history';
import { HOME_PATH } from './back-button';

/** Screens opened by a link that get home below them (the tuner, an exercise, progress, pieces). */
const BELOW_HOME = /^\/home\/(exercise\/.+|tuner|progress|pieces)(\/|$)/;

/** A piece (`/home/pieces/<id>`, src/pages/piece-routes.ts): the library goes between it and home. */
const PIECE = /^\/home\/pieces\/[^/]+/;
const LIBRARY_PATH = '/home/pieces';

/** React Router's entry state (its `createBrowserHistory` reads `idx` and `key` from it). */
interface EntryState {
  usr: null;
  key: string;
  idx: number;
}

/**
 * A link straight to a screen (`/home/exercise/scales`) opens it with home below it in the
 * session history, as Android does for a deep link's task: the browser's Back, Android's back
 * button and the screen's own Back return home instead of leaving the app. Runs once, before the
 * router reads the history. A piece gets the library below it as well, so Back from it is the
 * library, then home.
 */
export function openAboveHome(
  history: Pick<History, 'state' | 'replaceState' | 'pushState'>,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): boolean {
  // A reload or a return to an entry the router already made: its history is already there.
  const state = history.state as Partial<EntryState> | null;
  if (state?.key !== undefined || !BELOW_HOME.test(location.pathname)) return false;
  const url = location.pathname + location.search + location.hash;
  // Read before the history changes: `location` is the window's, which follows it.
  const aPiece = PIECE.test(location.pathname);
  const home: EntryState = { usr: null, key: 'home-below-link', idx: 0 };
  const link: EntryState = { usr: null, key: 'opened-link', idx: 1 };
  history.replaceState(home, '', HOME_PATH);
  if (aPiece) {
    const library: EntryState = { usr: null, key: 'library-below-link', idx: 1 };
    history.pushState(library, '', LIBRARY_PATH);
    notePathBelow(library.key, HOME_PATH);
    link.idx = 2;
    history.pushState(link, '', url);
    notePathBelow(link.key, LIBRARY_PATH);
    return true;
  }
  history.pushState(link, '', url);
  notePathBelow(link.key, HOME_PATH);
  return true;
}
