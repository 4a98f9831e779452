import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { WAIT_MS } from './wait';

/**
 * The exercise page in real Chromium with the fake microphone looping a corpus note (1.3 s of
 * note, 0.5 s of silence): a one-note long tone with a 1 s hold fits inside each note, and the
 * silence is the player's breath before it.
 *
 * Written pitch for the B♭ trumpet (the default): the concert G4 file is a written A4, and the
 * concert D5 bent +35 ¢ is a written E5 played 35 ¢ sharp.
 */
const ON_TARGET_WAV = 'clean/sr44100/tpt_n067_G4_v110.wav';
const SHARP_WAV = 'detuned/sr44100/tpt_n074_D5_+35c.wav';

async function playLongTone(page: Page, writtenNote: string, holdSeconds: number) {
  await page.goto(appUrl('/home/exercise'));
  const view = activePage(page);
  await view.getByTestId('open-long-tones').click();
  await view.getByTestId('lt-pattern').selectOption('single');
  await view.getByTestId('lt-note').selectOption({ label: writtenNote });
  await view.getByTestId('lt-hold').fill(String(holdSeconds));
  await view.getByTestId('lt-start').click();
  await expect.poll(() => view.getByTestId('target-note').textContent()).toBe(writtenNote);
  // The staff is drawn by VexFlow (an SVG with noteheads), not a placeholder.
  await expect
    .poll(() => view.locator('[data-testid="staff"] svg').count(), { timeout: WAIT_MS })
    .toBe(1);
  await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
  const score = Number(await view.getByTestId('score').textContent());
  const coach = (await view.getByTestId('coach').first().textContent()) ?? '';
  if (process.env.EXERCISE_E2E_DEBUG)
    console.log(await view.getByTestId('note-table').textContent());
  return { view, score, coach };
}

describe('long tones with the fake microphone on the target', () => {
  const browser = sharedBrowser({ wav: audioFile(ON_TARGET_WAV) });

  it('a long tone played on the target scores high and the coach says in tune', async () => {
    const { view, score, coach } = await playLongTone(browser.page, 'A4', 1);
    expect(score).toBeGreaterThanOrEqual(80);
    expect(coach).toMatch(/In tune: A4/);
    expect(await view.getByTestId('trace-plot').locator('path').count()).toBe(1);
    await expect
      .poll(() => view.getByTestId('save-message').textContent())
      .toBe('Saved to your history.');
  });

  it('the result appears in the history after a reload', async () => {
    const page = browser.page;
    await page.reload();
    const view = activePage(page);
    await view.getByTestId('tab-history').click();
    const rows = view.getByTestId('attempt-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = (await rows.first().textContent()) ?? '';
    expect(row).toContain('Long tones');
    expect(row).toContain('A4');
    expect(await view.getByTestId('score-chart').count()).toBe(1);
    expect(await view.getByTestId('practice-chart').count()).toBe(1);
  });

  it('Export JSON downloads the whole history as embouchure-history-<date>.json', async () => {
    const view = activePage(browser.page);
    await expect.poll(() => view.getByTestId('attempt-row').count()).toBe(1);
    const [download] = await Promise.all([
      browser.page.waitForEvent('download'),
      view.getByTestId('export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^embouchure-history-\d{4}-\d{2}-\d{2}\.json$/);
    const exported: unknown = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(exported).toMatchObject({
      format: 'embouchure-history',
      version: 1,
      attempts: [{ exercise: 'long-tones' }],
    });
    await expect
      .poll(() => view.getByTestId('export-message').textContent())
      .toBe(
        `Downloaded ${download.suggestedFilename()} (1 attempt): see your browser's downloads.`,
      );
  });

  it('a malformed import is refused with a clear message and loses nothing', async () => {
    const view = activePage(browser.page);
    const rows = view.getByTestId('attempt-row');
    await expect.poll(() => rows.count()).toBe(1);
    await view.getByTestId('import-file').setInputFiles({
      name: 'history.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        '{"format":"embouchure-history","version":1,"attempts":[{"score":"high"}]}',
      ),
    });
    await expect
      .poll(() => view.getByTestId('import-message').textContent())
      .toMatch(
        /Invalid file: attempts\[0\]\.startedAt must be an ISO date\. Nothing was imported\./,
      );
    await view.getByTestId('import-file').setInputFiles({
      name: 'photo.json',
      mimeType: 'application/json',
      buffer: Buffer.from('not json at all'),
    });
    await expect
      .poll(() => view.getByTestId('import-message').textContent())
      .toMatch(/not JSON: nothing was imported/);
    await browser.page.reload();
    await activePage(browser.page).getByTestId('tab-history').click();
    await expect.poll(() => activePage(browser.page).getByTestId('attempt-row').count()).toBe(1);
  });
});

describe('storage unavailable (private mode)', () => {
  const browser = sharedBrowser({ wav: audioFile(ON_TARGET_WAV) }, ({ context }) =>
    // As in private modes that refuse IndexedDB: every open fails.
    context.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
    }),
  );

  it('says history is unavailable, and the long tone is still scored', async () => {
    const { view, score } = await playLongTone(browser.page, 'A4', 1);
    expect(score).toBeGreaterThanOrEqual(80);
    await expect
      .poll(() => view.getByTestId('save-message').textContent())
      .toMatch(/History is unavailable .* practice still works/);
    expect(await view.getByTestId('storage-warning').textContent()).toMatch(
      /History is unavailable/,
    );
  });
});

describe('routine builder and the other exercises', () => {
  const browser = sharedBrowser({ wav: audioFile(ON_TARGET_WAV) });

  it('the routine order can be changed and survives a reload', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const items = () => activePage(page).getByTestId('routine-item').allTextContents();
    await expect.poll(async () => (await items()).length, { timeout: WAIT_MS }).toBe(4);
    expect((await items())[0]).toContain('Long tones');
    // Editing is its own mode (home page, issue 13).
    await activePage(page).getByTestId('edit-routine').click();
    await activePage(page).getByRole('button', { name: 'Move Scales up' }).click();
    await activePage(page).getByRole('button', { name: 'Remove Intervals' }).click();
    await activePage(page).getByTestId('done-editing').click();
    // The exercise names (in each item's open button, beside its planned minutes).
    const names = () =>
      activePage(page).locator(
        '[data-testid="routine-item"] [data-testid^="open-"] .routine__name',
      );
    await expect
      .poll(() => names().allTextContents())
      .toEqual(['Long tones', 'Scales', 'Lip slurs']);
    await page.reload();
    await expect.poll(async () => (await items()).length, { timeout: WAIT_MS }).toBe(3);
    expect((await items())[1]).toContain('Scales');
  });

  it('scales run to the metronome and end with per-note results', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-scales').click();
    await view.getByTestId('scale-tempo').fill('208');
    await view.getByTestId('scale-go').click();
    await expect.poll(() => view.getByTestId('target-note').textContent()).toBe('C4');
    await view.getByTestId('timed-start').click();
    // Count-in (4 beats) + 15 notes at 208 bpm ≈ 5.5 s.
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    const rows = await view.getByTestId('note-row').count();
    expect(rows).toBe(15);
  });
});

