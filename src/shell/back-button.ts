/** The app's home: the only page the back button leaves the app from. */
export const HOME_PATH = '/home/exercise';

/**
 * Below Ionic's overlay (100) and menu (99) handlers, above its router's (0). The router's handler
 * does a browser `history.back()` and then passes the press on, so a handler below it would go
 * back a second time (found by e2e/back-button.e2e.ts). This one decides alone and passes nothing
 * on.
 */
export const APP_BACK_PRIORITY = 1;

export type BackAction =
  { kind: 'on-screen' } | { kind: 'back' } | { kind: 'home' } | { kind: 'exit' };

export interface BackContext {
  /** A Back button is on screen (an exercise's setup or results): pressing it is what back means. */
  onScreenBack: boolean;
  /** Ionic's router has a page pushed by another (not a tab switch, not a deep link). */
  linearHistory: boolean;
}

/**
 * What Android's back button does once no overlay took it: the page's own Back if it shows one,
 * else back through pushed pages, else to home (the start destination, as Android's navigation
 * guidelines have it for tabs), and out of the app only from home.
 */
export function backAction(pathname: string, context: BackContext): BackAction {
  if (context.onScreenBack) return { kind: 'on-screen' };
  if (context.linearHistory) return { kind: 'back' };
  if (pathname.replace(/\/+$/, '') !== HOME_PATH) return { kind: 'home' };
  return { kind: 'exit' };
}
