import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, expectAccessible, historyFile, settle } from './a11y-helpers';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { openSettings } from './settings-screen';
import { WAIT_MS } from './wait';

/**
 * axe-core on every page and state, in the light and the dark theme, at phone size: no serious
 * or critical violation. The fake microphone loops concert G4 (written A4), so the tuner listens
 * and every exercise runs to its results.
 */
const WAV = 'clean/sr44100/tpt_n067_G4_v110.wav';

async function home(page: Page): Promise<Locator> {
  await page.goto(appUrl('/home/exercise'));
  // Every test starts from the default routine (the routine test changes it).
  await page.evaluate(() => localStorage.removeItem('embouchure.routine.v1'));
  await page.reload();
  const view = activePage(page);
  await view.getByTestId('start-routine').waitFor({ timeout: WAIT_MS });
  return view;
}

describe('axe-core: 0 serious or critical violations, light and dark', () => {
  const browser = sharedBrowser({ wav: audioFile(WAV) }, ({ page }) => page.setViewportSize(PHONE));

  it('home (no history yet) and its routine editor', async () => {
    const view = await home(browser.page);
    await view.getByTestId('practice-summary').waitFor({ timeout: WAIT_MS });
    await expectAccessible(browser.page, 'home');
    await view.getByTestId('edit-routine').click();
    await view.getByTestId('routine-editor').waitFor();
    await expectAccessible(browser.page, 'routine editor');
    await view.getByTestId('done-editing').click();
  });

  it('the tuner while it listens (the note in tune)', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/tuner'));
    await expect
      .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'), {
        timeout: WAIT_MS,
      })
      .toBe('A4');
    await expectAccessible(page, 'tuner listening');
  });

  it('settings and its privacy page', async () => {
    await home(browser.page);
    const settings = await openSettings(browser.page);
    await expectAccessible(browser.page, 'settings');
    await settings.getByTestId('open-privacy').click();
    await settings.getByTestId('privacy-page').waitFor();
    await expectAccessible(browser.page, 'privacy page');
  });

  it('the routine: long tones and scales before, during and after, the rest, the warm-down', async () => {
    const page = browser.page;
    const view = await home(page);
    // A routine of long tones then scales.
    await view.getByTestId('edit-routine').click();
    await view.getByRole('button', { name: 'Remove Lip slurs' }).click();
    await view.getByRole('button', { name: 'Remove Intervals' }).click();
    await view.getByTestId('done-editing').click();
    await view.getByTestId('start-routine').click();
    // Long tones: ready (the step starts from its remembered setup), before (setup), during, after.
    await view.getByTestId('change-setup').waitFor();
    await expectAccessible(page, 'long tones, routine step ready');
    await view.getByTestId('change-setup').click();
    await view.getByTestId('lt-pattern').selectOption('single');
    await view.getByTestId('lt-note').selectOption({ label: 'A4' });
    await view.getByTestId('lt-hold').fill('3');
    await expectAccessible(page, 'long tones, before');
    await view.getByTestId('lt-start').click();
    await view.locator('[data-testid="staff"] svg').waitFor({ timeout: WAIT_MS });
    await expectAccessible(page, 'long tones, during');
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    await expectAccessible(page, 'long tones, after');
    // The rest between the two.
    await view.getByTestId('next-exercise').click();
    await view.getByTestId('rest').waitFor();
    // The rest counts down (as long as the playing, at least 30 s); the minutes played so far.
    expect(await view.getByTestId('rest-left').textContent()).toMatch(/^[0-5]:[0-5]\d$/);
    expect(await view.getByTestId('session-played').textContent()).toMatch(
      /^Played this session: (< 1|\d+) min$/,
    );
    await expectAccessible(page, 'rest');
    await view.getByTestId('rest-continue').click();
    // Scales: before, during (counting in and playing), after.
    await view.getByTestId('change-setup').click();
    await view.getByTestId('scale-tempo').fill('208');
    await expectAccessible(page, 'scales, before');
    await view.getByTestId('scale-go').click();
    await view.getByTestId('timed-start').waitFor();
    await expectAccessible(page, 'scales, ready');
    await view.getByTestId('timed-start').click();
    await expectAccessible(page, 'scales, during');
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    await expectAccessible(page, 'scales, after');
    await view.getByRole('button', { name: 'Next: Warm-down' }).click();
    await view.getByTestId('warm-down').waitFor();
    expect(await view.getByTestId('session-played').textContent()).toMatch(
      /^Played this session: (< 1|\d+) min$/,
    );
    await expectAccessible(page, 'warm-down');
    await view.getByTestId('finish-routine').click();
    await view.getByTestId('last-session').waitFor({ timeout: WAIT_MS });
    await expectAccessible(page, 'home after a session');
  });

  it('lip slurs before, during and after', async () => {
    const page = browser.page;
    const view = await home(page);
    await view.getByTestId('open-lip-slurs').click();
    for (const combo of ['open', '2', '1', '2-3', '1-3', '1-2-3']) {
      await view.getByLabel(combo, { exact: true }).uncheck();
    }
    await view.getByTestId('slur-tempo').fill('208');
    await expectAccessible(page, 'lip slurs, before');
    await view.getByRole('button', { name: 'Continue' }).click();
    await view.getByTestId('timed-start').click();
    await expectAccessible(page, 'lip slurs, during');
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    await expectAccessible(page, 'lip slurs, after');
  });

  it('intervals before, during and after', async () => {
    const page = browser.page;
    const view = await home(page);
    await view.getByTestId('open-intervals').click();
    await view.getByTestId('interval-question').waitFor();
    await expectAccessible(page, 'intervals, before');
    const play = view.getByRole('button', { name: 'Play reference' });
    await play.click();
    await expectAccessible(page, 'intervals, during');
    // Answer the remaining questions (the microphone holds written A4: right or wrong).
    const results = view.getByTestId('results');
    await expect
      .poll(
        async () => {
          if (await play.isVisible()) await play.click();
          return results.isVisible();
        },
        { timeout: 4 * WAIT_MS, interval: 500 },
      )
      .toBe(true);
    await expectAccessible(page, 'intervals, after');
  });

  it('history with attempts', async () => {
    const page = browser.page;
    const view = await home(page);
    await view.getByTestId('tab-history').click();
    await view.getByTestId('import-file').setInputFiles({
      name: 'history.json',
      mimeType: 'application/json',
      buffer: Buffer.from(historyFile()),
    });
    await expect.poll(() => view.getByTestId('attempt-row').count()).toBeGreaterThan(1);
    await settle(page);
    await expectAccessible(page, 'history');
  });
});

