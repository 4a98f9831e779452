import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { WAIT_MS } from './wait';

/**
 * The guided pedal tones with the fake microphone looping concert B♭2 (116.5 Hz): written C3 on the
 * B♭ trumpet, the first pedal tone, below the engine's usual 140 Hz floor.
 */
describe('pedal tones with a pedal C3 at the microphone', () => {
  const browser = sharedBrowser({ wav: audioFile('clean/sr48000/tpt_n046_Bb2.wav') });

  it('with pedal listening switched on from the exercise, the C3 hold is heard and scored', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-long-tones').click();
    await view.getByTestId('lt-pattern').selectOption('pedal');
    await view.getByTestId('pedal-listening-on').click();
    await view.getByTestId('lt-hold').fill('1');
    await view.locator('[data-testid="lt-rest"] input').fill('0');
    await view.getByTestId('lt-start').click();
    expect(await view.getByTestId('target-note').textContent()).toBe('C3');
    // The first hold completes on the pedal note: the second pedal tone is asked for.
    await expect.poll(() => view.getByTestId('target-note').textContent()).toBe('B2');
    await view.getByTestId('lt-finish').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    const row = view.getByTestId('note-row').first();
    expect(await row.locator('td').first().textContent()).toBe('C3');
    expect(Number(await view.getByTestId('score').textContent())).toBeGreaterThanOrEqual(70);
  });
});
