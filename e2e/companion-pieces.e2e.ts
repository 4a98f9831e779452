import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, smallTargets } from './a11y-helpers';
import { browserPerTest, sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile, projectRoot } from './browser';
import { WAIT_MS } from './wait';

/**
 * Progress per piece and "routine done" (issue 24): a pieces library saved before the per-day
 * sums existed (the database at version 1, as an older app left it) opens in Progress as one trend
 * per piece, numbers also as text; the days the routine was finished show in Progress and in the
 * teacher's report, with the pieces' scores; finishing a routine in the app records the day.
 * Screenshots at 390×844, light and dark.
 */

const DAY_MS = 86_400_000;
const localDay = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** 10:00 local, `daysAgo` days before today. */
const at = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * DAY_MS);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 10).getTime();
};

/** Piece id → title and its attempts (days ago, overall score). */
const LIBRARY = {
  arban: {
    title: 'Arban: Study No. 1',
    attempts: [
      [12, 55],
      [12, 61], // same day: one point, their mean 58
      [9, 64],
      [5, 70],
      [2, 78],
      [0, 82],
    ],
  },
  clarke: { title: 'Clarke: Technical Study 2', attempts: [[1, 66]] },
} as const;

/** Routine finished 1 and 3 days ago, and 20 days ago (outside the last 7 days). */
const ROUTINE_DAYS_AGO = [3, 1, 20];

/**
 * Writes the library as an older app left it (IndexedDB version 10 = Dexie's version 1: pieces and
 * attempts, no per-day sums), on a same-origin page that runs no app code.
 */
async function seed(page: Page): Promise<void> {
  await page.goto(appUrl('/favicon.svg'));
  const attempts = Object.entries(LIBRARY).flatMap(([pieceId, p]) =>
    p.attempts.map(([daysAgo, overall]) => ({
      pieceId,
      atMs: at(daysAgo) + overall * 1000, // distinct times on one day
      source: 'live',
      mode: 'follow',
      tempoPercent: 100,
      assessment: {
        notes: [],
        scores: { pitch: overall, timing: overall, steadiness: overall, overall },
        fixFirst: null,
      },
    })),
  );
  const pieces = Object.entries(LIBRARY).map(([id, p]) => ({
    id,
    title: p.title,
    fileName: `${id}.musicxml`,
    partId: null,
    importedAtMs: at(30),
    score: { title: p.title, notes: [] },
    practice: { mode: 'follow', tempoPercent: 100, loop: null, trainer: false },
    origin: 'file',
  }));
  const routine = Object.fromEntries(
    ROUTINE_DAYS_AGO.map((d) => [
      localDay(at(d)),
      { finishedAtMs: at(d), times: 1, playedMin: 19 },
    ]),
  );
  await page.evaluate(
    async ({ pieces, attempts, routine }) => {
      localStorage.setItem('embouchure.routine-days.v1', JSON.stringify(routine));
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('embouchure-pieces', 10);
        open.onupgradeneeded = () => {
          const db = open.result;
          db.createObjectStore('pieces', { keyPath: 'id' }).createIndex(
            'importedAtMs',
            'importedAtMs',
          );
          const store = db.createObjectStore('attempts', { keyPath: 'id', autoIncrement: true });
          store.createIndex('pieceId', 'pieceId');
          store.createIndex('atMs', 'atMs');
        };
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['pieces', 'attempts'], 'readwrite');
          for (const p of pieces) tx.objectStore('pieces').put(p);
          for (const a of attempts) tx.objectStore('attempts').add(a);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        };
      });
    },
    { pieces, attempts, routine },
  );
}

const shots = join(projectRoot, '.scratch', 'companion-shots');

