import { describe, expect, it } from 'vitest';
import { APP_BACK_PRIORITY, HOME_PATH, backAction } from './back-button';

describe("Android's back button once no overlay (100) or menu (99) took it", () => {
  it("goes back through the router's history (a run to its setup, an exercise to home)", () => {
    for (const path of ['/home/tuner', '/home/exercise/scales', '/home/exercise/scales/play']) {
      expect(backAction(path, { canGoBack: true })).toEqual({ kind: 'back' });
    }
  });
  it('goes home from any other page with nothing of the app below it', () => {
    expect(backAction('/home/tuner', { canGoBack: false })).toEqual({ kind: 'home' });
    expect(backAction('/home/exercise/history', { canGoBack: false })).toEqual({ kind: 'home' });
  });
  it('leaves the app only from home, whatever lies below it', () => {
    for (const canGoBack of [false, true]) {
      expect(backAction(HOME_PATH, { canGoBack })).toEqual({ kind: 'exit' });
      expect(backAction(`${HOME_PATH}/`, { canGoBack })).toEqual({ kind: 'exit' });
    }
  });
  it("ranks below the overlay and menu handlers, above Ionic's router (which would also go back)", () => {
    expect(APP_BACK_PRIORITY).toBeLessThan(99);
    expect(APP_BACK_PRIORITY).toBeGreaterThan(0);
  });
});
