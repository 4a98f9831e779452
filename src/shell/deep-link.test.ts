import { describe, expect, it } from 'vitest';
import { pathBelow } from '../shared-ui/app-history';
import { HOME_PATH } from './back-button';
import { openAboveHome } from './deep-link';

/** A session history as the browser keeps it: entries of (state, url), the current one last. */
function fakeHistory(url: string, state: unknown = null) {
  const entries: { state: unknown; url: string }[] = [{ state, url }];
  return {
    entries,
    get state() {
      return entries.at(-1)?.state;
    },
    replaceState(next: unknown, _title: string, nextUrl?: string | URL | null) {
      entries[entries.length - 1] = { state: next, url: String(nextUrl) };
    },
    pushState(next: unknown, _title: string, nextUrl?: string | URL | null) {
      entries.push({ state: next, url: String(nextUrl) });
    },
  };
}
const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });

describe('a link straight to a screen opens it above home', () => {
  it.each([
    '/home/exercise/scales',
    '/home/exercise/long-tones',
    '/home/exercise/history',
    '/home/tuner',
    '/home/progress',
    '/home/pieces',
  ])('%s: home below, the screen on top, and the app knows home is below', (path) => {
    const history = fakeHistory(path);
    expect(openAboveHome(history, at(path, '?x=1'))).toBe(true);
    expect(history.entries.map((e) => e.url)).toEqual([HOME_PATH, `${path}?x=1`]);
    const top = history.state as { key: string; idx: number };
    expect(top.idx).toBe(1);
    expect(pathBelow(top.key)).toBe(HOME_PATH);
  });

  it('a piece: home, then the library, then the piece; the app knows what is below each', () => {
    const path = '/home/pieces/p-abc-123';
    const history = fakeHistory(path);
    // As the window's location: it follows the history's current entry.
    const live = {
      get pathname() {
        return new URL(history.entries.at(-1)?.url ?? '/', 'https://app.test').pathname;
      },
      search: '',
      hash: '',
    };
    expect(openAboveHome(history, live)).toBe(true);
    expect(history.entries.map((e) => e.url)).toEqual([HOME_PATH, '/home/pieces', path]);
    const [, library, top] = history.entries.map((e) => e.state as { key: string; idx: number });
    expect([library.idx, top.idx]).toEqual([1, 2]);
    expect(pathBelow(top.key)).toBe('/home/pieces');
    expect(pathBelow(library.key)).toBe(HOME_PATH);
  });

  it.each(['/', '/home', '/home/exercise', '/home/exercise/', '/elsewhere', '/home/tunerx'])(
    '%s: left as it is',
    (path) => {
      const history = fakeHistory(path);
      expect(openAboveHome(history, at(path))).toBe(false);
      expect(history.entries).toEqual([{ state: null, url: path }]);
    },
  );

  it('leaves a reloaded entry alone (the router made it; its history is there)', () => {
    const state = { usr: null, key: 'abc', idx: 3 };
    const history = fakeHistory('/home/exercise/scales', state);
    expect(openAboveHome(history, at('/home/exercise/scales'))).toBe(false);
    expect(history.entries).toHaveLength(1);
  });
});
