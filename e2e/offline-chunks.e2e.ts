import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './app-fixture';
import { activePage, appUrl } from './browser';
import { openSettings } from './settings-screen';

/**
 * Issue 15: a page whose code was never fetched, opened offline, says so with Reload (the tab bar
 * and the loaded page keep working); a setting that cannot be saved (storage full) says so and
 * still applies for the session.
 */
const title = (page: Page) => activePage(page).locator('ion-title');

// Each test launches its own browser (closed after it, no page errors allowed).
const perTest = browserPerTest();

describe('offline before a page was ever loaded', () => {
  it('the exercise tab says "You\'re offline…" with Reload; the tuner tab still works', async () => {
    // No service worker: this is the first visit, nothing is saved for offline use yet.
    const browser = await perTest.launch({ mic: 'none', serviceWorkers: 'block' });
    const { page, context } = browser;
    await page.goto(appUrl('/home/tuner'));
    await expect.poll(() => title(page).textContent()).toBe('Tuner');
    // The first visit finishes what it fetches by itself, then the network goes: ion-app imports
    // its tap and keyboard helpers in an idle callback queued before this one, and the fetches
    // they start are done once the resource list stops growing.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    let fetched = -1;
    await expect
      .poll(
        async () => {
          const before = fetched;
          fetched = await page.evaluate(() => performance.getEntriesByType('resource').length);
          return fetched === before;
        },
        { interval: 500 },
      )
      .toBe(true);
    await context.setOffline(true);

    await page.locator('ion-tab-button[tab="exercise"]').click();
    const boundary = page.locator('[data-testid="error-boundary"][data-kind="chunk"]');
    await boundary.waitFor();
    expect(await boundary.getByTestId('error-boundary-message').textContent()).toBe(
      "You're offline and this part of the app hasn't been saved for offline use yet.",
    );
    expect(await boundary.getByTestId('error-boundary-reload').isVisible()).toBe(true);

    await page.locator('ion-tab-button[tab="tuner"]').click();
    await expect.poll(() => title(page).textContent()).toBe('Tuner');
    await expect.poll(() => activePage(page).getByTestId('tuner-reading').isVisible()).toBe(true);

    // Back online, the next visit to the tab fetches the page again: no Reload needed.
    await context.setOffline(false);
    await page.locator('ion-tab-button[tab="exercise"]').click();
    await expect.poll(() => title(page).textContent()).toBe('Exercise');
    await activePage(page).getByTestId('open-scales').waitFor();
    expect(await page.locator('[data-testid="error-boundary"]').count()).toBe(0);
  });
});

describe('settings with storage full', () => {
  it('a changed A4 is kept for the session and the player is told it was not saved', async () => {
    const browser = await perTest.launch({ mic: 'none' });
    const { page } = browser;
    await page.goto(appUrl('/home/tuner'));
    await expect.poll(() => title(page).textContent()).toBe('Tuner');
    // Fill this origin's localStorage to the quota.
    await page.evaluate(() => {
      const chunk = 'x'.repeat(256 * 1024);
      let size = chunk.length;
      for (let i = 0; ; i++) {
        try {
          localStorage.setItem(`fill-${i}`, chunk.slice(0, size));
        } catch {
          if (size <= 16) break;
          size = Math.floor(size / 2);
        }
      }
    });
    // Settings live in the settings screen only (issue 14: nothing duplicated on the tuner).
    const settings = await openSettings(page);
    const a4 = settings.getByTestId('a4-hz');
    await a4.fill('442');
    await a4.press('Tab');
    const problem = settings.getByTestId('settings-save-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(
      /change applies now but could not be saved \(this device's storage for the app is full/,
    );
    expect(await a4.inputValue()).toBe('442');
  });
});
