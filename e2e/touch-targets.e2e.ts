import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, historyFile, settle, smallTargets } from './a11y-helpers';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { openSettings, settingsScreen } from './settings-screen';
import { WAIT_MS } from './wait';

/**
 * Every visible interactive element on every page, measured at 390 × 844 (a phone): none below
 * 44 × 44 CSS px (Apple HIG; WCAG 2.5.5). The rule lives in src/shell/global.css for all pages.
 */
const browser = sharedBrowser(
  { wav: audioFile('clean/sr44100/tpt_n067_G4_v110.wav') },
  ({ page }) => page.setViewportSize(PHONE),
);

async function home(page: Page) {
  await page.goto(appUrl('/home/exercise'));
  const view = activePage(page);
  await view.getByTestId('start-routine').waitFor({ timeout: WAIT_MS });
  await settle(page);
  return view;
}

describe('touch targets at 390 × 844: none below 44 × 44', () => {
  it('home: the practice home and the routine editor', async () => {
    const view = await home(browser.page);
    expect(await smallTargets(browser.page), 'home').toEqual([]);
    await view.getByTestId('edit-routine').click();
    await view.getByTestId('routine-editor').waitFor();
    expect(await smallTargets(browser.page), 'routine editor').toEqual([]);
  });

  it('the tuner, listening', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/tuner'));
    await expect
      .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'), {
        timeout: WAIT_MS,
      })
      .toBeTruthy();
    await settle(page);
    expect(await smallTargets(page), 'tuner').toEqual([]);
  });

  it.each([
    ['long-tones', 'lt-start'],
    ['lip-slurs', 'slur-tempo'],
    ['scales', 'scale-go'],
    ['intervals', 'interval-question'],
  ])('the %s setup', async (exercise, ready) => {
    const view = await home(browser.page);
    await view.getByTestId(`open-${exercise}`).click();
    await view.getByTestId(ready).waitFor({ timeout: WAIT_MS });
    await settle(browser.page);
    expect(await smallTargets(browser.page), exercise).toEqual([]);
  });

  it('history, with attempts to list, delete and chart', async () => {
    const view = await home(browser.page);
    await view.getByTestId('tab-history').click();
    await view.getByTestId('import-file').setInputFiles({
      name: 'history.json',
      mimeType: 'application/json',
      buffer: Buffer.from(historyFile()),
    });
    await expect.poll(() => view.getByTestId('attempt-row').count()).toBeGreaterThan(0);
    await settle(browser.page);
    expect(await smallTargets(browser.page), 'history').toEqual([]);
  });

  it('settings and its privacy page', async () => {
    await home(browser.page);
    await openSettings(browser.page);
    await settle(browser.page);
    expect(await settingsScreen(browser.page).count()).toBe(1);
    expect(await smallTargets(browser.page), 'settings').toEqual([]);
    await settingsScreen(browser.page).getByTestId('open-privacy').click();
    await settingsScreen(browser.page).getByTestId('privacy-page').waitFor();
    expect(await smallTargets(browser.page), 'privacy page').toEqual([]);
  });
});
