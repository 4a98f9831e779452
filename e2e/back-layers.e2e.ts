import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTitle, pathname as pathOf, sharedBrowser, view as viewOf } from './app-fixture';
import { openSettings, settingsScreen } from './settings-screen';
import { smallTargets } from './a11y-helpers';
import { synthWavDir } from './synth-wav';
import { WAIT_MS } from './wait';

/**
 * Issue 36, H2: Back closes the top layer and nothing else. The settings screen and its privacy
 * page are in the URL (`?settings`, `?settings=privacy`), so the browser's Back closes them on
 * the page they were opened on (it used to land on the tab below); a piece is a route,
 * `/home/pieces/<id>`, above the library, so Back from a piece is the library and a link opens
 * it. W7: a piece is deleted after a question, with Undo. W5: the tempo trainer keeps the tempo.
 * With SHOTS_36=<dir>, 390×844 screenshots light and dark of the screens changed.
 */
const browser = sharedBrowser({ mic: 'none', viewport: { width: 390, height: 844 } });
const { page } = browser;
const pathname = () => pathOf(page);
const search = () => new URL(page.url()).search;
const view = () => viewOf(page);
const title = () => pageTitle(page);

async function shot(name: string): Promise<void> {
  const out = process.env.SHOTS_36;
  if (!out) return;
  mkdirSync(out, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
      )
      .toBe(colorScheme === 'dark');
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await page.screenshot({ path: join(out, `${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Nothing scrolls sideways on the page showing. */
const sidewaysOverflow = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const privacyPage = () => settingsScreen(page).getByTestId('privacy-page');

describe('Back from the settings screen and its privacy page', () => {
  it('on the tuner reached from Exercise: Back closes settings and stays on the tuner', async () => {
    await browser.freshTab('/home/exercise');
    await expect.poll(title, { timeout: WAIT_MS }).toBe('Exercise');
    await page.locator('ion-tab-button[tab="tuner"]').click();
    await expect.poll(pathname).toBe('/home/tuner');
    await expect.poll(title).toBe('Tuner');

    await openSettings(page);
    expect(search()).toBe('?settings');
    await page.goBack();
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    expect(pathname()).toBe('/home/tuner');
    expect(search()).toBe('');
    await expect.poll(title).toBe('Tuner');
  });

  it('privacy → Back → settings → Back → the tuner; its own Back buttons walk the same way', async () => {
    await openSettings(page);
    await settingsScreen(page).getByTestId('open-privacy').click();
    await privacyPage().waitFor();
    expect(search()).toBe('?settings=privacy');
    await shot('settings-privacy');

    await page.goBack(); // the browser's Back: the privacy page closes, the settings stay
    await expect.poll(() => privacyPage().count()).toBe(0);
    await expect
      .poll(() => settingsScreen(page).getByTestId('open-privacy').isVisible())
      .toBe(true);
    expect(search()).toBe('?settings');
    expect(pathname()).toBe('/home/tuner');

    // The privacy page's own Back: the settings, one entry down.
    await settingsScreen(page).getByTestId('open-privacy').click();
    await privacyPage().waitFor();
    await privacyPage().getByRole('button', { name: /back/i }).click();
    await expect.poll(search).toBe('?settings');
    await expect.poll(() => privacyPage().count()).toBe(0);

    // Done from the privacy page: the whole screen, and the entries it pushed, go.
    await settingsScreen(page).getByTestId('open-privacy').click();
    await privacyPage().waitFor();
    await settingsScreen(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    await expect.poll(search).toBe('');
    expect(pathname()).toBe('/home/tuner');
    // Back now leaves the tuner for what was below it (Exercise), not a settings entry.
    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise');
    expect(await settingsScreen(page).count()).toBe(0);
  });

  it('Escape closes it and takes its entry away', async () => {
    await browser.freshTab('/home/progress');
    await expect.poll(title, { timeout: WAIT_MS }).toBe('Progress');
    await openSettings(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    await expect.poll(search).toBe('');
    expect(pathname()).toBe('/home/progress');
  });
});

describe('a piece is a route above the library', () => {
  const dir = synthWavDir('back-layers');
  const file = join(dir.path, 'Festive March.musicxml');
  beforeAll(() => {
    const notes = ['C', 'D', 'E', 'F']
      .map(
        (step) =>
          `<note><pitch><step>${step}</step><octave>5</octave></pitch><duration>4</duration><type>quarter</type></note>`,
      )
      .join('');
    const measures = [1, 2, 3, 4]
      .map(
        (n) =>
          `<measure number="${n}">${n === 1 ? '<attributes><divisions>4</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes><sound tempo="100"/>' : ''}${notes}</measure>`,
      )
      .join('');
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8"?><score-partwise version="4.0"><work><work-title>Festive March</work-title></work><part-list><score-part id="P1"><part-name>Trumpet</part-name></score-part></part-list><part id="P1">${measures}</part></score-partwise>`,
    );
  });
  afterAll(() => dir.remove());

  let piecePath = '';

  it('opening a piece gives it a URL; Back (browser or its own) returns to the library', async () => {
    await browser.freshTab('/home/pieces');
    await view().getByTestId('piece-library').waitFor();
    await view().getByTestId('import-piece-input').setInputFiles(file);
    await view().getByTestId('piece-practice').waitFor();
    await expect.poll(pathname).toMatch(/^\/home\/pieces\/p-[^/]+$/);
    piecePath = pathname();
    expect(await view().getByTestId('piece-title').textContent()).toBe('Festive March');

    await page.goBack();
    await expect.poll(pathname).toBe('/home/pieces');
    await view().getByTestId('piece-library').waitFor();
    expect(await view().getByTestId('piece-practice').count()).toBe(0);
    await expect.poll(title).toBe('Pieces');

    // Forward: the piece again, from its route.
    await page.goForward();
    await expect.poll(pathname).toBe(piecePath);
    await view().getByTestId('piece-practice').waitFor();
    await view().getByTestId('pieces-back').click();
    await expect.poll(pathname).toBe('/home/pieces');
    await view().getByTestId('piece-library').waitFor();

    // A study opens on its route too.
    await view().getByTestId('study-item').first().click();
    await view().getByTestId('piece-practice').waitFor();
    await expect.poll(pathname).toMatch(/^\/home\/pieces\/p-[^/]+$/);
    await page.goBack();
    await expect.poll(pathname).toBe('/home/pieces');
    await view().getByTestId('piece-library').waitFor();
  });

  it('the settings screen on a piece closes on Back and leaves the piece open', async () => {
    await view().getByTestId('piece-item').first().click();
    await view().getByTestId('piece-practice').waitFor();
    await openSettings(page);
    await page.goBack();
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    expect(pathname()).toBe(piecePath);
    await view().getByTestId('piece-practice').waitFor();
    await view().getByTestId('pieces-back').click();
    await expect.poll(pathname).toBe('/home/pieces');
  });

  it('a link to a piece (and its practice path) opens it; Back is the library, then home', async () => {
    await browser.freshTab(piecePath);
    await view().getByTestId('piece-practice').waitFor();
    expect(await view().getByTestId('piece-title').textContent()).toBe('Festive March');
    await shot('piece-opened-by-link');
    expect(await smallTargets(page), 'piece').toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(false);
    await page.goBack();
    await expect.poll(pathname).toBe('/home/pieces');
    await view().getByTestId('piece-library').waitFor();
    await page.goBack();
    await expect.poll(pathname).toBe('/home/exercise');

    await browser.freshTab(`${piecePath}/practice`);
    await view().getByTestId('piece-practice').waitFor();
    expect(await view().getByTestId('piece-title').textContent()).toBe('Festive March');
    await view().getByTestId('pieces-back').click();
    await expect.poll(pathname).toBe('/home/pieces');
  });

  it('an unknown piece says so, with a way back to the library', async () => {
    await browser.freshTab('/home/pieces/p-not-here');
    const missing = view().getByTestId('piece-missing');
    await missing.waitFor({ timeout: WAIT_MS });
    expect(await missing.getByRole('alert').textContent()).toMatch(
      /not in your library on this device/,
    );
    await shot('piece-missing');
    expect(await smallTargets(page), 'missing piece').toEqual([]);
    await view().getByTestId('piece-missing-back').click();
    await expect.poll(pathname).toBe('/home/pieces');
    await view().getByTestId('piece-library').waitFor();
  });

  it('W5: switching the tempo trainer on keeps the tempo typed, and says what it will do', async () => {
    await view().getByTestId('piece-item').first().click();
    await view().getByTestId('piece-practice').waitFor();
    const tempo = view().getByTestId('tempo-percent');
    await tempo.fill('80');
    await tempo.blur();
    await view().getByTestId('trainer-toggle').check();
    await expect
      .poll(() => view().getByTestId('trainer-plan').textContent())
      .toBe('Starts at 80 % (the tempo above), looping the whole piece, and rises 5 % at a time.');
    expect(await tempo.inputValue()).toBe('80');
    await view().getByTestId('trainer-plan').scrollIntoViewIfNeeded();
    await shot('piece-trainer-on');
    expect(await sidewaysOverflow(page)).toBe(false);
    await view().getByTestId('pieces-back').click();
    await expect.poll(pathname).toBe('/home/pieces');
  });

  it('W7: a piece is deleted after a question, with its attempts; Undo brings it back', async () => {
    await view().getByTestId('piece-library').waitFor();
    await expect.poll(() => view().getByTestId('piece-item').count()).toBe(1);
    await view().getByTestId('piece-delete').click();
    const question = view().getByTestId('piece-confirm-delete');
    await question.waitFor();
    expect(await question.textContent()).toMatch(/Delete “Festive March” and its attempts/);
    await shot('piece-delete-confirm');
    expect(await smallTargets(page), 'delete question').toEqual([]);
    // Keep it: nothing happens.
    await view().getByTestId('piece-delete-cancel').click();
    await expect.poll(() => view().getByTestId('piece-item').count()).toBe(1);

    await view().getByTestId('piece-delete').click();
    await view().getByTestId('piece-delete-confirm').click();
    await expect.poll(() => view().getByTestId('piece-item').count()).toBe(0);
    expect(await view().getByTestId('piece-deleted').textContent()).toMatch(
      /Deleted “Festive March”/,
    );
    await shot('piece-deleted-undo');
    expect(await smallTargets(page), 'undo').toEqual([]);
    await view().getByTestId('piece-undo-delete').click();
    await expect.poll(() => view().getByTestId('piece-item').count()).toBe(1);
    expect(await view().getByTestId('piece-message').textContent()).toMatch(/is back/);

    // Deleted for good: gone after a reload too, and its old link says so.
    await view().getByTestId('piece-delete').click();
    await view().getByTestId('piece-delete-confirm').click();
    await expect.poll(() => view().getByTestId('piece-item').count()).toBe(0);
    await page.reload();
    await view().getByTestId('piece-library').waitFor();
    await expect.poll(() => view().getByTestId('piece-list').textContent()).toMatch(/None yet/);
    await page.goto(new URL(piecePath, page.url()).href);
    await view().getByTestId('piece-missing').waitFor({ timeout: WAIT_MS });
  });
});
