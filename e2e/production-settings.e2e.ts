import { describe, expect, it } from 'vitest';
import { pathname as pathOf, sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';
import { closeSettings, openSettings, settingsScreen } from './settings-screen';
import { WAIT_MS } from './wait';

// The settings screen (issue 6): a modal opened from the gear in both tabs' headers (in the URL as
// `?settings` on the page, no route of its own: Back closes it, issue 36), edits the same stores the tuner and the exercises read, persists across reloads, and
// the theme follows the system unless chosen.
const browser = sharedBrowser({ mic: 'granted' });
const { page } = browser;

const title = () => activePage(page).locator('ion-title');
const isDark = () =>
  page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark'));
const pathname = () => pathOf(page);

/** Opens a tab by URL and waits for its page. */
async function showTab(tab: 'exercise' | 'tuner') {
  await page.goto(appUrl(`/home/${tab}`));
  await expect
    .poll(() => title().textContent(), { timeout: WAIT_MS })
    .toBe(tab === 'exercise' ? 'Exercise' : 'Tuner');
}

/** The settings screen is in the URL (`?settings`): a reload shows it open again. */
async function reopenedAfterReload() {
  expect(new URL(page.url()).search).toBe('?settings');
  const screen = settingsScreen(page);
  await expect
    .poll(() => screen.getByTestId('transposition').isVisible(), { timeout: WAIT_MS })
    .toBe(true);
  return screen;
}

describe('settings screen', () => {
  it.each(['exercise', 'tuner'] as const)(
    'opens from the gear in the %s header, as a screen over the page (no route); Done closes it',
    async (tab) => {
      await showTab(tab);
      // The gear is named "Settings" (openSettings clicks it by role and name) and sits in the
      // end slot of the header's toolbar.
      const gear = activePage(page).getByTestId('open-settings');
      expect(await gear.evaluate((el) => el.closest('ion-buttons')?.getAttribute('slot'))).toBe(
        'end',
      );
      expect(await gear.evaluate((el) => Boolean(el.closest('ion-header ion-toolbar')))).toBe(true);
      await openSettings(page);
      expect(pathname()).toBe(`/home/${tab}`);
      // Ionic moves focus into the modal.
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('ion-modal'))))
        .toBe(true);
      await closeSettings(page);
      expect(pathname()).toBe(`/home/${tab}`);
      await expect
        .poll(() => title().textContent())
        .toBe(tab === 'exercise' ? 'Exercise' : 'Tuner');
    },
  );

  it('Escape closes it and gives the focus back to the gear', async () => {
    await showTab('tuner');
    await openSettings(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('open-settings');
  });

  it("the browser's back button closes the screen and stays on the page (issue 36, H2)", async () => {
    await showTab('exercise');
    await page.locator('ion-tab-button[tab="tuner"]').click();
    await expect.poll(() => title().textContent(), { timeout: WAIT_MS }).toBe('Tuner');
    await openSettings(page);
    await page.goBack();
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    expect(pathname()).toBe('/home/tuner');
    await expect.poll(() => title().textContent()).toBe('Tuner');
    // Back again leaves the tuner for the page below it.
    await page.goBack();
    await page.waitForURL('**/home/exercise');
    await expect.poll(() => title().textContent()).toBe('Exercise');
  });

  it('shows every setting: transposition, A4, in-tune band, fast response, theme, analytics', async () => {
    await showTab('exercise');
    const settings = await openSettings(page);
    for (const id of [
      'transposition',
      'a4-hz',
      'in-tune-band',
      'fast-response',
      'theme',
      'analytics-consent',
    ]) {
      await expect
        .poll(() => settings.getByTestId(id).isVisible(), { timeout: WAIT_MS })
        .toBe(true);
    }
    await closeSettings(page);
  });

  it('changes persist across a reload and reach the tuner (one store)', async () => {
    await showTab('exercise');
    let settings = await openSettings(page);
    await settings.getByTestId('transposition').selectOption('concert');
    await settings.getByTestId('in-tune-band').selectOption('10');
    await settings.getByTestId('fast-response').check();
    await page.reload();
    await expect.poll(() => title().textContent(), { timeout: WAIT_MS }).toBe('Exercise');
    settings = await reopenedAfterReload();
    expect(await settings.getByTestId('transposition').inputValue()).toBe('concert');
    expect(await settings.getByTestId('in-tune-band').inputValue()).toBe('10');
    expect(await settings.getByTestId('fast-response').isChecked()).toBe(true);
    await closeSettings(page);

    await page.locator('ion-tab-button[tab="tuner"]').click();
    await expect.poll(() => title().textContent(), { timeout: WAIT_MS }).toBe('Tuner');
    await expect
      .poll(() => activePage(page).getByTestId('tuner-reading').textContent())
      .toContain('Concert pitch');

    // Opened over the tuner, the same store: a change shows on the tuner at once.
    settings = await openSettings(page);
    expect(await settings.getByTestId('transposition').inputValue()).toBe('concert');
    await settings.getByTestId('transposition').selectOption('bb-trumpet');
    await closeSettings(page);
    expect(await activePage(page).getByTestId('tuner-reading').textContent()).toContain(
      'B♭ trumpet · written pitch',
    );
  });

  it('theme follows the system by default; a choice overrides it and persists', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await showTab('tuner');
    let settings = await openSettings(page);
    expect(await settings.getByTestId('theme').inputValue()).toBe('system');
    expect(await isDark()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(isDark).toBe(false); // live system change

    await settings.getByTestId('theme').selectOption('dark');
    await expect.poll(isDark).toBe(true);
    await page.reload();
    await expect.poll(() => title().textContent(), { timeout: WAIT_MS }).toBe('Tuner');
    expect(await isDark()).toBe(true); // applied before the first render, from storage
    settings = await reopenedAfterReload();
    await settings.getByTestId('theme').selectOption('system');
    await expect.poll(isDark).toBe(false);
    await closeSettings(page);
  });
});
