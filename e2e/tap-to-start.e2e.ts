import { afterAll, beforeAll, expect, it } from 'vitest';
import { appUrl, launchBrowser, type LaunchedBrowser } from './browser';

// Chromium's normal autoplay policy: audio waits for a user gesture, as in a real browser tab.
let browser: LaunchedBrowser;

beforeAll(async () => {
  browser = await launchBrowser({ mic: 'granted', autoplay: false });
});

afterAll(async () => {
  await browser.close();
});

it('shows "Tap to start listening" while audio waits for a gesture, and a tap resumes it', async () => {
  const { page } = browser;
  await page.goto(appUrl('/home/tuner'));
  const button = page.getByTestId('tap-to-start');
  await button.waitFor({ state: 'visible' }).catch(async (error: unknown) => {
    // Say what the page was doing instead (a load flake is then told apart from a regression).
    const state = await page.evaluate(() => {
      type Hook = { __embouchurePitchService?: { status: { get(): unknown } } };
      return JSON.stringify(
        (globalThis as Hook).__embouchurePitchService?.status.get() ?? 'no service',
      );
    });
    const banner = await page.locator('[role="alert"], .pitch-status-banner').allTextContents();
    throw new Error(`no Tap to start: service ${state}, banner ${JSON.stringify(banner)}`, {
      cause: error,
    });
  });
  expect(await button.textContent()).toContain('Tap to start listening');

  await button.click();
  await button.waitFor({ state: 'detached' });
  expect(browser.pageErrors).toEqual([]);
});
