import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';

/**
 * Issue 23 row 7: Finish during the count-in (or before any hold) is an aborted attempt: not
 * scored, and nothing saved to the history (its list, the home page's last session, the charts).
 * The fake microphone plays silence.
 */
const browser = sharedBrowser({ wav: audioFile('nopitch/silence_sr44100.wav') });

async function expectHistoryEmpty(): Promise<void> {
  const view = activePage(browser.page);
  await view.getByTestId('tab-history').click();
  // Loaded, and empty ("No attempts yet"), where an aborted attempt used to be listed at 0/100.
  await view.getByTestId('history-empty').waitFor();
  expect(await view.getByTestId('attempt-row').count()).toBe(0);
  await view.getByTestId('tab-practice').click();
}

describe('aborted attempts', () => {
  it('lip slurs finished during the count-in: not scored, not saved', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-lip-slurs').click();
    await view.getByTestId('slur-go').click();
    await view.getByTestId('timed-start').click();
    await expect.poll(() => view.getByTestId('phase').textContent()).toMatch(/Count-in/);
    await view.getByRole('button', { name: 'Finish', exact: true }).click();
    await view.getByTestId('not-scored').waitFor();
    expect(await view.getByTestId('save-message').count()).toBe(0);
    expect(await view.getByTestId('score').count(), 'no "Score: 0 / 100"').toBe(0);
    const out = process.env.LAYOUT_SHOTS;
    if (out) {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: `${out}/aborted-${colorScheme}.png` });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await expectHistoryEmpty();
  });

  it('long tones finished before any hold: not scored, not saved', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-long-tones').click();
    await view.getByTestId('lt-start').click();
    await view.getByTestId('lt-finish').click();
    await view.getByTestId('not-scored').waitFor();
    expect(await view.getByTestId('score').count(), 'no "Score: 0 / 100"').toBe(0);
    await expectHistoryEmpty();
  });
});
