import { describe, expect, it } from 'vitest';
import { pathname as pathOf, sharedBrowser, view as viewOf } from './app-fixture';

/**
 * Every screen of the Exercise tab is a route (src/pages/exercise-routes.ts): a link opens it
 * with home below it, the browser's Back walks the screens (a run → its setup → home), and the
 * screens' own Back buttons walk the same history.
 */
const browser = sharedBrowser({ mic: 'granted' });
const { page } = browser;

/** A fresh tab on `path`: its session history starts there, as a link opened from elsewhere. */
const openLink = (path: string) => browser.freshTab(path);
const pathname = () => pathOf(page);
const view = () => viewOf(page);
const home = () => view().getByTestId('open-scales');

/** Each exercise screen: its path and what shows its setup. */
const SCREENS = [
  { screen: 'long-tones', setup: 'section[aria-label="Long tones setup"]' },
  { screen: 'lip-slurs', setup: 'section[aria-label="Lip slurs setup"]' },
  { screen: 'scales', setup: 'section[aria-label="Scales setup"]' },
  { screen: 'articulation', setup: 'section[aria-label="Articulation setup"]' },
  { screen: 'intervals', setup: 'section[aria-label="Intervals"]' },
] as const;

/** The screens with a run after their setup (intervals is one screen): how it starts, what shows. */
const RUNS = [
  { ...SCREENS[0], go: 'lt-start', run: 'lt-finish' },
  { ...SCREENS[1], go: 'slur-go', run: 'timed-start' },
  { ...SCREENS[2], go: 'scale-go', run: 'timed-start' },
  { ...SCREENS[3], go: 'art-go', run: 'timed-start' },
] as const;

describe('a link to an exercise opens its setup, and Back returns to the exercise home', () => {
  it.each(SCREENS)('$screen', async ({ screen, setup }) => {
    await openLink(`/home/exercise/${screen}`);
    await view().locator(setup).waitFor();
    expect(pathname()).toBe(`/home/exercise/${screen}`);

    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise');
    await home().waitFor();
    expect(await view().locator(setup).count()).toBe(0);
  });
});

describe("an exercise's run is a route above its setup", () => {
  it.each(RUNS)(
    '$screen: run → Back → setup → Back → home; its own Back buttons walk the same way',
    async ({ screen, setup, go, run }) => {
      await openLink(`/home/exercise/${screen}`);
      await view().getByTestId(go).click();
      await view().getByTestId(run).waitFor();
      expect(pathname()).toBe(`/home/exercise/${screen}/play`);

      await page.goBack(); // the browser's Back: the run ends, the setup shows
      await view().locator(setup).waitFor();
      expect(pathname()).toBe(`/home/exercise/${screen}`);
      expect(await view().getByTestId(run).count()).toBe(0);

      // Forward again is not a run (nothing of it is left): the setup, on the setup's path.
      await page.goForward();
      await expect.poll(pathname).toBe(`/home/exercise/${screen}`);
      await view().locator(setup).waitFor();

      // The setup's own Back goes where the browser's Back goes: home, one entry down.
      await view().locator(setup).getByRole('button', { name: 'Back', exact: true }).click();
      await expect.poll(pathname).toBe('/home/exercise');
      await home().waitFor();
    },
  );

  it("opened from home, the run's Back returns to the setup, and the browser's Back then home", async () => {
    await openLink('/home/exercise');
    await home().click();
    await expect.poll(pathname).toBe('/home/exercise/scales');
    await view().getByTestId('scale-go').click();
    await view().getByTestId('timed-start').waitFor();
    await view().getByRole('button', { name: 'Back', exact: true }).click();
    await view().getByTestId('scale-go').waitFor();
    expect(pathname()).toBe('/home/exercise/scales');
    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise');
    await home().waitFor();
  });

  it("a run's path opened by a link shows its setup (a run lives only while it is played)", async () => {
    await openLink('/home/exercise/lip-slurs/play');
    await view().locator('section[aria-label="Lip slurs setup"]').waitFor();
    await expect.poll(pathname).toBe('/home/exercise/lip-slurs');
  });
});

describe('the other screens of the Exercise tab', () => {
  it('Scales and Articulation are two routes: the switch replaces one with the other', async () => {
    await openLink('/home/exercise/scales');
    await view().getByTestId('scale-tempo').fill('96');
    await view().getByTestId('scales-mode-articulation').click();
    await view().locator('section[aria-label="Articulation setup"]').waitFor();
    await expect.poll(pathname).toBe('/home/exercise/articulation');
    // Back to the scales by the switch: the same route replaced again, the scale's settings kept.
    await view().getByTestId('scales-mode-scale').click();
    await expect.poll(pathname).toBe('/home/exercise/scales');
    expect(await view().getByTestId('scale-tempo').inputValue()).toBe('96');
    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise');
  });

  it('the history is a route above what was being practised', async () => {
    await openLink('/home/exercise/history');
    await expect
      .poll(() => view().getByTestId('tab-history').getAttribute('class'))
      .toContain('segment-button-checked');
    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise');
    await home().waitFor();

    // From a setup: History, then Back, and the setup is still there.
    await home().click();
    await view().getByTestId('scale-go').waitFor();
    await view().getByTestId('tab-history').click();
    await expect.poll(pathname).toBe('/home/exercise/history');
    await expect.poll(() => view().getByTestId('scale-go').isVisible()).toBe(false);
    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise/scales');
    await expect.poll(() => view().getByTestId('scale-go').isVisible()).toBe(true);
  });

  it("today's routine is a route: Back ends it", async () => {
    await openLink('/home/exercise');
    await view().getByTestId('start-routine').click();
    await expect.poll(pathname).toBe('/home/exercise/routine');
    await view().getByTestId('routine-progress').waitFor();
    // W6: the line counts the exercise being played (it said "0 min" while the rest after it
    // counted the minutes played).
    await expect
      .poll(() => view().getByTestId('routine-progress').textContent())
      .toMatch(/more after this, < 1 min played so far$/);
    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise');
    await home().waitFor();
    // Its path opened without a routine started lands on home.
    await openLink('/home/exercise/routine');
    await expect.poll(pathname).toBe('/home/exercise');
    await home().waitFor();
  });

  it('an unknown path in the tab lands on the exercise home', async () => {
    await openLink('/home/exercise/trombone');
    await expect.poll(pathname).toBe('/home/exercise');
    await home().waitFor();
  });
});

describe('the takes screen is in the URL', () => {
  const modal = () => page.locator('ion-modal[data-testid="takes-modal"]');
  const search = () => new URL(page.url()).search;

  it('a link opens it; Takes pushes it; Back and Close take it away', async () => {
    await openLink('/home/tuner?takes');
    await expect.poll(() => modal().isVisible()).toBe(true);
    await modal().getByTestId('takes-close').click();
    await expect.poll(() => modal().isVisible()).toBe(false);
    expect(pathname()).toBe('/home/tuner');
    expect(search()).toBe('');

    await view().getByTestId('open-takes').click();
    await expect.poll(search).toBe('?takes');
    await expect.poll(() => modal().isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => modal().isVisible()).toBe(false);
    expect(pathname()).toBe('/home/tuner');
    expect(search()).toBe('');

    // Closed by its own button after being opened: the entry it pushed is gone, Back leaves it shut.
    await view().getByTestId('open-takes').click();
    await expect.poll(() => modal().isVisible()).toBe(true);
    await modal().getByTestId('takes-close').click();
    await expect.poll(search).toBe('');
    await expect.poll(() => modal().isVisible()).toBe(false);
  });
});
