import { afterAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';
import { brassTone, synthWavDir, writeSynthWav } from './synth-wav';
import { WAIT_MS } from './wait';

/**
 * W4 (issue 36): a correct note is not remarked on for its spelling. The 1-2-3 lip slur has
 * written A♯4 as its 5th partial; the fake microphone holds concert G♯4 (written A♯4 on a B♭
 * trumpet), and the results printed "A♯4 heard B♭4" under the note it played right.
 */
const RATE = 48000;
const dir = synthWavDir('lip-slur-spelling');
afterAll(() => dir.remove());
/** Notes of 1 s with 0.3 s of silence between (each a new onset, as the corpus notes loop). */
function repeatedNotes(hz: number): (i: number) => number {
  const tone = brassTone(hz, RATE);
  const period = 1.3 * RATE;
  return (i) => {
    const t = i % period;
    const ramp = Math.min(1, t / (0.02 * RATE), Math.max(0, (RATE - t) / (0.02 * RATE)));
    return tone(i) * ramp;
  };
}
const browser = sharedBrowser(() => ({
  wav: writeSynthWav(dir.path, 'g-sharp-4.wav', 20, repeatedNotes(415.3), RATE),
}));

describe('lip slur results spell the heard note as the music does (W4)', () => {
  it('1-2-3 with written A♯4 held: its row is A♯4, played, with no "heard" remark', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-lip-slurs').click();
    for (const combo of ['open', '2', '1', '1-2', '2-3', '1-3']) {
      await view.getByLabel(combo, { exact: true }).uncheck();
    }
    await view.getByTestId('slur-tempo').fill('60');
    await view.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => view.getByTestId('target-note').textContent()).toBe('F♯3');
    await view.getByTestId('timed-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    const rows = view.getByTestId('note-row');
    const names = await rows.getByTestId('note-name').allTextContents();
    expect(names).toContain('A♯4');
    const target = rows.filter({
      has: page.getByTestId('note-name').getByText('A♯4', { exact: true }),
    });
    const outcomes = await Promise.all(
      (await target.all()).map((row) => row.getAttribute('data-outcome')),
    );
    expect(outcomes).toContain('played');
    // Under the note played right, nothing about what was heard; elsewhere, spelt as written.
    for (const row of await target.all()) {
      if ((await row.getAttribute('data-outcome')) !== 'played') continue;
      expect(await row.getByTestId('heard').count()).toBe(0);
    }
    const heard = await rows.getByTestId('heard').allTextContents();
    expect(heard.filter((text) => /B♭4/.test(text))).toEqual([]);
  });
});
