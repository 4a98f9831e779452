import { notePathBelow } from '../shared-ui/app-history';
import { HOME_PATH } from './back-button';

/** Screens opened by a link that get home below them (the tuner, an exercise, progress, pieces). */
const BELOW_HOME = /^\/home\/(exercise\/.+|tuner|progress|pieces)(\/|$)/;

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
 * router reads the history.
 */
export function openAboveHome(
  history: Pick<History, 'state' | 'replaceState' | 'pushState'>,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): boolean {
  // A reload or a return to an entry the router already made: its history is already there.
  const state = history.state as Partial<EntryState> | null;
  if (state?.key !== undefined || !BELOW_HOME.test(location.pathname)) return false;
  const url = location.pathname + location.search + location.hash;
  const home: EntryState = { usr: null, key: 'home-below-link', idx: 0 };
  const link: EntryState = { usr: null, key: 'opened-link', idx: 1 };
  history.replaceState(home, '', HOME_PATH);
  history.pushState(link, '', url);
  notePathBelow(link.key, HOME_PATH);
  return true;
}
