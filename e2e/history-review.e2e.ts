import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';

/**
 * Issue 23 row 9, in a browser set to British English: history rows are named by exercise (an
 * articulation drill is not "Scales"), dated in the locale with the month named, open the
 * attempt's per-note results when tapped, and "Clear all history…" is not the primary button.
 */
const browser = sharedBrowser(
  { viewport: { width: 390, height: 844 } },
  async ({ context, page }) => {
    // The phone's locale: British English.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setLocaleOverride', { locale: 'en-GB' });
  },
);

const note = (name: string, writtenMidi: number, score: number, medianCents: number | null) => ({
  writtenMidi,
  name,
  score,
  medianCents,
  spreadCents: null,
  driftCents: null,
  inTuneFraction: null,
});

const file = JSON.stringify({
  format: 'embouchure-history',
  version: 1,
  exportedAt: '2026-11-25T12:00:00.000Z',
  attempts: [
    {
      startedAt: '2026-11-03T10:15:00.000Z',
      durationS: 60,
      exercise: 'scales',
      settings: { kind: 'articulation', tonguing: 'double', instrument: 'bb-trumpet', a4Hz: 440 },
      score: 72,
      notes: [note('C4', 60, 80, -3.5), note('D4', 62, 64, 12), note('E4', 64, 0, null)],
    },
    {
      startedAt: '2026-11-02T10:15:00.000Z',
      durationS: 60,
      exercise: 'scales',
      settings: { kind: 'major', key: 'C', instrument: 'bb-trumpet', a4Hz: 440 },
      score: 81,
      notes: [note('C4', 60, 81, 2)],
    },
  ],
});

describe('the history on a phone', () => {
  it('rows named by exercise, dated in the locale, opening their results', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('tab-history').click();
    await view.getByTestId('import-file').setInputFiles({
      name: 'history.json',
      mimeType: 'application/json',
      buffer: Buffer.from(file),
    });
    const rows = view.getByTestId('attempt-row');
    await expect.poll(() => rows.count()).toBe(2);
    const newest = (await rows.first().textContent()) ?? '';
    expect(newest).toMatch(/^Articulation · 72\/100 · /);
    // en-GB, month named: "3 Nov 2026", never the US "11/3/2026".
    expect(newest).toMatch(/\b3 Nov 2026\b/);
    expect(newest).not.toMatch(/11\/3\/2026/);
    expect(await rows.nth(1).textContent()).toMatch(/^Scales · 81\/100/);

    await rows.first().getByTestId('open-attempt').click();
    const details = view.getByTestId('attempt-details');
    await details.waitFor();
    expect(await details.getByTestId('attempt-note').allTextContents()).toEqual([
      'C480−3.5 ¢',
      'D464+12.0 ¢',
      'E40not heard',
    ]);
    const out = process.env.LAYOUT_SHOTS;
    if (out) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await details.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${out}/history-details-${colorScheme}.png` });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await details.getByTestId('close-attempt').click();
    await expect.poll(() => details.count()).toBe(0);
  });

  it('"Clear all history…" is not styled as the primary action', async () => {
    const view = activePage(browser.page);
    const clear = view.getByTestId('clear-history');
    await clear.waitFor();
    const background = await clear.evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
  });
});
