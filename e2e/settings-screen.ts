import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { activePage } from './browser';
import { WAIT_MS } from './wait';

/** The settings screen while it is open: a modal over the page (src/settings-screen/). */
export function settingsScreen(page: Page): Locator {
  return page.locator('ion-modal.settings-modal:not(.overlay-hidden)');
}

/** Taps the gear ("Settings") in the header of the page the user sees; resolves once it shows. */
export async function openSettings(page: Page): Promise<Locator> {
  await activePage(page).getByRole('button', { name: 'Settings', exact: true }).click();
  const screen = settingsScreen(page);
  await expect
    .poll(() => screen.locator('ion-title').textContent(), { timeout: WAIT_MS })
    .toBe('Settings');
  await expect.poll(() => screen.getByTestId('transposition').isVisible()).toBe(true);
  return screen;
}

/** Closes the settings screen with its Done button. */
export async function closeSettings(page: Page): Promise<void> {
  await settingsScreen(page).getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
}
