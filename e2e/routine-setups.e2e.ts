import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settle } from './a11y-helpers';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { WAIT_MS } from './wait';

/**
 * Issue 23 row 10: setups remembered per exercise (and validated when read back), the routine
 * running step → results → next step with one tap each, and "loop this bar" from the results on
 * the music. The fake microphone loops concert G4 (written A4): 1.3 s of note, 0.5 s of silence.
 * With LAYOUT_SHOTS=<dir> each screen is saved at 390 × 844, light and dark.
 */
const browser = sharedBrowser({
  wav: audioFile('clean/sr44100/tpt_n067_G4_v110.wav'),
  viewport: { width: 390, height: 844 },
});

const KEYS = {
  routine: 'embouchure.routine.v1',
  longTones: 'embouchure.setup.long-tones.v1',
  lipSlurs: 'embouchure.setup.lip-slurs.v1',
  scales: 'embouchure.setup.scales.v1',
};

/** A fresh tab with these localStorage items, on `path`. */
async function openWith(items: Record<string, unknown>, path: string): Promise<Locator> {
  const page = await browser.freshTab('/home/exercise');
  await activePage(page).getByTestId('start-routine').waitFor({ timeout: WAIT_MS });
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }, items);
  await page.goto(appUrl(path));
  return activePage(page);
}

