/** The app's home: the only page the back button leaves the app from. */
export const HOME_PATH = '/home/exercise';

/**
 * Below Ionic's overlay (100) and menu (99) handlers and its router's (0): what is left when
 * nothing is open and there is no history to go back to.
 */
export const APP_BACK_PRIORITY = -1;

export type BackAction = { kind: 'back' } | { kind: 'home' } | { kind: 'exit' };

/**
 * What Android's back button does once no overlay took it: go back if there is history, else go
 * home, and leave the app only from home.
 */
export function backAction(pathname: string, canGoBack: boolean): BackAction {
  if (canGoBack) return { kind: 'back' };
  if (pathname.replace(/\/+$/, '') !== HOME_PATH) return { kind: 'home' };
  return { kind: 'exit' };
}
