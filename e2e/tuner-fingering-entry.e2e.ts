import { describe, expect, it } from 'vitest';
import { pageTitle, sharedBrowser, view } from './app-fixture';
import { audioFile } from './browser';
import { WAIT_MS } from './wait';

/**
 * W1 (issue 36): the tuner's fingering is one row of valves however the app was opened. Opened
 * on Exercise (the default) the exercises' stylesheet loaded after the tuner's, and its
 * `.valves` (a column) stacked the tuner's valves one above another under the Takes bar.
 */
const browser = sharedBrowser({
  wav: audioFile('clean/sr44100/tpt_n069_A4_v110.wav'),
  viewport: { width: 390, height: 844 },
});

/** The valves of the primary fingering: their tops (one row: all equal) and lefts (increasing). */
async function valveBoxes(): Promise<{ tops: number[]; lefts: number[] }> {
  const fingering = view(browser.page).getByTestId('tuner-fingering');
  await expect.poll(() => fingering.getAttribute('data-valves'), { timeout: WAIT_MS }).toBe('2');
  const boxes = await fingering
    .locator('.tuner-valves--large .valve')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  return { tops: boxes.map((b) => Math.round(b.top)), lefts: boxes.map((b) => Math.round(b.left)) };
}

describe('the tuner’s fingering chart (W1)', () => {
  it.each(['/home/exercise', '/home/pieces'])(
    'opened at %s, then the Tuner tab: the three valves sit in a row',
    async (path) => {
      const page = await browser.freshTab(path);
      await expect.poll(() => pageTitle(page), { timeout: WAIT_MS }).not.toBe('Tuner');
      await page.locator('ion-tab-button[tab="tuner"]').click();
      await expect.poll(() => pageTitle(page)).toBe('Tuner');
      const { tops, lefts } = await valveBoxes();
      expect(tops).toHaveLength(3);
      expect(new Set(tops).size).toBe(1);
      expect(lefts[0]).toBeLessThan(lefts[1]);
      expect(lefts[1]).toBeLessThan(lefts[2]);
      if (process.env.SHOTS_36 && path === '/home/exercise') {
        await view(page).getByTestId('tuner-fingering').scrollIntoViewIfNeeded();
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await expect
            .poll(() =>
              page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
            )
            .toBe(colorScheme === 'dark');
          await page.screenshot({
            path: `${process.env.SHOTS_36}/tuner-fingering-${colorScheme}.png`,
          });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
    },
  );
});