async function shots(page: Page, name: string): Promise<void> {
  const out = process.env.LAYOUT_SHOTS;
  if (!out) return;
  mkdirSync(out, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settle(page);
    await page.screenshot({ path: join(out, `${name}-390-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The button is whole, above the tab bar, and what a finger at its centre hits; ≥ 44 × 44. */
async function expectTappable(target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible', timeout: WAIT_MS });
  await settle(browser.page);
  const problem = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const tabBar = document.querySelector('ion-tab-bar')?.getBoundingClientRect();
    const limit = tabBar && tabBar.height > 0 ? tabBar.top : innerHeight;
    if (box.width < 44 || box.height < 44) return `${box.width} × ${box.height} px`;
    if (box.top < 0 || box.bottom > limit + 0.5) {
      return `y ${Math.round(box.top)}–${Math.round(box.bottom)}, tab bar at ${Math.round(limit)}`;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && (element.contains(hit) || hit.contains(element)) ? null : 'covered';
  });
  expect(problem).toBeNull();
}

const staffNames = async (view: Locator): Promise<string> =>
  (await view.getByTestId('staff').getAttribute('aria-label')) ?? '';

describe('setups are remembered per exercise', () => {
  it('a lip-slur setup comes back after a reload; Reset to defaults forgets it', async () => {
    let view = await openWith({}, '/home/exercise/lip-slurs');
    await view.getByTestId('slur-go').waitFor({ timeout: WAIT_MS });
    // Nothing remembered yet: the defaults, no reset offered.
    expect(await view.getByTestId('setup-reset').count()).toBe(0);
    await view.getByTestId('slur-direction-up').click();
    await view.getByTestId('slur-subdivision-2').click();
    await view.getByLabel('1-2-3', { exact: true }).uncheck();
    await view.getByTestId('slur-tempo').fill('92');
    await view.getByTestId('slur-go').click();
    await view.getByTestId('timed-start').waitFor();

    const page = browser.page;
    await page.goto(appUrl('/home/exercise/lip-slurs'));
    view = activePage(page);
    await view.getByTestId('slur-go').waitFor({ timeout: WAIT_MS });
    expect(await view.getByTestId('slur-tempo').inputValue()).toBe('92');
    expect(
      await view.getByTestId('slur-direction').evaluate((s) => (s as HTMLInputElement).value),
    ).toBe('up');
    expect(
      await view.getByTestId('slur-subdivision').evaluate((s) => (s as HTMLInputElement).value),
    ).toBe('2');
    expect(await view.getByLabel('1-2-3', { exact: true }).isChecked()).toBe(false);
    expect(await view.getByLabel('1-2', { exact: true }).isChecked()).toBe(true);
    await view.getByTestId('setup-remembered').scrollIntoViewIfNeeded();
    await expectTappable(view.getByTestId('setup-reset'));
    await shots(page, 'setup-remembered');

    await view.getByTestId('setup-reset').click();
    expect(await view.getByTestId('slur-tempo').inputValue()).toBe('60');
    await page.reload();
    view = activePage(page);
    await view.getByTestId('slur-go').waitFor({ timeout: WAIT_MS });
    expect(await view.getByTestId('slur-tempo').inputValue()).toBe('60');
    expect(await view.getByLabel('1-2-3', { exact: true }).isChecked()).toBe(true);
    expect(await view.getByTestId('setup-reset').count()).toBe(0);
  });

  it('a stored value out of range falls back to its default; the valid ones are kept', async () => {
    const view = await openWith(
      {
        [KEYS.lipSlurs]: { tempoBpm: 999, direction: 'down', combos: ['9'], bandCents: 'wide' },
        [KEYS.longTones]: '{not json',
      },
      '/home/exercise/lip-slurs',
    );
    await view.getByTestId('slur-go').waitFor({ timeout: WAIT_MS });
    expect(await view.getByTestId('slur-tempo').inputValue()).toBe('60');
    expect(
      await view.getByTestId('slur-direction').evaluate((s) => (s as HTMLInputElement).value),
    ).toBe('down');
    for (const combo of ['open', '2', '1', '1-2', '2-3', '1-3', '1-2-3']) {
      expect(await view.getByLabel(combo, { exact: true }).isChecked()).toBe(true);
    }
    await browser.page.goto(appUrl('/home/exercise/long-tones'));
    const longTones = activePage(browser.page);
    await longTones.getByTestId('lt-start').waitFor({ timeout: WAIT_MS });
    expect(await longTones.getByTestId('lt-hold').inputValue()).toBe('8');
    expect(await longTones.getByTestId('lt-pattern').inputValue()).toBe('pyramid');
  });
});

describe('the tempo reached is remembered', () => {
  it('"Again at 208 bpm" after a scale at 204: the next time the scale opens at 208', async () => {
    const view = await openWith({ [KEYS.scales]: { tempoBpm: 204 } }, '/home/exercise/scales');
    await view.getByTestId('scale-go').click();
    await view.getByTestId('timed-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    await view.getByTestId('again-faster').click();
    await expect
      .poll(() => view.getByRole('heading', { level: 2 }).first().textContent())
      .toMatch(/at 208 bpm$/);
    await browser.page.goto(appUrl('/home/exercise/scales'));
    const again = activePage(browser.page);
    await again.getByTestId('scale-go').waitFor({ timeout: WAIT_MS });
    expect(await again.getByTestId('scale-tempo').inputValue()).toBe('208');
  });
});

describe('the routine runs step to step, one tap each', () => {
  it('long tones start from their setup, no form; results → Next → warm-down', async () => {
    const view = await openWith(
      {
        [KEYS.routine]: ['long-tones'],
        [KEYS.longTones]: { pattern: 'single', noteMidi: 69, holdSeconds: 1 },
      },
      '/home/exercise',
    );
    await view.getByTestId('start-routine').click();
    await expect
      .poll(() => view.getByTestId('routine-step-setup').textContent())
      .toBe('One note: A4 · hold 1 s · no rest · in tune ±10 ¢');
    expect(await view.getByTestId('lt-pattern').count()).toBe(0);
    await expectTappable(view.getByTestId('lt-start'));
    await shots(browser.page, 'routine-step-long-tones');
    await view.getByTestId('lt-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    const next = view.getByTestId('next-exercise');
    expect(await next.textContent()).toBe('Next: Warm-down');
    await next.scrollIntoViewIfNeeded();
    await expectTappable(next);
    await next.click();
    await view.getByTestId('warm-down').waitFor();
  });

  it('lip slurs → results → Next: Scales → rest → scales ready at once → results', async () => {
    const view = await openWith(
      {
        [KEYS.routine]: ['lip-slurs', 'scales'],
        [KEYS.lipSlurs]: { combos: ['12'], tempoBpm: 208 },
        [KEYS.scales]: { tempoBpm: 208 },
      },
      '/home/exercise',
    );
    await view.getByTestId('start-routine').click();
    // The step is ready to play: the music and Start, no setup form and no Continue.
    await expectTappable(view.getByTestId('timed-start'));
    expect(await view.locator('section[aria-label="Lip slurs setup"]').count()).toBe(0);
    expect(await staffNames(view)).toBe('Lip slurs: A3 E4 A4 C♯5 E5 C♯5 A4 E4 A3');
    await expectTappable(view.getByTestId('change-setup'));
    await shots(browser.page, 'routine-step-lip-slurs');
    await view.getByTestId('timed-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    const next = view.getByTestId('next-exercise');
    expect(await next.textContent()).toBe('Next: Scales');
    await next.scrollIntoViewIfNeeded();
    await expectTappable(next);
    await next.click();

    // The break stays: rest, then one tap on to scales, ready to play.
    await view.getByTestId('rest').waitFor();
    await view.getByTestId('rest-continue').click();
    await expectTappable(view.getByTestId('timed-start'));
    expect(await view.locator('section[aria-label="Scales setup"]').count()).toBe(0);
    expect(await staffNames(view)).toMatch(/^C major: C4 D4 E4 F4 G4 A4 B4 C5/);
    await view.getByTestId('timed-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    expect(await view.getByTestId('next-exercise').textContent()).toBe('Next: Warm-down');
  });

  it('Change setup opens the form; its Continue returns to the step with the new setup', async () => {
    const view = await openWith(
      { [KEYS.routine]: ['scales'], [KEYS.scales]: { tempoBpm: 208 } },
      '/home/exercise',
    );
    await view.getByTestId('start-routine').click();
    await view.getByTestId('change-setup').click();
    await view.getByTestId('scale-key').selectOption('G');
    await view.getByTestId('scale-go').click();
    await view.getByTestId('timed-start').waitFor();
    expect(await staffNames(view)).toMatch(/^G major: /);
    expect(await view.getByRole('heading', { level: 2 }).first().textContent()).toMatch(/208 bpm/);
  });
});

describe('loop this bar', () => {
  it('plays only the chosen bar, four times with the click; leaving shows the whole scale’s results again', async () => {
    const view = await openWith({ [KEYS.scales]: { tempoBpm: 208 } }, '/home/exercise/scales');
    await view.getByTestId('scale-go').click();
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(15);
    await view.getByTestId('timed-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });

    const wholeNames = await view.getByTestId('note-name').allTextContents();
    expect(wholeNames).toHaveLength(15);
    await view.getByTestId('save-message').waitFor();
    // One button per bar under the marked staff: C4–F4 | G4–C5 | B4–F4 | E4 D4 C4.
    const bars = view.getByTestId('bar-loop').getByRole('button');
    expect(await bars.count()).toBe(4);
    await view.getByTestId('bar-loop').scrollIntoViewIfNeeded();
    await expectTappable(view.getByTestId('loop-bar-2'));
    await shots(browser.page, 'results-loop-picker');
    await view.getByTestId('loop-bar-2').click();

    // The passage is that bar, four times: on the staff and as the notes to play.
    const bar = ['G4', 'A4', 'B4', 'C5'];
    const looped = [...bar, ...bar, ...bar, ...bar];
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(16);
    expect(await staffNames(view)).toBe(`C major: bar 2, 4 times: ${looped.join(' ')}`);
    expect(await view.getByTestId('target-note').textContent()).toBe('G4');
    await expectTappable(view.getByTestId('timed-start'));
    await shots(browser.page, 'loop-ready');
    await view.getByTestId('timed-start').click();
    // With the click: the metronome's count-in, then playing to it.
    await expect.poll(() => view.getByTestId('phase').textContent()).toBe('Play with the click.');
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    expect(await view.getByTestId('note-name').allTextContents()).toEqual(looped);
    expect(await view.getByTestId('loop-not-saved').count()).toBe(1);
    expect(await view.getByTestId('save-message').count()).toBe(0);
    await view.getByTestId('loop-again').scrollIntoViewIfNeeded();
    await shots(browser.page, 'loop-results');

    // Leaving the loop: the whole scale's results again, as they were (nothing told is lost),
    // with its bars to loop; Again plays the whole scale.
    await view.getByTestId('loop-exit').click();
    await expect.poll(() => view.getByTestId('note-name').allTextContents()).toEqual(wholeNames);
    expect(await view.getByTestId('save-message').textContent()).toBe('Saved to your history.');
    expect(await view.getByTestId('bar-loop').getByRole('button').count()).toBe(4);
    await view.getByTestId('again').scrollIntoViewIfNeeded();
    await shots(browser.page, 'loop-left-results');
    await view.getByTestId('again').click();
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(15);
    expect(await staffNames(view)).toMatch(/^C major: C4 D4 E4 F4 G4/);
    await view.getByTestId('timed-start').waitFor();
  });
});