describe('Progress per piece, and the routine done', () => {
  const { page } = sharedBrowser(
    { mic: 'none', viewport: { width: 390, height: 844 } },
    ({ page }) => seed(page),
  );

  it('shows a trend per piece played, the latest first, with its days and scores as text', async () => {
    await page.goto(appUrl('/home/progress'));
    const view = activePage(page);
    const trends = view.getByTestId('piece-trend');
    await expect.poll(() => trends.count(), { timeout: WAIT_MS }).toBe(2);
    // Arban was played today, Clarke yesterday.
    const arban = trends.nth(0);
    expect(await arban.locator('strong').textContent()).toBe(LIBRARY.arban.title);
    // Days 58, 64, 70, 78, 82: later half (78, 82) − earlier half (58, 64) = +19.
    expect(await arban.locator('.progress-trend__head span').textContent()).toBe(
      'latest 82 · up 19 points',
    );
    expect(await arban.textContent()).toContain('6 attempts, best 82');
    expect(await arban.locator('tbody tr').allTextContents()).toEqual(
      [
        [12, 58],
        [9, 64],
        [5, 70],
        [2, 78],
        [0, 82],
      ].map(([d, s]) => `${localDay(at(d))}${s}`),
    );
    const clarke = trends.nth(1);
    expect(await clarke.locator('strong').textContent()).toBe(LIBRARY.clarke.title);
    expect(await clarke.locator('.progress-trend__head span').textContent()).toBe(
      'latest 66 · 1 day so far',
    );
    // The line's numbers are in a table for screen readers: the chart itself is hidden from them.
    expect(await arban.locator('svg').getAttribute('aria-hidden')).toBe('true');
  });

  it('says on which of the last 7 days the routine was finished', async () => {
    const text = await activePage(page).getByTestId('progress-routine').textContent();
    expect(text).toMatch(/^Routine done on 2 of the last 7 days: \p{L}+, \p{L}+\.$/u);
  });

  it("puts the routine's days and the pieces' scores in the teacher's report", async () => {
    const view = activePage(page);
    const download = page.waitForEvent('download');
    await view.getByTestId('report-make').click();
    await download;
    const preview = (await view.getByTestId('report-preview').textContent()) ?? '';
    const done = [3, 1].map((d) => localDay(at(d)));
    expect(preview).toContain(`Routine done on 2 of 7 days (${done.join(', ')})`);
    // Range = the last 7 days: Arban's days 5, 2 and 0 (70, 78, 82), Clarke's day 1.
    expect(preview).toContain('Pieces (attempts · mean · best)');
    expect(preview).toContain(`  ${LIBRARY.arban.title}: 3 · 77 · 82`);
    expect(preview).toContain(`  ${LIBRARY.clarke.title}: 1 · 66 · 66`);
  });

  it('axe finds nothing serious and every control is at least 44 × 44', async () => {
    await expectAccessible(page, 'progress with pieces');
    expect(await smallTargets(page)).toEqual([]);
  });

  it('screenshots at 390×844, light and dark: piece trends and the report', async () => {
    mkdirSync(shots, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(appUrl('/home/progress'));
      const view = activePage(page);
      await view.getByTestId('piece-trend').first().waitFor();
      await view.getByTestId('progress-routine').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `companion-routine-${scheme}.png`) });
      await view.getByTestId('piece-trend').last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `companion-piece-trends-${scheme}.png`) });
      const download = page.waitForEvent('download');
      await view.getByTestId('report-make').click();
      await download;
      await view.getByTestId('report-preview').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `companion-report-${scheme}.png`) });
    }
  });
});

describe('finishing the routine records the day', () => {
  const perTest = browserPerTest();

  it('a routine of long tones played to the warm-down and Finish: done today, in Progress and the report', async () => {
    // The fake microphone loops concert G4 (written A4): the long tone runs to its results.
    const browser = await perTest.launch({
      wav: audioFile('clean/sr44100/tpt_n067_G4_v110.wav'),
      viewport: { width: 390, height: 844 },
    });
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('edit-routine').click({ timeout: WAIT_MS });
    for (const name of ['Lip slurs', 'Scales', 'Intervals']) {
      await view.getByRole('button', { name: `Remove ${name}` }).click();
    }
    await view.getByTestId('done-editing').click();
    await view.getByTestId('start-routine').click();
    // The step may start from its remembered setup (Change setup opens the form): a short one here.
    const change = view.getByTestId('change-setup');
    await change.or(view.getByTestId('lt-pattern')).first().waitFor({ timeout: WAIT_MS });
    if (await change.isVisible()) await change.click();
    await view.getByTestId('lt-pattern').selectOption('single');
    await view.getByTestId('lt-note').selectOption({ label: 'A4' });
    await view.getByTestId('lt-hold').fill('3');
    await view.getByTestId('lt-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    await view.getByTestId('next-exercise').click();
    await view.getByTestId('warm-down').waitFor();
    // Not done until Finish: the warm-down is part of the routine.
    expect(
      await page.evaluate(() => localStorage.getItem('embouchure.routine-days.v1')),
    ).toBeNull();
    await view.getByTestId('finish-routine').click();
    const today = localDay(Date.now());
    expect(
      Object.keys(
        JSON.parse(
          (await page.evaluate(() => localStorage.getItem('embouchure.routine-days.v1'))) ?? '{}',
        ) as object,
      ),
    ).toEqual([today]);

    await page.click('#tab-button-progress');
    const progress = activePage(page);
    await expect
      .poll(() => progress.getByTestId('progress-routine').textContent(), { timeout: WAIT_MS })
      .toMatch(/^Routine done on 1 of the last 7 days: \p{L}+\.$/u);
    const download = page.waitForEvent('download');
    await progress.getByTestId('report-make').click();
    await download;
    expect(await progress.getByTestId('report-preview').textContent()).toContain(
      `Routine done on 1 of 7 days (${today})`,
    );
  });
});
