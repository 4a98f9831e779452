import { describe, expect, it } from 'vitest';
import { APP_BACK_PRIORITY, HOME_PATH, backAction } from './back-button';

const none = { onScreenBack: false, linearHistory: false };

describe("Android's back button once no overlay (100) or menu (99) took it", () => {
  it("presses the page's own Back first (an exercise's setup or results), on any page", () => {
    for (const path of [HOME_PATH, '/home/tuner']) {
      expect(backAction(path, { onScreenBack: true, linearHistory: true })).toEqual({
        kind: 'on-screen',
      });
    }
  });
  it('goes back through pushed pages', () => {
    expect(backAction('/home/tuner', { ...none, linearHistory: true })).toEqual({ kind: 'back' });
    expect(backAction(HOME_PATH, { ...none, linearHistory: true })).toEqual({ kind: 'back' });
  });
  it('goes home from any other page, and leaves the app only from home', () => {
    expect(backAction('/home/tuner', none)).toEqual({ kind: 'home' });
    expect(backAction(HOME_PATH, none)).toEqual({ kind: 'exit' });
    expect(backAction(`${HOME_PATH}/`, none)).toEqual({ kind: 'exit' });
  });
  it("ranks below the overlay and menu handlers, above Ionic's router (which would also go back)", () => {
    expect(APP_BACK_PRIORITY).toBeLessThan(99);
    expect(APP_BACK_PRIORITY).toBeGreaterThan(0);
  });
});
