import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkDeadlineMs } from '../src/history/deadlines';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { TEST_TIMEOUT_MS, WAIT_MS } from './wait';

/**
 * Issue 15, history: a huge history opens (no "Maximum call stack size exceeded", no blank app),
 * a corrupt record breaks only its panel, malformed imports never raise a page error, and a
 * database held by another tab is said, not an endless "Loading…".
 */
const title = (page: Page) => activePage(page).locator('ion-title');
const KINDS = ['long-tones', 'scales', 'lip-slurs', 'intervals'];

/** `n` attempts over ten years, one note each: an export file a heavy user could have. */
function bigExport(n: number): string {
  const start = Date.parse('2016-11-22T08:00:00Z');
  const attempts = Array.from({ length: n }, (_, i) => ({
    startedAt: new Date(start + i * 3_155_000).toISOString(),
    durationS: 60 + (i % 120),
    exercise: KINDS[i % 4],
    settings: { instrument: 'bb-trumpet', a4Hz: 440 },
    score: (i * 37) % 101,
    notes: [
      {
        writtenMidi: 60 + (i % 19),
        name: 'C4',
        score: 80,
        medianCents: ((i * 7) % 41) - 20,
        spreadCents: 3,
        driftCents: 1,
        inTuneFraction: 0.5,
      },
    ],
  }));
  return JSON.stringify({ format: 'embouchure-history', version: 1, exportedAt: '', attempts });
}

/**
 * Imports `text` and returns the message. A big import gets the app's own promise: an answer
 * within its bulk deadline once the file is read (writing 100 000 attempts takes ~25 s on a quiet
 * 2-core machine, twice that while another suite runs), plus the usual wait for the rest.
 */
async function importText(
  page: Page,
  dir: string,
  name: string,
  text: string,
  attempts = 0,
): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  const view = activePage(page);
  await view.getByTestId('import-file').setInputFiles(path);
  const message = view.getByTestId('import-message');
  await expect
    .poll(() => message.textContent(), { timeout: WAIT_MS + bulkDeadlineMs(attempts) })
    .not.toMatch(/^Importing/);
  return (await message.textContent()) ?? '';
}

describe('a history of 100 000 attempts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'embouchure-history-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const browser = sharedBrowser({ mic: 'none' });

  const ATTEMPTS = 100_000;
  it(
    'imports, then opens with a few rows in the DOM, and the rest of the app keeps working',
    {
      timeout: TEST_TIMEOUT_MS + bulkDeadlineMs(ATTEMPTS),
    },
    async () => {
      const { page } = browser;
      await page.goto(appUrl('/home/exercise'));
      await activePage(page).getByTestId('tab-history').click();
      await expect.poll(() => activePage(page).getByTestId('history-empty').isVisible()).toBe(true);
      const importing = Date.now();
      const message = await importText(page, dir, 'big.json', bigExport(ATTEMPTS), ATTEMPTS);
      console.log(`import of 100 000 attempts: ${Date.now() - importing} ms (choice to message)`);
      expect(message).toBe('Imported 100000 new attempts (0 already here).');

      await page.reload();
      await expect.poll(() => title(page).textContent()).toBe('Exercise');
      const view = activePage(page);
      const opened = Date.now();
      await view.getByTestId('tab-history').click();
      await view.getByTestId('attempt-row').first().waitFor();
      await view.getByTestId('practice-chart').waitFor();
      const openMs = Date.now() - opened;
      console.log(`history open with 100 000 attempts: ${openMs} ms (click to first row)`);

      expect(await view.getByTestId('attempts').getAttribute('data-count')).toBe('100000');
      // Virtualised: a screenful of rows, not 100 000.
      expect(await view.getByTestId('attempt-row').count()).toBeLessThan(60);
      expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(5000);
      expect(await view.getByTestId('score-chart').locator('polyline').count()).toBe(4);
      // Newest first: the last imported attempt (2026) heads the list.
      expect(await view.getByTestId('attempt-row').first().textContent()).toMatch(/2026/);

      // Scrolling far down shows rows from there (read from the database on demand).
      await view.getByTestId('attempts').evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
      const firstRowTop = () =>
        view
          .getByTestId('attempt-row')
          .first()
          .evaluate((row) => parseFloat((row as HTMLElement).style.top));
      await expect.poll(firstRowTop).toBeGreaterThan(1_000_000);

      await page.locator('ion-tab-button[tab="tuner"]').click();
      await expect.poll(() => title(page).textContent()).toBe('Tuner');
    },
  );
});

