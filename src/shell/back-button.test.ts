import { describe, expect, it } from 'vitest';
import { APP_BACK_PRIORITY, HOME_PATH, backAction } from './back-button';

describe("Android's back button once no overlay (100) or menu (99) took it", () => {
  it('goes back while there is history', () => {
    expect(backAction('/home/tuner', true)).toEqual({ kind: 'back' });
    expect(backAction(HOME_PATH, true)).toEqual({ kind: 'back' });
  });
  it('goes home from any other page, and leaves the app only from home', () => {
    expect(backAction('/home/tuner', false)).toEqual({ kind: 'home' });
    expect(backAction(HOME_PATH, false)).toEqual({ kind: 'exit' });
    expect(backAction(`${HOME_PATH}/`, false)).toEqual({ kind: 'exit' });
  });
  it('ranks below the overlay and menu handlers', () => {
    expect(APP_BACK_PRIORITY).toBeLessThan(99);
  });
});
