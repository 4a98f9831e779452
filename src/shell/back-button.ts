/** The app's home: the only page the back button leaves the app from. */
export const HOME_PATH = '/home/exercise';

/**
 * Below Ionic's overlay (100) and menu (99) handlers, above its router's (0). The router's handler
 * does a browser `history.back()` and then passes the press on, so a handler below it would go
 * back a second time (found by e2e/back-button.e2e.ts). This one decides alone and passes nothing
 * on.
 */
export const APP_BACK_PRIORITY = 1;

export type BackAction = { kind: 'back' } | { kind: 'home' } | { kind: 'exit' };

/**
 * What Android's back button does once no overlay took it: out of the app from home (the start
 * destination, as Android's navigation guidelines have it for tabs); elsewhere back through the
 * router's history (a run to its setup, an exercise to home) while the entry below is the app's
 * own, else home.
 */
export function backAction(pathname: string, context: { canGoBack: boolean }): BackAction {
  if (pathname.replace(/\/+$/, '') === HOME_PATH) return { kind: 'exit' };
  return context.canGoBack ? { kind: 'back' } : { kind: 'home' };
}