describe('a corrupt record and malformed imports', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'embouchure-history-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const browser = sharedBrowser({ mic: 'none' });

  it('malformed files are refused with a message and no page error; repeats are stored once', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/exercise'));
    await activePage(page).getByTestId('tab-history').click();
    const valid = JSON.parse(bigExport(1)) as { attempts: unknown[] };
    const doc = (patch: Record<string, unknown>) =>
      JSON.stringify({ format: 'embouchure-history', version: 1, ...patch });

    expect(await importText(page, dir, 'a.json', doc({ version: { toString: 1 } }))).toMatch(
      /version of type object .*nothing was imported/,
    );
    expect(await importText(page, dir, 'b.json', doc({ version: '1' }))).toBe(
      'The export\'s version must be a number, but this file has the text "1" (this app reads version 1): nothing was imported.',
    );
    const hostile = { ...(valid.attempts[0] as object), exercise: { toString: 1 } };
    expect(await importText(page, dir, 'c.json', doc({ attempts: [hostile] }))).toMatch(
      /exercise must be one of/,
    );
    expect(browser.pageErrors).toEqual([]);

    const thrice = doc({ attempts: [valid.attempts[0], valid.attempts[0], valid.attempts[0]] });
    expect(await importText(page, dir, 'd.json', thrice)).toBe(
      'Imported 1 new attempt (0 already here).',
    );
    await expect.poll(() => activePage(page).getByTestId('attempt-row').count()).toBe(1);
    expect(browser.pageErrors).toEqual([]);
  });

  it('a corrupt stored attempt breaks only the attempt list: message, Retry, report; tabs work', async () => {
    const { page } = browser;
    // Written behind the app's back (a bug in an older version, a devtools edit): notes is not a list.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('embouchure-history');
          request.onerror = () => reject(new Error('open failed'));
          request.onsuccess = () => {
            const db = request.result;
            const tx = db.transaction('attempts', 'readwrite');
            tx.objectStore('attempts').add({
              startedAt: '2030-01-01T00:00:00.000Z',
              key: '2030-01-01T00:00:00.000Z|scales',
              durationS: 10,
              exercise: 'scales',
              settings: {},
              score: 50,
              notes: 42,
            });
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
          };
        }),
    );
    await page.reload();
    const view = activePage(page);
    await view.getByTestId('tab-history').click();
    const boundary = view.getByTestId('error-boundary');
    await boundary.waitFor();
    expect(await boundary.getByTestId('error-boundary-message').textContent()).toMatch(
      /The attempt list stopped working/,
    );
    expect(await boundary.getByTestId('error-boundary-retry').isVisible()).toBe(true);
    expect(await boundary.getByTestId('error-boundary-report').inputValue()).toMatch(
      /Where: The attempt list[\s\S]*Error: TypeError/,
    );
    // The charts beside it still draw, and the other tab works.
    expect(await view.getByTestId('practice-chart').count()).toBe(1);
    await page.locator('ion-tab-button[tab="tuner"]').click();
    await expect.poll(() => title(page).textContent()).toBe('Tuner');
  });
});

describe('a database another tab holds (an upgrade that never finishes)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'embouchure-history-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const browser = sharedBrowser({ wav: audioFile('clean/sr44100/tpt_n067_G4_v110.wav') });

  it('History, an import and a finished long tone say "busy in another tab", never wait forever', async () => {
    const other = await browser.context.newPage();
    await other.goto(appUrl('/favicon.svg'));
    await other.evaluate(() => {
      const request = indexedDB.open('embouchure-history', 999);
      request.onupgradeneeded = () => {
        const tx = request.transaction;
        if (!tx) return;
        const store = request.result.createObjectStore('held');
        // Keeps the upgrade transaction open for as long as this tab lives.
        const spin = (): void => {
          store.get(1).onsuccess = spin;
        };
        spin();
      };
    });
    const { page } = browser;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('tab-history').click();
    await expect
      .poll(() => view.getByTestId('history-status').textContent())
      .toBe('History is busy in another tab: close it or reload.');
    expect(await importText(page, dir, 'one.json', bigExport(1))).toBe(
      'Import failed, nothing was changed: History is busy in another tab: close it or reload.',
    );

    await view.getByTestId('tab-practice').click();
    await view.getByTestId('open-long-tones').click();
    await view.getByTestId('lt-pattern').selectOption('single');
    // The microphone plays concert G4: written A4 on B♭ trumpet (a hold starts on the target only).
    await view.getByTestId('lt-note').selectOption({ label: 'A4' });
    await view.getByTestId('lt-hold').fill('1');
    await view.getByTestId('lt-start').click();
    await view.getByTestId('results').waitFor();
    await expect
      .poll(() => view.getByTestId('save-message').textContent())
      .toBe('History is busy in another tab: close it or reload.');
    await other.close();
  });
});
