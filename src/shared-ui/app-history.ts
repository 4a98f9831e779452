/**
 * The app's own record of its session history: for each entry (React Router's `location.key`), the
 * path of the entry below it when the app put it there. "Back" then means the browser's Back
 * whenever the entry below is where back should lead (an exercise's setup under its run, home
 * under an exercise), so the browser's Back, Android's back button and the screens' own Back
 * buttons walk one history; otherwise (a deep link, a reload) the screen is replaced instead.
 */
const pathBelowByKey = new Map<string, string>();

export type NavigationAction = 'PUSH' | 'POP' | 'REPLACE';

/** Records a navigation from `previous` to the entry `key` (src/shell/AppHistoryLedger.tsx). */
export function noteNavigation(
  action: NavigationAction,
  key: string,
  previous: { key: string; pathname: string },
): void {
  if (action === 'PUSH') pathBelowByKey.set(key, previous.pathname);
  else if (action === 'REPLACE') {
    const below = pathBelowByKey.get(previous.key);
    if (below !== undefined) pathBelowByKey.set(key, below);
  }
  // POP moves to an entry already recorded (or one from before the app started: none below).
}

/** Says that the entry `key` lies on `pathname` (the home a deep link is opened above). */
export function notePathBelow(key: string, pathname: string): void {
  pathBelowByKey.set(key, pathname);
}

/** The path of the entry below `key`, if the app knows it (undefined: back would leave the app). */
export function pathBelow(key: string): string | undefined {
  return pathBelowByKey.get(key);
}

const trimmed = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

/** Back to `target`: the browser's Back if the entry below is `target`, else replace with it. */
export function backTo(
  target: string,
  current: { key: string },
  navigate: (to: string | number, options?: { replace: boolean }) => void,
): void {
  const below = pathBelow(current.key);
  if (below !== undefined && trimmed(below) === trimmed(target)) navigate(-1);
  else navigate(target, { replace: true });
}