describe('lip slurs and intervals', () => {
  const browser = sharedBrowser({ wav: audioFile(ON_TARGET_WAV) });

  it('lip slurs on one valve combination end with a graded row per note', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-lip-slurs').click();
    // Only 1-2 (A3 E4 A4 C♯5 E5 and back): the microphone's written A4 is its 4th partial.
    for (const combo of ['open', '2', '1', '2-3', '1-3', '1-2-3']) {
      await view.getByLabel(combo, { exact: true }).uncheck();
    }
    await view.getByTestId('slur-tempo').fill('208');
    await view.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => view.getByTestId('target-note').textContent()).toBe('A3');
    await view.getByTestId('timed-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    const rows = view.getByTestId('note-row');
    expect(await rows.count()).toBe(9);
    // The microphone only ever plays written A4 (the 4th partial of 1-2): no other note may be
    // graded as played, and those heard on A4 are cracks onto that partial.
    const names = await rows.getByTestId('note-name').allTextContents();
    const results = await Promise.all(
      (await rows.all()).map(async (row) => (await row.getAttribute('data-outcome')) ?? ''),
    );
    if (process.env.EXERCISE_E2E_DEBUG) console.log(await rows.allInnerTexts());
    expect(names).toEqual(['A3', 'E4', 'A4', 'C♯5', 'E5', 'C♯5', 'A4', 'E4', 'A3']);
    // 'wrong' too: once, under load (two suites at once), a starved fake microphone gave a
    // reading off the 1-2 series; what matters is that no note but A4 is graded played.
    expect(results.every((r) => ['played', 'cracked', 'missed', 'wrong'].includes(r))).toBe(true);
    expect(results.filter((r, i) => r === 'played' && names[i] !== 'A4')).toEqual([]);
    expect(results.filter((r, i) => r === 'cracked' && names[i] !== 'A4').length).toBeGreaterThan(
      0,
    );
  });

  it('intervals: a reference plays, the held note is taken as the answer', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-intervals').click();
    await expect
      .poll(() => view.getByTestId('interval-question').textContent())
      .toMatch(/Play an? .* above/);
    await view.getByRole('button', { name: 'Play reference' }).click();
    const firstRow = view.getByTestId('note-table').locator('tbody tr').first();
    await firstRow.waitFor({ timeout: WAIT_MS });
    // The microphone holds written A4: that is the answer heard, right or wrong.
    expect(await firstRow.locator('td:nth-child(3)').textContent()).toMatch(/^A4/);
  });
});

describe('long tones with the fake microphone 35 ¢ sharp', () => {
  const browser = sharedBrowser({ wav: audioFile(SHARP_WAV) });

  it('a long tone 35 ¢ off scores low and the coach says sharp (no "tends flat": it was sharp)', async () => {
    const { score, coach } = await playLongTone(browser.page, 'E5', 1);
    // The assessor's curve: 35 ¢ sharp loses most of the pitch marks; a steady tone keeps
    // its steadiness marks, so the note lands near the middle, not at the bottom. At 30 ¢, the
    // least the check below allows (read under heavy load), the curve gives 60.
    expect(score).toBeLessThanOrEqual(60);
    const cents = Number(/You played E5 (\d+) ¢ sharp/.exec(coach)?.[1]);
    expect(cents).toBeGreaterThanOrEqual(30);
    expect(cents).toBeLessThanOrEqual(40);
    // E5 tends flat: that does not explain a sharp E5, so the coach does not say it.
    expect(coach).not.toMatch(/tends flat/);
  });

  it('sharp on E5 three times in a row (history included): the coach suggests a fix', async () => {
    // The previous test stored one sharp E5; two more make three in a row.
    await playLongTone(browser.page, 'E5', 1);
    const { coach } = await playLongTone(browser.page, 'E5', 1);
    expect(coach).toMatch(/You were sharp on E5 3 times in a row: relax, open the aperture/);
  });
});
