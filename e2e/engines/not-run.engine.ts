import { describe, it } from 'vitest';

/**
 * The player's flows the engine tests do not run yet, each with why (README "Tests", docs/testing.md
 * "Other engines"): listed as skipped in every engine run so they are not forgotten.
 */
describe(`not run on ${process.env.EMBOUCHURE_ENGINE ?? 'webkit'} yet`, () => {
  it.skip('drone and its cancellation: the drone plays into the PulseAudio sink the virtual microphone hears (needs its own design)', () =>
    undefined);
  it.skip('Set A4 by listening: not written yet (the same listening as the tuner test)', () =>
    undefined);
  it.skip('offline / PWA: the WebKitGTK automation session is ephemeral; Firefox service workers over BiDi not tried', () =>
    undefined);
  it.skip('denied microphone permission: MiniBrowser and the Firefox prefs used here grant it; no deny switch tried', () =>
    undefined);
  it.skip('take export / import: downloads and file choosers are not reachable over classic WebDriver', () =>
    undefined);
});
