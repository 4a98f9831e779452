import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';

/**
 * Issue 15, practice saved as it happens: a microphone lost mid-hold keeps what was played as a
 * partial attempt (shown as such, can be discarded); a tab closed mid-exercise keeps the notes
 * already played; a revoked permission is not called a disconnection.
 */
const WAV = 'clean/sr44100/tpt_n067_G4_v110.wav';

// Each test launches its own browser (closed after it, no page errors allowed).
const perTest = browserPerTest();

/** Keeps the microphone tracks the app opens, so a test can end them like an unplugged device. */
function keepTracks(): void {
  const tracks: MediaStreamTrack[] = [];
  (globalThis as unknown as { __tracks: MediaStreamTrack[] }).__tracks = tracks;
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    tracks.push(...stream.getAudioTracks());
    return stream;
  };
}

/** The device goes away: the browser stops the track and fires `ended` (as on unplugging). */
const endTracks = (page: Page) =>
  page.evaluate(() => {
    for (const track of (globalThis as unknown as { __tracks: MediaStreamTrack[] }).__tracks) {
      track.stop();
      track.dispatchEvent(new Event('ended'));
    }
  });

async function startLongTone(page: Page, pattern: 'single' | 'pyramid', holdSeconds: number) {
  await page.goto(appUrl('/home/exercise'));
  const view = activePage(page);
  await view.getByTestId('open-long-tones').click();
  await view.getByTestId('lt-pattern').selectOption(pattern);
  if (pattern === 'single') await view.getByTestId('lt-note').selectOption({ label: 'A4' });
  await view.getByTestId('lt-hold').fill(String(holdSeconds));
  await view.getByTestId('lt-start').click();
  return view;
}

describe('practice saved as it happens', () => {
  it('microphone lost mid-hold: the hold so far is scored and kept as a partial attempt; Discard removes it', async () => {
    const browser = await perTest.launch({ wav: audioFile(WAV) });
    const { page, context } = browser;
    await context.addInitScript(keepTracks);
    const view = await startLongTone(page, 'single', 4);
    await expect.poll(() => view.getByTestId('phase').textContent()).toMatch(/^Hold A4/);
    await endTracks(page);

    const partial = view.getByTestId('partial-attempt');
    await partial.waitFor();
    expect(await partial.textContent()).toMatch(/Partial attempt: the microphone was lost/);
    expect(await view.getByTestId('note-table').textContent()).toContain('A4');
    await expect
      .poll(() => view.getByTestId('save-message').textContent())
      .toBe('Saved to your history as a partial attempt.');
    // The banner still offers a way back.
    expect(await view.getByTestId('tuner-error').isVisible()).toBe(true);

    await view.getByTestId('tab-history').click();
    const row = view.getByTestId('attempt-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-partial')).toBe('mic-lost');
    expect(await row.textContent()).toMatch(/Partial \(mic lost\)/);

    await view.getByTestId('tab-practice').click();
    await view.getByTestId('discard-attempt').click();
    await expect.poll(() => view.getByTestId('save-message').textContent()).toMatch(/discarded/);
    await view.getByTestId('tab-history').click();
    await expect.poll(() => view.getByTestId('history-empty').isVisible()).toBe(true);
  });

  it('tab closed mid-exercise: the notes already played are in the history, marked partial', async () => {
    // Concert F4 = written G4, the first note of the chromatic run (a hold starts on the target).
    const browser = await perTest.launch({ wav: audioFile('clean/sr44100/tpt_n065_F4_v110.wav') });
    const { page, context } = browser;
    const view = await startLongTone(page, 'pyramid', 1);
    // The first note is done once the second one is asked for, and in the history once it says so.
    await expect.poll(() => view.locator('h2').first().textContent()).toMatch(/^Note 2 of/);
    await expect
      .poll(() => view.getByTestId('saved-so-far').textContent())
      .toBe('Saved as you play: 1 note so far.');
    await page.close({ runBeforeUnload: true });

    const again = await context.newPage();
    await again.goto(appUrl('/home/exercise'));
    const next = activePage(again);
    await next.getByTestId('tab-history').click();
    const row = next.getByTestId('attempt-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(['interrupted', 'hidden']).toContain(await row.getAttribute('data-partial'));
    expect(await row.textContent()).toMatch(/Long tones.*Partial/);
    await next.getByTestId('discard-partial').click();
    await expect.poll(() => next.getByTestId('history-empty').isVisible()).toBe(true);
  });
});

describe('microphone permission revoked mid-session', () => {
  it('says access was turned off and how to allow it, not "plug it back in"', async () => {
    const browser = await perTest.launch({ mic: 'denied', wav: audioFile(WAV) });
    const { page, context } = browser;
    await context.addInitScript(keepTracks);
    await context.grantPermissions(['microphone']);
    await page.goto(appUrl('/home/tuner'));
    await expect
      .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'))
      .not.toBe('');
    // The player turns the permission off in the browser; the browser ends the track.
    await context.clearPermissions();
    await endTracks(page);
    const banner = page.locator('[data-testid="tuner-error"]');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toMatch(/Microphone access was turned off while you were playing/);
    expect(text).not.toMatch(/Plug it back in/);
  });
});