/** The microphone fails as the flag in localStorage says (set before the page loads). */
function failAsFlagged(): void {
  const flag = localStorage.getItem('a11y-fail');
  const errors: Record<string, string> = {
    denied: 'NotAllowedError',
    'no-device': 'NotFoundError',
    'in-use': 'NotReadableError',
  };
  if (flag && errors[flag]) {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException(`a11y test: ${flag}`, errors[flag]));
  }
  if (flag === 'worklet') {
    AudioWorklet.prototype.addModule = () => Promise.reject(new DOMException('404', 'AbortError'));
  }
  if (flag === 'storage') {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
  }
}

describe('axe-core on every error banner, light and dark', () => {
  const browser = sharedBrowser(
    { wav: audioFile(WAV), serviceWorkers: 'block' },
    async ({ page, context }) => {
      await page.setViewportSize(PHONE);
      await context.addInitScript(failAsFlagged);
    },
  );

  async function failWith(flag: string, path: string): Promise<void> {
    const page = browser.page;
    await page.goto(appUrl('/'));
    await page.evaluate((f) => localStorage.setItem('a11y-fail', f), flag);
    await page.goto(appUrl(path));
  }

  it.each(['denied', 'no-device', 'in-use', 'worklet'])(
    'microphone or audio failure "%s", on the tuner and on home',
    async (kind) => {
      for (const path of ['/home/tuner', '/home/exercise']) {
        await failWith(kind, path);
        const banner = activePage(browser.page).getByTestId('tuner-error');
        await banner.waitFor({ timeout: WAIT_MS });
        expect(await banner.getAttribute('data-kind')).toBe(kind);
        await expectAccessible(browser.page, `${kind} on ${path}`);
      }
    },
  );

  it('the engine cannot be loaded', async () => {
    const page = browser.page;
    await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await failWith('none', '/home/tuner');
    const banner = activePage(page).getByTestId('tuner-error');
    await banner.waitFor({ timeout: WAIT_MS });
    expect(await banner.getAttribute('data-kind')).toBe('engine');
    await expectAccessible(page, 'engine');
    await page.unroute('**/*.wasm');
  });

  it('history unavailable (private mode): home and history say so', async () => {
    await failWith('storage', '/home/exercise');
    const view = activePage(browser.page);
    await view.getByTestId('storage-warning').waitFor({ timeout: WAIT_MS });
    await expectAccessible(browser.page, 'storage warning on home');
    await view.getByTestId('tab-history').click();
    await view.getByTestId('history-status').waitFor({ timeout: WAIT_MS });
    await expectAccessible(browser.page, 'history unavailable');
  });
});
