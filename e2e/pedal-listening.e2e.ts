import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { serviceSnapshot } from './tuner-helpers';

/**
 * Issue 23 row 6, with the fake microphone looping a clean concert B♭2 (written C3 on the B♭
 * trumpet), below the engine's usual floor: the pedal exercise switches pedal listening on by
 * itself (and back off after), and the tuner offers it when sound without a pitch lasts.
 */
const browser = sharedBrowser({ wav: audioFile('clean/sr48000/tpt_n046_Bb2.wav') });

const storedPedalTones = (page: Page): Promise<boolean | undefined> =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('embouchure.settings.v1') ?? '{}') as {
          pedalTones?: boolean;
        }
      ).pedalTones,
  );

describe('pedal listening where it is needed', () => {
  it('the pedal exercise hears its C3 without the player switching anything on', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-long-tones').click();
    await view.getByTestId('lt-pattern').selectOption('pedal');
    await view.getByTestId('lt-hold').fill('1');
    await view.locator('[data-testid="lt-rest"] input').fill('0');
    await view.getByTestId('lt-start').click();
    expect(await view.getByTestId('target-note').textContent()).toBe('C3');
    // The first hold completes on the pedal note: the second pedal tone is asked for.
    await expect.poll(() => view.getByTestId('target-note').textContent()).toBe('B2');
    await view.getByTestId('lt-finish').click();
    await view.getByTestId('results').waitFor();
    expect(Number(await view.getByTestId('score').textContent())).toBeGreaterThan(0);
    // Only for the exercise: the setting is as the player left it.
    await expect.poll(() => storedPedalTones(page)).not.toBe(true);
  });

  it('the tuner offers pedal listening after sound without a pitch, and then reads C3', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/tuner'));
    await expect.poll(async () => (await serviceSnapshot(page)).state).toBe('connected');
    await page.getByTestId('pedal-offer-on').click();
    await expect.poll(() => storedPedalTones(page)).toBe(true);
    await expect
      .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'))
      .toBe('C3');
    expect(await page.getByTestId('pedal-offer').count()).toBe(0);
  });
});
