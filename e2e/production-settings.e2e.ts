import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activePage, appUrl, launchBrowser, type LaunchedBrowser } from './browser';

// The settings screen (issue 6): reachable from both tabs, edits the same stores the tuner and
// the exercises read, persists across reloads, and the theme follows the system unless chosen.
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser({ mic: 'granted' });
  page = browser.page;
});
afterAll(async () => {
  expect(browser.pageErrors).toEqual([]);
  await browser.close();
});

const title = () => activePage(page).locator('ion-title');
const isDark = () =>
  page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark'));

describe('settings screen', () => {
  it.each(['exercise', 'tuner'])('is one tap away from the %s tab', async (tab) => {
    await page.goto(appUrl(`/home/${tab}`));
    await page.locator('ion-tab-button[tab="settings"]').click();
    await page.waitForURL('**/home/settings');
    await expect.poll(() => title().textContent(), { timeout: 10_000 }).toBe('Settings');
  });

  it('shows every setting: transposition, A4, in-tune band, fast response, theme, analytics', async () => {
    await page.goto(appUrl('/home/settings'));
    for (const id of [
      'transposition',
      'a4-hz',
      'in-tune-band',
      'fast-response',
      'theme',
      'analytics-consent',
    ]) {
      await expect
        .poll(() => activePage(page).getByTestId(id).isVisible(), { timeout: 5000 })
        .toBe(true);
    }
  });

  it('changes persist across a reload and reach the tuner (one store)', async () => {
    await page.goto(appUrl('/home/settings'));
    const settings = activePage(page);
    await settings.getByTestId('transposition').selectOption('concert');
    await settings.getByTestId('in-tune-band').selectOption('10');
    await settings.getByTestId('fast-response').check();
    await page.reload();
    await expect.poll(() => title().textContent(), { timeout: 10_000 }).toBe('Settings');
    expect(await activePage(page).getByTestId('transposition').inputValue()).toBe('concert');
    expect(await activePage(page).getByTestId('in-tune-band').inputValue()).toBe('10');
    expect(await activePage(page).getByTestId('fast-response').isChecked()).toBe(true);

    await page.locator('ion-tab-button[tab="tuner"]').click();
    await expect.poll(() => title().textContent(), { timeout: 10_000 }).toBe('Tuner');
    await expect
      .poll(() => activePage(page).getByTestId('tuner-reading').textContent())
      .toContain('Concert pitch');
  });

  it('theme follows the system by default; a choice overrides it and persists', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(appUrl('/home/settings'));
    await expect.poll(() => title().textContent(), { timeout: 10_000 }).toBe('Settings');
    expect(await activePage(page).getByTestId('theme').inputValue()).toBe('system');
    expect(await isDark()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(isDark).toBe(false); // live system change

    await activePage(page).getByTestId('theme').selectOption('dark');
    await expect.poll(isDark).toBe(true);
    await page.reload();
    await expect.poll(() => title().textContent(), { timeout: 10_000 }).toBe('Settings');
    expect(await isDark()).toBe(true); // applied before the first render, from storage
    await activePage(page).getByTestId('theme').selectOption('system');
    await expect.poll(isDark).toBe(false);
  });
});
